import { describe, expect, it, vi } from 'vitest'
import {
  handleOAuthCallback,
  OAUTH_CALLBACK_MESSAGE,
  OAUTH_RETURN_KEY,
} from '../auth/oauthCallback.ts'

const ORIGIN = 'http://127.0.0.1:5173'

/** Just what handleOAuthCallback reads of a window. */
function fakeWindow(href: string, options: { opener?: unknown; returnTo?: string } = {}) {
  const session = new Map<string, string>()
  if (options.returnTo !== undefined) session.set(OAUTH_RETURN_KEY, options.returnTo)
  const url = new URL(href)
  const win = {
    location: { href, pathname: url.pathname, origin: url.origin },
    opener: options.opener ?? null,
    close: vi.fn(),
    history: { replaceState: vi.fn() },
    sessionStorage: {
      getItem: (key: string) => session.get(key) ?? null,
      removeItem: (key: string) => void session.delete(key),
    },
  }
  return { win, session, asWindow: win as unknown as Window }
}

const callbackUrl = `${ORIGIN}/oauth/callback?code=abc&state=xyz`

describe('handleOAuthCallback', () => {
  it('leaves every other route to the app', () => {
    expect(handleOAuthCallback(fakeWindow(`${ORIGIN}/?code=abc`).asWindow)).toEqual({
      kind: 'none',
    })
  })

  it('in a popup, posts the URL to its same-origin opener only, then closes', () => {
    const opener = { location: { origin: ORIGIN }, postMessage: vi.fn() }
    const { win, asWindow } = fakeWindow(callbackUrl, { opener })
    expect(handleOAuthCallback(asWindow)).toEqual({ kind: 'popup' })
    expect(opener.postMessage).toHaveBeenCalledWith(
      { type: OAUTH_CALLBACK_MESSAGE, url: callbackUrl },
      ORIGIN,
    )
    expect(win.close).toHaveBeenCalled()
  })

  it('treats an opener of another origin as no opener (redirect mode)', () => {
    const opener = {
      get location(): never {
        throw new DOMException('Blocked a frame', 'SecurityError')
      },
      postMessage: vi.fn(),
    }
    const { win, asWindow } = fakeWindow(callbackUrl, { opener })
    expect(handleOAuthCallback(asWindow)).toEqual({ kind: 'redirect', url: callbackUrl })
    expect(opener.postMessage).not.toHaveBeenCalled()
    expect(win.close).not.toHaveBeenCalled()
  })

  it('after a redirect, clears the code from the address bar and returns to the saved page', () => {
    const { win, session, asWindow } = fakeWindow(callbackUrl, { returnTo: '/?server=x' })
    expect(handleOAuthCallback(asWindow)).toEqual({ kind: 'redirect', url: callbackUrl })
    expect(win.history.replaceState).toHaveBeenCalledWith(null, '', '/?server=x')
    expect(session.has(OAUTH_RETURN_KEY)).toBe(false)
  })

  it('never returns to another site planted as the return path', () => {
    for (const planted of [
      '//evil.example/',
      '/\\evil.example/',
      'https://evil.example/',
      'javascript:alert(1)',
    ]) {
      const { win, asWindow } = fakeWindow(callbackUrl, { returnTo: planted })
      handleOAuthCallback(asWindow)
      expect(win.history.replaceState).toHaveBeenCalledWith(null, '', '/')
    }
  })
})
