// The resource-server half of `--auth`: RFC 9728 metadata for the MCP endpoint, and a
// Bearer check on every MCP request (the v2 server package's `requireBearerAuth`: a
// token for another resource, expired, revoked or without `resources:read` gets a 401 with
// a `WWW-Authenticate` challenge). Tickets need `tickets:read` as well: a read of one
// without it gets `403 insufficient_scope`, which makes a client step up.
import { createOAuthMetadata } from '@modelcontextprotocol/sdk/server/auth/router.js'
import {
  type AuthMetadataOptions,
  bearerAuthChallengeResponse,
  getOAuthProtectedResourceMetadataUrl,
  OAuthError,
  OAuthErrorCode,
  oauthMetadataResponse,
  requireBearerAuth,
} from '@modelcontextprotocol/server'
import type { DemoAuthServer } from './startDemoAuthServer.ts'

/** One authorized MCP request, as the guard saw it (for the demo's log and tests). */
export interface AuthorizedRequest {
  subject: string
  method?: string
  uri?: string
}

export interface BearerGuardOptions {
  /** The authorization server whose tokens count, read per request (a server can move). */
  authServer: () => DemoAuthServer
  /** Path of the MCP endpoint. @default '/mcp' */
  path?: string
  /** Called for each request that passed the check. */
  onAuthorized?: (request: AuthorizedRequest) => void
}

/** Answers the request itself (metadata, refusal), or returns undefined to let it through. */
export type RequestGuard = (request: Request) => Promise<Response | undefined>

export const baseScope = 'resources:read'
/** URIs whose reads need one more scope. */
const scopedReads = [{ prefix: 'ticket://', scope: 'tickets:read' }] as const

export function createBearerGuard(options: BearerGuardOptions): RequestGuard {
  const path = options.path ?? '/mcp'
  return async (request) => {
    const { provider, issuer } = options.authServer()
    const oauthMetadata = createOAuthMetadata({
      provider,
      issuerUrl: new URL(issuer),
    }) as AuthMetadataOptions['oauthMetadata']
    // The provider speaks sdk 1.x errors; the v2 helpers answer 401 only for their own OAuthError.
    const verifier = {
      verifyAccessToken: (token: string) =>
        provider.verifyAccessToken(token).catch((error: unknown) => {
          throw new OAuthError(
            OAuthErrorCode.InvalidToken,
            error instanceof Error ? error.message : 'The access token is invalid',
          )
        }),
    }
    const url = new URL(request.url)
    // The resource is the endpoint as this request reached it (loopback Host only: http.ts).
    const resource = new URL(path, url.origin)
    provider.allowResource(resource)
    const metadata = oauthMetadataResponse(request, {
      oauthMetadata,
      resourceServerUrl: resource,
      scopesSupported: [baseScope, ...scopedReads.map((read) => read.scope)],
      resourceName: 'resource-kit demo (protected)',
    })
    if (metadata) return metadata
    if (url.pathname !== path) return undefined
    const resourceMetadataUrl = getOAuthProtectedResourceMetadataUrl(resource)
    const auth = await requireBearerAuth({
      verifier,
      requiredScopes: [baseScope],
      resourceMetadataUrl,
      expectedResource: resource,
    })(request)
    if (auth instanceof Response) return auth
    const subject = typeof auth.extra?.subject === 'string' ? auth.extra.subject : auth.clientId
    const calls = request.method === 'POST' ? await rpcCalls(request) : []
    for (const call of calls) {
      const needed = scopedReads.find(
        (read) => call.method === 'resources/read' && call.uri?.startsWith(read.prefix),
      )
      if (needed && !auth.scopes.includes(needed.scope)) {
        return bearerAuthChallengeResponse(
          new OAuthError(
            OAuthErrorCode.InsufficientScope,
            `Reading ${needed.prefix} resources needs the ${needed.scope} scope`,
          ),
          { requiredScopes: [...auth.scopes, needed.scope], resourceMetadataUrl },
        )
      }
    }
    for (const call of calls.length > 0 ? calls : [{}]) options.onAuthorized?.({ subject, ...call })
    return undefined
  }
}

/** The JSON-RPC calls in a POST body (one message or a batch); unreadable bodies give none. */
async function rpcCalls(request: Request): Promise<{ method?: string; uri?: string }[]> {
  const body: unknown = await request
    .clone()
    .json()
    .catch(() => undefined)
  const messages = Array.isArray(body) ? body : [body]
  return messages.flatMap((message) => {
    if (typeof message !== 'object' || message === null) return []
    const { method, params } = message as { method?: unknown; params?: { uri?: unknown } }
    return [
      {
        ...(typeof method === 'string' && { method }),
        ...(typeof params?.uri === 'string' && { uri: params.uri }),
      },
    ]
  })
}
