// The OAuth callback route (`/oauth/callback`): where the authorization server sends the
// browser back. In a popup it tells the app that opened it (same origin only) and closes;
// after a full-page redirect it hands the URL to the app, which completes the sign-in
// with `client.completeSignIn(url)` once its servers are added.

export const OAUTH_CALLBACK_PATH = '/oauth/callback'
/** The message a callback popup posts to its opener. */
export const OAUTH_CALLBACK_MESSAGE = 'resource-kit-chat:oauth-callback'
/** Where a redirect-mode sign-in returns to (kept in sessionStorage over the redirect). */
export const OAUTH_RETURN_KEY = 'resource-kit-chat:oauth-return'

export type OAuthCallback =
  /** Not the callback route: start the app. */
  | { kind: 'none' }
  /** A popup that told its opener: nothing else to do (it closes itself). */
  | { kind: 'popup' }
  /** A redirect came back: start the app, then complete the sign-in with `url`. */
  | { kind: 'redirect'; url: string }

/** Reads the callback route, if this page is it; the address bar loses the code at once. */
export function handleOAuthCallback(win: Window): OAuthCallback {
  const { location } = win
  if (location.pathname !== OAUTH_CALLBACK_PATH) return { kind: 'none' }
  const url = location.href
  const opener = openerOf(win)
  if (opener) {
    opener.postMessage({ type: OAUTH_CALLBACK_MESSAGE, url }, location.origin)
    win.close()
    return { kind: 'popup' }
  }
  // The code and state must not stay in the address bar or the history.
  win.history.replaceState(null, '', returnPath(win))
  return { kind: 'redirect', url }
}

/** The app window that opened this popup, when it is ours (same origin). */
function openerOf(win: Window): Window | undefined {
  const opener = win.opener as Window | null
  if (!opener || opener === win) return undefined
  try {
    return opener.location.origin === win.location.origin ? opener : undefined
  } catch {
    return undefined // another origin: reading its location throws
  }
}

function returnPath(win: Window): string {
  let stored: string | null = null
  try {
    stored = win.sessionStorage.getItem(OAUTH_RETURN_KEY)
    win.sessionStorage.removeItem(OAUTH_RETURN_KEY)
  } catch {
    // storage unavailable: back to the start page
  }
  // Only a path of this app: never an absolute URL someone planted.
  // (`/\host` is `//host` to a browser.)
  return stored && /^\/(?![/\\])/.test(stored) ? stored : '/'
}
