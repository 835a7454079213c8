// One server's sign-in: the SDK's `OAuthClientProvider` over our AuthStorage (one record per
// server URL), plus what the SDK leaves to the host — opening the authorization page,
// checking the callback's `state`, sign-out with revocation, and who is signed in (the
// cache partition follows that principal). The protocol itself (RFC 9728 / 8414 discovery,
// RFC 7591 registration or a Client ID Metadata Document, PKCE, code exchange, refresh,
// step-up) is the SDK's `auth()`, called here and by the transport.
//
// Discovery is run afresh for every flow but the code exchange (SEP-2352): a server may
// move to another authorization server, or its issuer change, and the saved discovery
// would keep the client registering and signing in at the old one. The saved state binds
// only the callback to the authorization server that issued the code.
import {
  auth,
  isStrictScopeSuperset,
  type OAuthClientMetadata,
  type OAuthClientProvider,
  type OAuthDiscoveryState,
  type StoredOAuthClientInformation,
  type StoredOAuthTokens,
} from '@modelcontextprotocol/client'
import { AuthRequiredError } from '../errors.ts'
import { type AuthStorage, authStorageKey } from './authStorage.ts'
import type { OAuthOptions } from './createOAuth.ts'
import { oauthFailureOf } from './oauthFailure.ts'
import { revokeTokens } from './revokeTokens.ts'
import { accountFromTokens, type SignedInAccount } from './tokenAccount.ts'

/** What is kept per server. Holds secrets: never logged, never put in an error. */
interface AuthRecord {
  client?: StoredOAuthClientInformation
  tokens?: StoredOAuthTokens
  discovery?: OAuthDiscoveryState
  verifier?: string
  state?: string
  account?: SignedInAccount
  /** The cache partition of the signed-in principal. */
  principal?: string
}

/** Where a server's sign-in stands. */
export type SignInPhase = 'signed-out' | 'signing-in' | 'signed-in'

export class ServerOAuth implements OAuthClientProvider {
  readonly serverUrl: URL
  readonly serverId: string
  readonly #options: OAuthOptions
  readonly #storage: AuthStorage
  readonly #key: string
  #record: AuthRecord = {}
  #signingIn = false
  /** The scope of the last authorization request, asked for again by the next sign-in. */
  #lastScope: string | undefined
  /** The last authorization URL the SDK produced (its verifier is the saved one). */
  #authorizationUrl?: URL
  #exchanging = false
  readonly #listeners = new Set<() => void>()
  /** Resolves once the stored record is read. */
  readonly loaded: Promise<void>
  /** Absent when not configured (never `undefined`): the SDK's optional property, exactly. */
  declare readonly clientMetadataUrl?: string

  constructor(serverId: string, serverUrl: URL, options: OAuthOptions, storage: AuthStorage) {
    this.serverId = serverId
    this.serverUrl = serverUrl
    this.#options = options
    this.#storage = storage
    this.#key = authStorageKey(serverUrl)
    if (options.clientMetadataUrl !== undefined) this.clientMetadataUrl = options.clientMetadataUrl
    this.loaded = this.#load()
  }

  // WHAT THE UI READS

  get phase(): SignInPhase {
    if (this.#signingIn) return 'signing-in'
    return this.#record.tokens ? 'signed-in' : 'signed-out'
  }

  /** Who signed in last (kept while tokens are refused, until sign-out). */
  get account(): SignedInAccount | undefined {
    return this.#record.account
  }

  /**
   * The principal's cache partition, or undefined before anyone signed in. It outlives a
   * refused refresh (what was loaded stays visible) and ends with sign-out.
   */
  get principal(): string | undefined {
    return this.#record.principal
  }

  /** The server asked for (new) authorization: the next sign-in opens its page. */
  get needsAuthorization(): boolean {
    return this.#authorizationUrl !== undefined
  }

  /** The authorization server's origin, once discovery found it. */
  get authorizationServer(): string | undefined {
    const url = this.#record.discovery?.authorizationServerUrl ?? this.#authorizationUrl?.href
    try {
      return url ? new URL(url).origin : undefined
    } catch {
      return undefined
    }
  }

  /** The server's name as its protected-resource metadata gives it. */
  get resourceName(): string | undefined {
    const name = this.#record.discovery?.resourceMetadata?.resource_name
    return typeof name === 'string' && name.length > 0 ? name.slice(0, 200) : undefined
  }

  /** The scope the last authorization request asked for (wider after a step-up). */
  get requestedScope(): string | undefined {
    return this.#authorizationUrl?.searchParams.get('scope') ?? undefined
  }

  /** Called on every change of phase, account or authorization server. */
  onChange(listener: () => void): () => void {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  // THE FLOW

  /**
   * Opens the authorization page through the host and, when the host hands back the
   * callback URL, exchanges the code. Resolves to false when the host navigated away
   * (redirect mode: {@link finish} completes it on the callback page).
   */
  async signIn(signal?: AbortSignal): Promise<boolean> {
    await this.loaded
    this.#lastScope = this.requestedScope ?? this.#lastScope
    this.#setSigningIn(true)
    try {
      const url = this.#authorizationUrl ?? (await this.#prepare(signal))
      this.#authorizationUrl = undefined
      if (!url) return true // a refresh was enough
      const callback = await this.#options.openAuthorization(url, {
        serverId: this.serverId,
        serverUrl: this.serverUrl.href,
        ...(signal && { signal }),
      })
      signal?.throwIfAborted()
      if (callback === undefined) return false
      await this.finish(callback, signal)
      return true
    } finally {
      this.#setSigningIn(false)
    }
  }

  /** Whether `callbackUrl` answers this server's pending request (its `state`). */
  async owns(callbackUrl: URL): Promise<boolean> {
    await this.loaded
    const state = callbackUrl.searchParams.get('state')
    return state !== null && state === this.#record.state
  }

  /** Completes a sign-in from the authorization server's redirect to the callback URL. */
  async finish(callback: string | URL, signal?: AbortSignal): Promise<void> {
    await this.loaded
    const url = new URL(callback)
    const where = `server "${this.serverId}"`
    if (!(await this.owns(url))) {
      throw new AuthRequiredError(
        `Sign-in to ${where} failed: the answer does not match the request (state); sign in again`,
        { serverId: this.serverId },
      )
    }
    await this.#update({ state: undefined })
    const error = url.searchParams.get('error')
    if (error !== null) {
      const reason = url.searchParams.get('error_description') ?? error
      throw new AuthRequiredError(
        `Sign-in to ${where} was not completed: ${reason.slice(0, 200)}`,
        { serverId: this.serverId },
      )
    }
    const code = url.searchParams.get('code')
    if (!code) {
      throw new AuthRequiredError(`Sign-in to ${where} failed: the answer carries no code`, {
        serverId: this.serverId,
      })
    }
    signal?.throwIfAborted()
    this.#exchanging = true
    try {
      const iss = url.searchParams.get('iss')
      await auth(this, {
        serverUrl: this.serverUrl,
        authorizationCode: code,
        ...(iss !== null && { iss }),
        ...(this.#options.fetch && { fetchFn: this.#options.fetch }),
      })
    } catch (cause) {
      const failure = oauthFailureOf(cause, 'token')
      // The raw answer stays out of the error, its cause included.
      throw new AuthRequiredError(
        failure
          ? `Sign-in to ${where} failed: ${failure.message}`
          : `Sign-in to ${where} failed at the authorization server: ${describe(cause)}`,
        { serverId: this.serverId, ...(!failure && { cause }) },
      )
    } finally {
      this.#exchanging = false
    }
    await this.#update({ verifier: undefined })
  }

  /**
   * Revokes the tokens where the server supports it, then forgets them, the client
   * registration and the discovery: the next sign-in discovers and registers again, so an
   * authorization server that forgot its clients (restarted, expired them) or that the
   * server left never leaves this app with an unknown client_id.
   */
  async signOut(signal?: AbortSignal): Promise<void> {
    await this.loaded
    const { tokens, discovery } = this.#record
    const client = this.#clientFor(tokens?.issuer)
    // OIDC-shaped metadata types lack the field; RFC 8414 documents have it.
    const metadata = discovery?.authorizationServerMetadata as
      | { revocation_endpoint?: unknown }
      | undefined
    const endpoint =
      typeof metadata?.revocation_endpoint === 'string' ? metadata.revocation_endpoint : undefined
    if (tokens && client && endpoint) {
      await revokeTokens({
        endpoint,
        clientId: client.client_id,
        ...(client.client_secret && { clientSecret: client.client_secret }),
        tokens: [
          ...(tokens.refresh_token
            ? [{ token: tokens.refresh_token, hint: 'refresh_token' as const }]
            : []),
          { token: tokens.access_token, hint: 'access_token' as const },
        ],
        ...(this.#options.fetch && { fetch: this.#options.fetch }),
        ...(signal && { signal }),
      })
    }
    this.#authorizationUrl = undefined
    await this.#update({
      tokens: undefined,
      client: undefined,
      discovery: undefined,
      account: undefined,
      principal: undefined,
      verifier: undefined,
      state: undefined,
    })
  }

  // OAuthClientProvider (called by the SDK)

  get redirectUrl(): string {
    const url = this.#options.redirectUrl
    return String(typeof url === 'function' ? url() : url)
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: this.#options.clientName ?? 'resource-kit',
      redirect_uris: [this.redirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      ...(this.#options.clientUri && { client_uri: this.#options.clientUri }),
      ...(this.#options.scope && { scope: this.#options.scope }),
    }
  }

  async state(): Promise<string> {
    const state = randomString()
    await this.#update({ state })
    return state
  }

  clientInformation(context?: { issuer?: string }): StoredOAuthClientInformation | undefined {
    return this.#clientFor(context?.issuer)
  }

  async saveClientInformation(client: StoredOAuthClientInformation): Promise<void> {
    await this.#update({ client })
  }

  tokens(): StoredOAuthTokens | undefined {
    return this.#record.tokens
  }

  async saveTokens(tokens: StoredOAuthTokens): Promise<void> {
    const account = accountFromTokens(tokens)
    const same =
      !this.#exchanging &&
      this.#record.principal !== undefined &&
      (account?.subject === undefined || account.subject === this.#record.account?.subject)
    // A new sign-in is a new principal; a refresh keeps the one it had.
    const principal = same ? this.#record.principal : await principalFor(tokens.issuer, account)
    await this.#update({ tokens, account, principal })
  }

  redirectToAuthorization(authorizationUrl: URL): void {
    // The host opens it when the person asks to sign in (`signIn`), never on its own.
    this.#authorizationUrl = authorizationUrl
    this.#emit()
  }

  async saveCodeVerifier(verifier: string): Promise<void> {
    await this.#update({ verifier })
  }

  codeVerifier(): string {
    const verifier = this.#record.verifier
    if (!verifier) throw new Error('No sign-in is in progress for this server (no PKCE verifier)')
    return verifier
  }

  async saveDiscoveryState(discovery: OAuthDiscoveryState): Promise<void> {
    const before = issuerOf(this.#record.discovery)
    const moved = before !== undefined && !sameIssuer(before, issuerOf(discovery))
    // Tokens and a registration from another authorization server are worthless here (the
    // SDK would skip them by their issuer stamp): forget them, so the state says signed out.
    await this.#update(moved ? { discovery, tokens: undefined, client: undefined } : { discovery })
  }

  discoveryState(): OAuthDiscoveryState | undefined {
    // Only the code exchange reuses it: the code belongs to the server that issued it.
    return this.#exchanging ? this.#record.discovery : undefined
  }

  async invalidateCredentials(
    scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery',
  ): Promise<void> {
    if (scope === 'all') {
      await this.#update({
        client: undefined,
        tokens: undefined,
        verifier: undefined,
        discovery: undefined,
      })
    } else if (scope === 'client') await this.#update({ client: undefined })
    else if (scope === 'tokens') await this.#update({ tokens: undefined })
    else if (scope === 'verifier') await this.#update({ verifier: undefined })
    else await this.#update({ discovery: undefined })
  }

  // INTERNALS

  /** The pre-registered client (stamped for `issuer`), or the one registered last. */
  #clientFor(issuer: string | undefined): StoredOAuthClientInformation | undefined {
    const preRegistered = this.#options.client
    if (!preRegistered) return this.#record.client
    return {
      client_id: preRegistered.clientId,
      ...(preRegistered.clientSecret && { client_secret: preRegistered.clientSecret }),
      ...(issuer && { issuer }),
    }
  }

  /** Runs discovery (and a refresh when it can) for a new authorization URL. */
  async #prepare(signal?: AbortSignal): Promise<URL | undefined> {
    const scope = this.#lastScope
    // Where the server said its metadata is (its last challenge): that names the
    // authorization server, found again from there.
    const saved = this.#record.discovery?.resourceMetadataUrl
    const resourceMetadataUrl = saved && URL.canParse(saved) ? new URL(saved) : undefined
    const result = await auth(this, {
      serverUrl: this.serverUrl,
      ...(resourceMetadataUrl && { resourceMetadataUrl }),
      ...(scope && { scope }),
      forceReauthorization: isStrictScopeSuperset(scope, this.#record.tokens?.scope),
      ...(this.#options.fetch && { fetchFn: this.#options.fetch }),
    }).catch((cause: unknown) => {
      const failure = oauthFailureOf(cause)
      if (!failure) throw cause
      throw new AuthRequiredError(
        `Sign-in to server "${this.serverId}" failed: ${failure.message}`,
        {
          serverId: this.serverId,
        },
      )
    })
    signal?.throwIfAborted()
    if (result === 'AUTHORIZED') return undefined
    const url = this.#authorizationUrl
    if (!url) throw new Error('The authorization server gave no authorization URL')
    return url
  }

  async #load(): Promise<void> {
    try {
      const text = await this.#storage.get(this.#key)
      const data: unknown = text ? JSON.parse(text) : {}
      this.#record = typeof data === 'object' && data !== null ? (data as AuthRecord) : {}
    } catch {
      this.#record = {} // unreadable: start signed out
    }
    this.#emit()
  }

  async #update(change: Partial<AuthRecord>): Promise<void> {
    const next: AuthRecord = { ...this.#record }
    for (const [key, value] of Object.entries(change) as [keyof AuthRecord, unknown][]) {
      if (value === undefined) delete next[key]
      else (next as Record<string, unknown>)[key] = value
    }
    this.#record = next
    if (Object.keys(next).length === 0) await this.#storage.delete(this.#key)
    else await this.#storage.set(this.#key, JSON.stringify(next))
    if ('tokens' in change || 'account' in change || 'discovery' in change) this.#emit()
  }

  #setSigningIn(signingIn: boolean): void {
    if (this.#signingIn === signingIn) return
    this.#signingIn = signingIn
    this.#emit()
  }

  #emit(): void {
    for (const listener of [...this.#listeners]) listener()
  }
}

/** The issuer a discovery resolved (what the SDK stamps credentials with). */
function issuerOf(discovery: OAuthDiscoveryState | undefined): string | undefined {
  return discovery?.authorizationServerMetadata?.issuer ?? discovery?.authorizationServerUrl
}

/** Issuers compare as the SDK compares them: one trailing slash apart is the same. */
function sameIssuer(a: string, b: string | undefined): boolean {
  if (b === undefined) return false
  const trim = (issuer: string) => issuer.replace(/\/$/, '')
  return trim(a) === trim(b)
}

function randomString(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24))
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')
}

/** A stable, opaque partition for a known account; a fresh one when the account is unknown. */
async function principalFor(
  issuer: string | undefined,
  account: SignedInAccount | undefined,
): Promise<string> {
  if (!account?.subject) return `signin-${randomString().slice(0, 16)}`
  const data = new TextEncoder().encode(`${issuer ?? ''}\n${account.subject}`)
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', data))
  return `acct-${[...digest.slice(0, 8)].map((b) => b.toString(16).padStart(2, '0')).join('')}`
}

/** An error's message without anything that could be a secret (no URLs with query strings). */
function describe(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error)
  return message.replace(/[?#]\S*/g, '').slice(0, 300)
}
