// Turns each kind of ServerSource into a SessionFactory over the SDK.
import { Client, StreamableHTTPClientTransport, type Transport } from '@modelcontextprotocol/client'
import { isOAuth } from './auth/createOAuth.ts'
import type { ServerOAuth } from './auth/serverOAuth.ts'
import { corsRefusal } from './corsProbe.ts'
import { ConnectionError } from './errors.ts'
import type { ServerSource } from './resourceClient.ts'
import { fromSdk1Client, isSdk1Client } from './sdk1Client.ts'
import { adoptSdkClient, connectSdkSession } from './sdkSession.ts'
import type { SessionFactory } from './session.ts'

/**
 * The factory that opens (and, on reconnect, re-opens) a Session for `source`; `oauth` is
 * the server's sign-in when the source came with an `OAuth`.
 */
export function sessionFactoryFor(source: ServerSource, oauth?: ServerOAuth): SessionFactory {
  if ('connect' in source) return source.connect
  if ('client' in source) {
    const client = source.client
    if (client instanceof Client) return async (options) => adoptSdkClient(client, options)
    // An SDK 1.x Client the app already connected (say, to a stdio server it started).
    if (isSdk1Client(client))
      return async (options) => adoptSdkClient(fromSdk1Client(client), options)
    throw new TypeError(
      'ServerSource.client must be a Client from @modelcontextprotocol/client (2.x) or @modelcontextprotocol/sdk (1.x)',
    )
  }
  if ('transport' in source) {
    const make = source.transport
    let used = false
    return async (options) => {
      if (typeof make === 'function') {
        return connectSdkSession(await (make as () => Transport | Promise<Transport>)(), options)
      }
      // A transport instance can carry one connection only; a factory can reconnect.
      if (used) {
        throw new ConnectionError(
          `Server "${options.serverId ?? ''}" was given a transport instance, which cannot be reused: pass a function returning a fresh transport to allow reconnecting`,
          { serverId: options.serverId },
        )
      }
      used = true
      return connectSdkSession(make as Transport, options)
    }
  }
  if ('url' in source) {
    const url = new URL(source.url)
    // The SDK runs discovery, refresh and step-up for an OAuthClientProvider on 401 / 403.
    const authProvider = oauth ?? (isOAuth(source.auth) ? undefined : source.auth)
    return async (options) => {
      await oauth?.loaded
      try {
        return await connectSdkSession(
          new StreamableHTTPClientTransport(url, {
            ...(source.headers && { requestInit: { headers: source.headers } }),
            ...(source.fetch && { fetch: source.fetch }),
            ...(authProvider && { authProvider }),
          }),
          options,
        )
      } catch (error) {
        // "Failed to fetch" in a page on another origin may be CORS: say so when it is.
        throw (
          (await corsRefusal(error, url, {
            ...(source.fetch && { fetch: source.fetch }),
            serverId: options.serverId,
            signal: options.signal,
          })) ?? error
        )
      }
    }
  }
  throw new TypeError('Unknown ServerSource: expected url, transport, client or connect')
}
