// Sign-in in the server list: "Sign in" on a server that needs it (the click is the user
// gesture that lets the authorization page open as a popup), the signed-in account, and
// "Sign out" (the client revokes the tokens and drops that account's private entries).
import type { ServerSnapshot } from '@resource-kit/client'
import { type ReactNode, useState } from 'react'

export interface ServerSignIn {
  /** Replaces the status line while sign-in matters. */
  status?: string
  /** Why the last sign-in or sign-out failed. */
  error?: string
  actions?: ReactNode
}

export function useServerSignIn(server: ServerSnapshot, name: string): ServerSignIn {
  const [error, setError] = useState<string>()
  const auth = server.auth
  if (!auth) return {}
  const fail = (cause: unknown) => setError(cause instanceof Error ? cause.message : String(cause))
  const run = (action: () => Promise<void>) => {
    setError(undefined)
    action().catch(fail)
  }
  if (server.status === 'needs-auth') {
    const signingIn = auth.phase === 'signing-in'
    const where = hostOf(auth.authorizationServer)
    // Without an authorization page ready (discovery or registration failed, signed out)
    // the list's own summary says what is wrong.
    const status = signingIn
      ? 'Signing in… finish in the sign-in window.'
      : auth.needsAuthorization
        ? `Sign in to see its resources${where ? ` (you sign in at ${where})` : ''}.`
        : undefined
    return {
      ...(status && { status }),
      ...(error && { error }),
      actions: (
        <button
          type="button"
          className="chat-button chat-button-small"
          onClick={() => run(() => auth.signIn())}
          disabled={signingIn}
          aria-label={`Sign in to ${name}`}
        >
          Sign in
        </button>
      ),
    }
  }
  if (auth.phase !== 'signed-in') return error ? { error } : {}
  return {
    ...(error && { error }),
    actions: (
      <button
        type="button"
        className="chat-button chat-button-small chat-button-quiet"
        onClick={() => run(() => auth.signOut())}
        aria-label={`Sign out of ${name}`}
      >
        Sign out
      </button>
    ),
  }
}

/** "Signed in as …" for a signed-in server. */
export function AccountLine({ server }: { server: ServerSnapshot }) {
  const auth = server.auth
  if (auth?.phase !== 'signed-in' || server.status === 'needs-auth') return null
  const who = auth.account?.name ?? auth.account?.subject
  return (
    <p className="chat-server-account">
      Signed in{who ? ' as ' : ''}
      {who && <strong>{who}</strong>}
    </p>
  )
}

function hostOf(origin: string | undefined): string | undefined {
  if (!origin) return undefined
  try {
    return new URL(origin).host
  } catch {
    return undefined
  }
}
