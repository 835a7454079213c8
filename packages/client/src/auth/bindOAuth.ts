// Ties one server's ServerOAuth to its ServerConnection: the snapshot shows the sign-in
// (`snapshot.auth`), sign-in reconnects, and a server that asks for new authorization while
// connected (refused refresh, step-up) goes back to `needs-auth` — keeping what was loaded.

import { AuthRequiredError } from '../errors.ts'
import { defaultScheduler, type Timers } from '../scheduler.ts'
import type { ServerConnection } from '../serverConnection.ts'
import type { ServerAuthSnapshot, ServerSnapshot } from '../types.ts'
import type { ServerOAuth } from './serverOAuth.ts'

export interface OAuthBinding {
  readonly oauth: ServerOAuth
  decorate(snapshot: ServerSnapshot): ServerSnapshot
  /** Finishes a redirect-mode sign-in if `callbackUrl` answers this server's request. */
  complete(callbackUrl: URL, signal?: AbortSignal): Promise<boolean>
  dispose(): void
}

export interface BindOAuthOptions {
  serverId: string
  oauth: ServerOAuth
  /** The connection (created after the binding, so read lazily). */
  connection: () => ServerConnection | undefined
  /** Drops the private cache entries of a principal that signed out. */
  onSignedOut: (principal: string | undefined) => void
  /** The client's clock. @default defaultScheduler */
  timers?: Timers
}

export function bindOAuth(options: BindOAuthOptions): OAuthBinding {
  const { serverId, oauth } = options
  const reconnect = async () => {
    const connection = options.connection()
    if (connection) await connection.connect()
  }
  const signIn: ServerAuthSnapshot['signIn'] = async (o) => {
    try {
      if (await oauth.signIn(o?.signal)) await reconnect()
    } catch (error) {
      // Whoever started it (a picker row, a button) may drop the rejection: the server's
      // status keeps why the sign-in failed.
      const connection = options.connection()
      if (!o?.signal?.aborted && connection?.snapshot.status === 'needs-auth') {
        connection.requireAuth(
          error instanceof AuthRequiredError
            ? error
            : new AuthRequiredError(
                `Sign-in to server "${serverId}" did not finish: ${error instanceof Error ? error.message.slice(0, 200) : String(error)}`,
                { serverId },
              ),
        )
      }
      throw error
    }
  }
  const signOut: ServerAuthSnapshot['signOut'] = async (o) => {
    const principal = oauth.principal
    await oauth.signOut(o?.signal)
    options.onSignedOut(principal)
    options
      .connection()
      ?.requireAuth(new AuthRequiredError(`Signed out of server "${serverId}"`, { serverId }))
  }
  const off = oauth.onChange(() => {
    // Deferred to the next task: this runs inside the SDK's auth flow, in the middle of a
    // request, which must fail with its own (authorization) error before the Session goes.
    ;(options.timers ?? defaultScheduler).setTimeout(() => {
      const connection = options.connection()
      if (!connection) return
      if (oauth.needsAuthorization && connection.snapshot.status === 'ready') {
        const scope = oauth.requestedScope
        connection.requireAuth(
          new AuthRequiredError(
            `Server "${serverId}" needs you to sign in${scope ? ` (asks for: ${scope.slice(0, 200)})` : ' again'}`,
            { serverId },
          ),
        )
      } else connection.redecorate()
    }, 0)
  })
  return {
    oauth,
    decorate(snapshot) {
      const auth: ServerAuthSnapshot = {
        phase: oauth.phase,
        serverName: oauth.resourceName ?? snapshot.serverInfo?.name ?? serverId,
        needsAuthorization: oauth.needsAuthorization,
        signIn,
        signOut,
      }
      const { authorizationServer, account, requestedScope } = oauth
      if (authorizationServer) auth.authorizationServer = authorizationServer
      if (account) auth.account = account
      if (requestedScope) auth.scope = requestedScope
      return { ...snapshot, auth }
    },
    async complete(callbackUrl, signal) {
      if (!(await oauth.owns(callbackUrl))) return false
      await oauth.finish(callbackUrl, signal)
      await reconnect()
      return true
    },
    dispose: off,
  }
}
