// The auth provider a `url` source takes: `{ url, auth: createOAuth({ … }) }`. One per app;
// it makes a ServerOAuth per server, all keeping their sign-ins in one AuthStorage.
import type { FetchLike } from '@modelcontextprotocol/client'
import { type AuthStorage, localStorageAuthStorage, memoryAuthStorage } from './authStorage.ts'
import { ServerOAuth } from './serverOAuth.ts'

/** What the host's `openAuthorization` is told. */
export interface AuthorizationContext {
  serverId: string
  /** The MCP endpoint being signed in to. */
  serverUrl: string
  /** Aborted when the sign-in is cancelled: close the popup, stop listening. */
  signal?: AbortSignal
}

export interface OAuthOptions {
  /**
   * Where the authorization server sends the browser back: the host's callback route, or
   * a loopback URL (`http://127.0.0.1:PORT/callback`) for a native app or CLI.
   */
  redirectUrl: string | URL | (() => string | URL)
  /**
   * Opens the authorization server's page, however the host likes: a popup, a redirect of
   * the whole page, the system browser. Resolve with the URL the authorization server
   * redirected to (popup, loopback), or with undefined when the page navigates away
   * (redirect mode: call `client.completeSignIn(location.href)` on the callback page).
   */
  openAuthorization: (url: URL, context: AuthorizationContext) => Promise<string | URL | undefined>
  /** Where sign-ins are kept. @default localStorage where there is one, otherwise memory */
  storage?: AuthStorage
  /** The name the consent page shows. @default 'resource-kit' */
  clientName?: string
  /** The app's home page, shown on consent pages. */
  clientUri?: string
  /**
   * An https URL of this app's Client ID Metadata Document. Used as the `client_id` where
   * the authorization server supports such documents; otherwise the client registers
   * dynamically (RFC 7591).
   */
  clientMetadataUrl?: string
  /**
   * A client registered with the authorization server beforehand, for servers that offer
   * neither dynamic registration nor Client ID Metadata Documents: used instead of
   * registering, at every server this OAuth signs in to (make one `createOAuth` per
   * authorization server when they differ).
   */
  client?: PreRegisteredClient
  /** Scope to ask for when the server's challenge and metadata name none. */
  scope?: string
  /** Fetch for the OAuth requests (discovery, registration, token, revocation). */
  fetch?: FetchLike
}

/** A client registered out of band: its id, and its secret when it is a confidential one. */
export interface PreRegisteredClient {
  clientId: string
  /** Sent to the token endpoint as the authorization server's metadata allows (basic or post). */
  clientSecret?: string
}

/** Sign-in for every server added with `{ url, auth }`. */
export interface OAuth {
  readonly storage: AuthStorage
  /** The sign-in of one server (made once per id and URL). */
  forServer(serverId: string, serverUrl: URL): ServerOAuth
}

export function createOAuth(options: OAuthOptions): OAuth {
  if (options.client !== undefined && !options.client.clientId) {
    throw new TypeError('createOAuth: client.clientId must be a non-empty string')
  }
  const storage =
    options.storage ??
    (typeof globalThis.localStorage === 'object' ? localStorageAuthStorage() : memoryAuthStorage())
  return {
    storage,
    forServer: (serverId, serverUrl) => new ServerOAuth(serverId, serverUrl, options, storage),
  }
}

/** Whether `value` is an OAuth made by {@link createOAuth}. */
export function isOAuth(value: unknown): value is OAuth {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as OAuth).forServer === 'function' &&
    typeof (value as OAuth).storage === 'object'
  )
}
