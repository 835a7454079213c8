// The Session port: the one narrow interface between resource-kit and the wire.
// `sdkSession.ts` implements it over @modelcontextprotocol/client v2; nothing else in
// the package imports the SDK, so a lighter engine can replace it without touching
// the rest.
import type { ElicitationAnswer, ElicitationRequest } from './inputHandler.ts'
import type { Implementation, ProtocolEra, ServerCapabilities } from './types.ts'

export interface SessionInfo {
  era: ProtocolEra
  protocolVersion: string
  capabilities: ServerCapabilities
  serverInfo?: Implementation
  instructions?: string
}

export interface SessionRequestOptions {
  signal?: AbortSignal
  timeoutMs?: number
}

/** A JSON-RPC notification as it arrived: method and untrusted params. */
export interface SessionNotification {
  method: string
  params: Record<string, unknown>
}

/** `subscriptions/listen` filter (modern servers). */
export interface SubscriptionFilter {
  resourcesListChanged?: boolean
  resourceSubscriptions?: string[]
}

/** An open `subscriptions/listen` stream. */
export interface ListenHandle {
  /** What the server acknowledged it will deliver (may be less than asked). */
  honored: SubscriptionFilter
  /** Resolves once when the stream ends: `local` (we closed it), `graceful` (server ended it), `remote` (transport dropped). */
  closed: Promise<'local' | 'graceful' | 'remote'>
  close(): Promise<void>
}

export interface Session {
  readonly info: SessionInfo
  /**
   * Send one request and resolve with the raw, unvalidated result object. `resultType`,
   * `ttlMs` and `cacheScope` are kept as the server sent them (possibly absent): validation
   * is the caller's job. A JSON-RPC error rejects with an `McpRequestError` carrying code,
   * message and data.
   */
  request(
    method: string,
    params: Record<string, unknown>,
    options?: SessionRequestOptions,
  ): Promise<Record<string, unknown>>
  /** Open a `subscriptions/listen` stream (modern era only). */
  listen(
    filter: SubscriptionFilter,
    onNotification: (notification: SessionNotification) => void,
    options?: SessionRequestOptions,
  ): Promise<ListenHandle>
  /** Notifications not tied to a listen stream (legacy `resources/updated`, `list_changed`). */
  onNotification(listener: (notification: SessionNotification) => void): () => void
  /** Called once when the connection ends for any reason (with the error, if any). */
  onClose(listener: (error?: Error) => void): () => void
  close(): Promise<void>
}

export interface SessionConnectOptions {
  clientInfo: Implementation
  /** The id the app gave the server, used in error messages. */
  serverId?: string
  /** Time allowed for the whole connect (probe + handshake). @default the SDK's 60 s */
  timeoutMs?: number
  /** Declare the elicitation capability and answer legacy `elicitation/create` requests with it. */
  onElicitation?: (request: ElicitationRequest, signal: AbortSignal) => Promise<ElicitationAnswer>
  signal?: AbortSignal
}

/** Opens a Session; one factory per configured server, called again on reconnect. */
export type SessionFactory = (options: SessionConnectOptions) => Promise<Session>
