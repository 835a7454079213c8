// `login URL` and `logout URL`: sign in to an OAuth-protected server through the client's
// OAuth (the SDK does discovery, registration, PKCE and the token exchange), with the
// browser sent back to a loopback redirect; and sign out (revoke, forget).
import type {
  AuthStorage,
  OAuthOptions,
  ResourceClient,
  ServerSnapshot,
} from '@resource-kit/client'
import { createOAuth } from '@resource-kit/client'
import { CliError } from '../cliError.ts'
import type { OAuthClientConfig } from '../config.ts'
import { ExitCode } from '../exitCodes.ts'
import { startLoopbackRedirect } from '../loopbackRedirect.ts'
import { openBrowser } from '../openBrowser.ts'
import type { Output } from '../output.ts'
import { sanitizeLine } from '../sanitize.ts'

export interface AuthCommandContext {
  client: ResourceClient
  serverId: string
  url: string
  headers?: Record<string, string>
  /** The config entry's `oauth` (a pre-registered client, a metadata document URL). */
  oauth?: OAuthClientConfig
  storage: AuthStorage
  out: Output
  env: Record<string, string | undefined>
  signal: AbortSignal
}

export const cliClientName = 'resource-kit CLI'

/** The createOAuth options a config entry's `oauth` gives: how this app is identified. */
export function oauthClientOptions(
  oauth: OAuthClientConfig | undefined,
): Pick<OAuthOptions, 'client' | 'clientMetadataUrl'> {
  return {
    ...(oauth?.clientId && {
      client: {
        clientId: oauth.clientId,
        ...(oauth.clientSecret && { clientSecret: oauth.clientSecret }),
      },
    }),
    ...(oauth?.clientMetadataUrl && { clientMetadataUrl: oauth.clientMetadataUrl }),
  }
}

/** Settles when the server is ready or needs sign-in; rejects on any other failure. */
async function settled(
  client: ResourceClient,
  id: string,
  signal: AbortSignal,
): Promise<ServerSnapshot> {
  for (;;) {
    const server = client.getServer(id)
    if (server?.status === 'ready' || server?.status === 'needs-auth') return server
    if (server?.status === 'error' || server?.status === 'closed') {
      throw server.error ?? new Error(`server "${id}" is ${server.status}`)
    }
    await new Promise<void>((resolve, reject) => {
      const off = client.subscribe(() => {
        off()
        signal.removeEventListener('abort', onAbort)
        resolve()
      })
      const onAbort = () => {
        off()
        reject(signal.reason)
      }
      signal.addEventListener('abort', onAbort, { once: true })
    })
  }
}

function who(server: ServerSnapshot): string {
  const account = server.auth?.account
  return sanitizeLine(account?.name ?? account?.subject ?? 'an unnamed account')
}

export async function runLogin(context: AuthCommandContext): Promise<number> {
  const { client, serverId, out, signal } = context
  const loopback = await startLoopbackRedirect()
  try {
    const oauth = createOAuth({
      storage: context.storage,
      clientName: cliClientName,
      ...oauthClientOptions(context.oauth),
      redirectUrl: loopback.url,
      openAuthorization: async (url, { signal: flowSignal }) => {
        const callback = loopback.next(flowSignal ?? signal)
        out.note(`Open this page to sign in to ${sanitizeLine(serverId)}:\n  ${url.href}`)
        if (!(await openBrowser(url.href, context.env))) {
          out.note('(no browser could be started: open the link above by hand)')
        }
        out.note(`Waiting for the browser to come back to ${loopback.url} …`)
        return callback
      },
    })
    client.addServer(serverId, {
      url: context.url,
      ...(context.headers && { headers: context.headers }),
      auth: oauth,
    })
    let server = await settled(client, serverId, signal)
    if (server.status === 'needs-auth') {
      const auth = server.auth
      if (!auth) throw server.error ?? new Error('the server needs authorization')
      await auth.signIn({ signal })
      server = await settled(client, serverId, signal)
    }
    if (server.status !== 'ready') {
      throw new CliError(
        `sign-in to server "${sanitizeLine(serverId)}" did not complete${server.error ? `: ${sanitizeLine(server.error.message)}` : ''}`,
        ExitCode.connectionFailed,
        'auth_failed',
        { server: serverId },
      )
    }
    const where = server.auth?.authorizationServer
    if (out.json) {
      out.document({
        server: serverId,
        signedIn: true,
        account: server.auth?.account ?? null,
        authorizationServer: where ?? null,
      })
    } else {
      out.line(
        `Signed in to ${sanitizeLine(serverId)} as ${who(server)}${where ? ` (at ${sanitizeLine(where)})` : ''}`,
      )
    }
    return ExitCode.ok
  } finally {
    await loopback.close()
  }
}

export async function runLogout(context: AuthCommandContext): Promise<number> {
  const { client, serverId, out, signal } = context
  const oauth = createOAuth({
    storage: context.storage,
    clientName: cliClientName,
    ...oauthClientOptions(context.oauth),
    redirectUrl: 'http://127.0.0.1/callback',
    openAuthorization: async () => {
      throw new CliError('logout never opens a sign-in page', ExitCode.error, 'auth_failed')
    },
  })
  client.addServer(serverId, { url: context.url, auth: oauth })
  const server = await settled(client, serverId, signal).catch(() => client.getServer(serverId))
  const auth = server?.auth
  const signedIn = auth?.phase === 'signed-in'
  await auth?.signOut({ signal })
  if (out.json) out.document({ server: serverId, signedOut: true, wasSignedIn: signedIn })
  else
    out.line(
      signedIn
        ? `Signed out of ${sanitizeLine(serverId)}`
        : `Not signed in to ${sanitizeLine(serverId)}`,
    )
  return ExitCode.ok
}
