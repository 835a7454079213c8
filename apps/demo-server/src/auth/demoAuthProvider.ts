// The demo authorization server's logic behind the SDK's `mcpAuthRouter` (sdk 1.x, which
// implements the endpoints, PKCE checks and client authentication): registered clients,
// pending consents, codes, JWT access tokens (HS256, `aud` = the RFC 8707 resource) and
// rotating refresh tokens, all in memory.
import { randomBytes } from 'node:crypto'
import {
  InvalidGrantError,
  InvalidTargetError,
  InvalidTokenError,
} from '@modelcontextprotocol/sdk/server/auth/errors.js'
import type {
  AuthorizationParams,
  OAuthServerProvider,
} from '@modelcontextprotocol/sdk/server/auth/provider.js'
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js'
import type {
  OAuthClientInformationFull,
  OAuthTokenRevocationRequest,
  OAuthTokens,
} from '@modelcontextprotocol/sdk/shared/auth.js'
import type { Response } from 'express'
import { jwtVerify, SignJWT } from 'jose'
import { renderConsentPage } from './consentPage.ts'

/** A person who can sign in on the consent page. */
export interface DemoAccount {
  /** The token's `sub`. */
  id: string
  /** Shown by hosts as the signed-in account. */
  name: string
}

export interface DemoAuthProviderOptions {
  /** The people who can sign in. @default Ada and Grace */
  accounts?: readonly DemoAccount[]
  /** Lifetime of an access token. @default 3600 */
  accessTokenTtlSeconds?: number
  /** The clock, in ms since the epoch (tests move it forward to expire tokens). @default Date.now */
  now?: () => number
  /** Clients registered out of band: their id, a secret for a confidential one, redirect URIs. */
  preRegisteredClients?: readonly PreRegisteredDemoClient[]
  /** Whether clients may register themselves (RFC 7591). @default true */
  dynamicRegistration?: boolean
}

export interface PreRegisteredDemoClient {
  clientId: string
  clientSecret?: string
  /** Loopback URIs match on any port (RFC 8252). */
  redirectUris: readonly string[]
}

export const defaultDemoAccounts: readonly DemoAccount[] = [
  { id: 'ada', name: 'Ada Lovelace' },
  { id: 'grace', name: 'Grace Hopper' },
]

interface PendingConsent {
  client: OAuthClientInformationFull
  params: AuthorizationParams
}

interface Grant {
  clientId: string
  account: DemoAccount
  scopes: string[]
  resource?: URL
}

const randomToken = () => randomBytes(24).toString('base64url')

/** What the consent form posts. */
export interface ConsentDecision {
  request: string
  account?: string
  allow: boolean
}

export class DemoAuthProvider implements OAuthServerProvider {
  readonly accounts: readonly DemoAccount[]
  readonly #ttlSeconds: number
  readonly #now: () => number
  readonly #secret = randomBytes(32)
  readonly #clients = new Map<string, OAuthClientInformationFull>()
  readonly #pending = new Map<string, PendingConsent>()
  readonly #codes = new Map<string, Grant & { challenge: string; redirectUri: string }>()
  readonly #refreshTokens = new Map<string, Grant>()
  readonly #revokedAccess = new Set<string>()
  /** Resources this server issues tokens for (set by whoever serves them). */
  readonly #resources = new Set<string>()
  #issuer = ''

  constructor(options: DemoAuthProviderOptions = {}) {
    this.accounts = options.accounts ?? defaultDemoAccounts
    this.#ttlSeconds = options.accessTokenTtlSeconds ?? 3600
    this.#now = options.now ?? Date.now
    for (const client of options.preRegisteredClients ?? []) {
      this.#clients.set(client.clientId, {
        client_id: client.clientId,
        ...(client.clientSecret && { client_secret: client.clientSecret }),
        redirect_uris: [...client.redirectUris],
        token_endpoint_auth_method: client.clientSecret ? 'client_secret_post' : 'none',
      })
    }
    // Without registerClient the router publishes no registration endpoint.
    this.clientsStore =
      options.dynamicRegistration === false
        ? { getClient: this.#getClient }
        : { getClient: this.#getClient, registerClient: this.#registerClient }
  }

  /** Set once the server listens (the issuer is its URL). */
  setIssuer(issuer: string): void {
    this.#issuer = issuer
  }

  /** Lets this server issue tokens for `resource` (an MCP endpoint URL). */
  allowResource(resource: URL | string): void {
    this.#resources.add(String(resource))
  }

  readonly clientsStore: OAuthServerProvider['clientsStore']
  readonly #getClient = (clientId: string) => this.#clients.get(clientId)
  readonly #registerClient = (client: Omit<OAuthClientInformationFull, 'client_id_issued_at'>) => {
    const full = client as OAuthClientInformationFull
    this.#clients.set(full.client_id, full)
    return full
  }

  /** Shows the consent page; the form's answer comes back through {@link decide}. */
  async authorize(
    client: OAuthClientInformationFull,
    params: AuthorizationParams,
    res: Response,
  ): Promise<void> {
    if (params.resource && !this.#resources.has(params.resource.href)) {
      throw new InvalidTargetError(`This server issues no tokens for ${params.resource.href}`)
    }
    const request = randomToken()
    this.#pending.set(request, { client, params })
    res
      .status(200)
      .type('html')
      .set('Cache-Control', 'no-store')
      .set(
        'Content-Security-Policy',
        `default-src 'none'; style-src 'unsafe-inline'; form-action ${formTargets(params.redirectUri)}`,
      )
      .send(renderConsentPage({ request, client, params, accounts: this.accounts }))
  }

  /** The consent form's answer: where to send the browser (the client's redirect URI). */
  decide(decision: ConsentDecision): URL {
    const pending = this.#pending.get(decision.request)
    if (!pending)
      throw new InvalidGrantError('This sign-in request expired or was already answered')
    this.#pending.delete(decision.request)
    const target = new URL(pending.params.redirectUri)
    if (pending.params.state !== undefined) target.searchParams.set('state', pending.params.state)
    target.searchParams.set('iss', this.#issuer)
    const account = this.accounts.find((a) => a.id === decision.account)
    if (!decision.allow || !account) {
      target.searchParams.set('error', 'access_denied')
      return target
    }
    const code = randomToken()
    this.#codes.set(code, {
      clientId: pending.client.client_id,
      account,
      scopes: pending.params.scopes ?? [],
      challenge: pending.params.codeChallenge,
      redirectUri: pending.params.redirectUri,
      ...(pending.params.resource && { resource: pending.params.resource }),
    })
    target.searchParams.set('code', code)
    return target
  }

  async challengeForAuthorizationCode(
    _client: OAuthClientInformationFull,
    code: string,
  ): Promise<string> {
    const grant = this.#codes.get(code)
    if (!grant) throw new InvalidGrantError('Unknown or used authorization code')
    return grant.challenge
  }

  async exchangeAuthorizationCode(
    client: OAuthClientInformationFull,
    code: string,
    _verifier?: string,
    redirectUri?: string,
    resource?: URL,
  ): Promise<OAuthTokens> {
    const grant = this.#codes.get(code)
    this.#codes.delete(code) // single use, whatever happens next
    if (!grant || grant.clientId !== client.client_id) {
      throw new InvalidGrantError('Unknown or used authorization code')
    }
    if (redirectUri !== undefined && redirectUri !== grant.redirectUri) {
      throw new InvalidGrantError('redirect_uri does not match the authorization request')
    }
    if (resource && grant.resource && resource.href !== grant.resource.href) {
      throw new InvalidTargetError('resource does not match the authorization request')
    }
    return this.#issue(grant)
  }

  async exchangeRefreshToken(
    client: OAuthClientInformationFull,
    refreshToken: string,
    scopes?: string[],
    resource?: URL,
  ): Promise<OAuthTokens> {
    const grant = this.#refreshTokens.get(refreshToken)
    if (!grant || grant.clientId !== client.client_id) {
      throw new InvalidGrantError('The refresh token is invalid, expired or revoked')
    }
    if (resource && grant.resource && resource.href !== grant.resource.href) {
      throw new InvalidTargetError('resource does not match the grant')
    }
    if (scopes?.some((scope) => !grant.scopes.includes(scope))) {
      throw new InvalidGrantError('A refresh cannot widen the granted scope')
    }
    this.#refreshTokens.delete(refreshToken) // rotation: each refresh token works once
    return this.#issue({ ...grant, ...(scopes && { scopes }) })
  }

  async verifyAccessToken(token: string): Promise<AuthInfo> {
    if (this.#revokedAccess.has(token)) throw new InvalidTokenError('The access token was revoked')
    try {
      const { payload } = await jwtVerify(token, this.#secret, {
        issuer: this.#issuer,
        currentDate: new Date(this.#now()),
      })
      if (typeof payload.sub !== 'string' || typeof payload.client_id !== 'string') {
        throw new Error('malformed token')
      }
      return {
        token,
        clientId: payload.client_id,
        scopes: typeof payload.scope === 'string' ? payload.scope.split(' ').filter(Boolean) : [],
        ...(payload.exp !== undefined && { expiresAt: payload.exp }),
        ...(typeof payload.aud === 'string' && { resource: new URL(payload.aud) }),
        extra: { subject: payload.sub, name: payload.name },
      }
    } catch {
      throw new InvalidTokenError('The access token is invalid or expired')
    }
  }

  async revokeToken(
    client: OAuthClientInformationFull,
    request: OAuthTokenRevocationRequest,
  ): Promise<void> {
    const grant = this.#refreshTokens.get(request.token)
    if (grant?.clientId === client.client_id) this.#refreshTokens.delete(request.token)
    else this.#revokedAccess.add(request.token) // RFC 7009: unknown tokens are not an error
  }

  // TEST AND DEMO HOOKS

  /** Refuses every refresh token issued so far (as when a person revokes the app's access). */
  revokeRefreshTokens(): void {
    this.#refreshTokens.clear()
  }

  /** Number of live refresh tokens (revocation tests read it). */
  get refreshTokenCount(): number {
    return this.#refreshTokens.size
  }

  /** Issues an access token directly, e.g. one for another resource. */
  issueAccessToken(grant: {
    account: DemoAccount
    scopes: string[]
    resource: URL
    clientId?: string
  }): Promise<string> {
    return this.#sign({ clientId: grant.clientId ?? 'direct', ...grant })
  }

  async #issue(grant: Grant): Promise<OAuthTokens> {
    const refreshToken = randomToken()
    this.#refreshTokens.set(refreshToken, grant)
    return {
      access_token: await this.#sign(grant),
      token_type: 'Bearer',
      expires_in: this.#ttlSeconds,
      scope: grant.scopes.join(' '),
      refresh_token: refreshToken,
    }
  }

  #sign(grant: Grant): Promise<string> {
    const now = Math.floor(this.#now() / 1000)
    return new SignJWT({
      scope: grant.scopes.join(' '),
      client_id: grant.clientId,
      name: grant.account.name,
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' })
      .setIssuer(this.#issuer)
      .setSubject(grant.account.id)
      .setAudience(grant.resource?.href ?? this.#issuer)
      .setIssuedAt(now)
      .setExpirationTime(now + this.#ttlSeconds)
      .setJti(randomToken())
      .sign(this.#secret)
  }
}

/**
 * Where the consent form may lead: this server, and the client's redirect URI, where the
 * answer's 303 goes (browsers apply `form-action` to a form's redirects too).
 */
function formTargets(redirectUri: string): string {
  let origin = 'null'
  try {
    origin = new URL(redirectUri).origin
  } catch {
    // checked by the SDK before authorize() runs; keep 'self' only
  }
  return /^https?:\/\/[^\s;,']+$/.test(origin) ? `'self' ${origin}` : "'self'"
}
