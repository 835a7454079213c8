// How the chat host opens an authorization server's page: a popup (the person's click on
// "Sign in" is the gesture that allows it), answered by the callback route's message; when
// the browser blocks the popup, the whole page goes there and comes back to the callback
// route (redirect mode).
import type { AuthorizationContext } from '@resource-kit/client'
import { OAUTH_CALLBACK_MESSAGE, OAUTH_RETURN_KEY } from './oauthCallback.ts'

const POPUP_FEATURES = 'popup,width=520,height=720'
/** How often a popup is checked for being closed by the person. */
const CLOSED_POLL_MS = 400

/** Direct mode's OAuth and the bridge (which asks the page to open the backend's page) both call it. */
export type OpenAuthorization = (
  url: URL,
  context: Pick<AuthorizationContext, 'serverId' | 'signal'>,
) => Promise<string | undefined>

export function createOpenAuthorization(win: Window): OpenAuthorization {
  return (url, context) => {
    const popup = win.open(url.href, `rk-sign-in-${context.serverId}`, POPUP_FEATURES)
    if (!popup) {
      redirectTo(win, url)
      return Promise.resolve(undefined)
    }
    return waitForCallback(win, popup, context.signal)
  }
}

function redirectTo(win: Window, url: URL): void {
  try {
    win.sessionStorage.setItem(OAUTH_RETURN_KEY, win.location.pathname + win.location.search)
  } catch {
    // storage unavailable: the callback returns to the start page
  }
  win.location.assign(url.href)
}

function waitForCallback(win: Window, popup: Window, signal?: AbortSignal): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const done = () => {
      win.removeEventListener('message', onMessage)
      clearInterval(poll)
      signal?.removeEventListener('abort', onAbort)
    }
    const onMessage = (event: MessageEvent) => {
      const data = event.data as { type?: unknown; url?: unknown } | null
      if (event.origin !== win.location.origin || event.source !== popup) return
      if (data?.type !== OAUTH_CALLBACK_MESSAGE || typeof data.url !== 'string') return
      done()
      resolve(data.url)
    }
    const onAbort = () => {
      done()
      popup.close()
      reject(signal?.reason)
    }
    const poll = setInterval(() => {
      if (!popup.closed) return
      // The message is posted before the popup closes itself; give it this turn to arrive.
      setTimeout(() => {
        done()
        reject(new Error('The sign-in window was closed before the sign-in finished'))
      }, 0)
      clearInterval(poll)
    }, CLOSED_POLL_MS)
    win.addEventListener('message', onMessage)
    signal?.addEventListener('abort', onAbort, { once: true })
  })
}
