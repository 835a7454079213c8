// TYPES shared by every part of the client. Everything here describes data that came
// from a server: it has been validated for shape, but its content is still untrusted
// (render text as text, never as HTML).

/** Which protocol era a server speaks: `modern` (2026-07-28, per-request envelope) or `legacy` (2025-11-25 `initialize`). */
export type ProtocolEra = 'modern' | 'legacy'

/** `public` results may be shared by anyone; `private` ones only within the same partition (auth principal). */
export type CacheScope = 'public' | 'private'

export interface Implementation {
  name: string
  version: string
  title?: string
  description?: string
  websiteUrl?: string
  icons?: Icon[]
}

export interface Icon {
  src: string
  mimeType?: string
  sizes?: string[]
  theme?: 'light' | 'dark'
}

export interface Annotations {
  audience?: ('user' | 'assistant')[]
  /** 0 (optional) … 1 (effectively required). */
  priority?: number
  /** ISO 8601 timestamp. */
  lastModified?: string
}

export interface Resource {
  uri: string
  name: string
  title?: string
  description?: string
  mimeType?: string
  /** Bytes of the raw content, before base64. */
  size?: number
  icons?: Icon[]
  annotations?: Annotations
  _meta?: Record<string, unknown>
}

export interface ResourceTemplate {
  uriTemplate: string
  name: string
  title?: string
  description?: string
  mimeType?: string
  icons?: Icon[]
  annotations?: Annotations
  _meta?: Record<string, unknown>
}

export interface TextResourceContents {
  uri: string
  mimeType?: string
  text: string
  _meta?: Record<string, unknown>
}

export interface BlobResourceContents {
  uri: string
  mimeType?: string
  /** Standard base64, validated by the client. */
  blob: string
  _meta?: Record<string, unknown>
}

export type ResourceContents = TextResourceContents | BlobResourceContents

export interface ResourceCapabilities {
  subscribe?: boolean
  listChanged?: boolean
}

export interface ServerCapabilities {
  resources?: ResourceCapabilities
  completions?: Record<string, unknown>
  prompts?: Record<string, unknown>
  tools?: Record<string, unknown>
  logging?: Record<string, unknown>
  experimental?: Record<string, unknown>
  extensions?: Record<string, unknown>
}

/** Cache hints every cacheable result carries (absent on 2025 servers: read as 0 / private). */
export interface CacheHints {
  /** Milliseconds the result stays fresh, already clamped to [0, 24 h]. */
  ttlMs: number
  cacheScope: CacheScope
}

/** One page of a paginated list. `nextCursor` absent means the list ended; `''` is a valid cursor. */
export interface Page<T> extends CacheHints {
  items: T[]
  nextCursor?: string
}

/** The outcome of a bounded walk over pages. Never throws away what it already has. */
export interface WalkResult<T> {
  items: T[]
  /** True when the server said the list ended (no `nextCursor`). */
  complete: boolean
  /** Where to continue when `complete` is false and the walk stopped at a limit. */
  nextCursor?: string
  /** Pages fetched by this walk. */
  pages: number
  /** Why the walk stopped early: a limit, a cursor cycle, or an error (the items before it are kept). */
  stoppedBy?: 'maxPages' | 'maxItems' | 'cycle' | 'error' | 'aborted'
  error?: Error
}

export interface ReadResult extends CacheHints {
  /** Every content item of the read (a directory read returns several, each with its own uri). */
  contents: ResourceContents[]
}

export interface CompletionResult {
  /** At most 100 values, in the server's order (a server that sent more is cut to its first 100). */
  values: string[]
  /** How many values there are in all, when the server said or sent more than 100 (never below what it sent). */
  total?: number
  /** True when there are more values than these: the server said so, its `total` is larger, or it was cut to 100. */
  hasMore?: boolean
}

/**
 * Connection status of one server:
 * - `connecting`: the first session is opening.
 * - `ready`: a session is open and the server answers.
 * - `reconnecting`: it had a session and a new one is opening (the server stopped answering,
 *   the connection dropped, or a 2025 HTTP server forgot the session).
 * - `offline`: it answered before and nothing answers now; the client tries again on its
 *   own with backoff (500 ms doubling to 30 s), and calls fail at once until then
 *   (`ResourceClient.reconnect` tries now). `error` says why.
 * - `needs-auth`: it needs (new) sign-in. `error`: connecting failed in a way retrying will
 *   not fix by itself (not an MCP endpoint, a first connect that found nothing); the next
 *   call tries again. `closed`: removed.
 */
export type ServerStatus =
  | 'connecting'
  | 'reconnecting'
  | 'ready'
  | 'offline'
  | 'needs-auth'
  | 'error'
  | 'closed'

/** An immutable snapshot of one server: a new object whenever anything in it changes. */
export interface ServerSnapshot {
  id: string
  status: ServerStatus
  /** Set when status is `error`, `offline` or `needs-auth` (and, while `reconnecting`, why the last session ended). */
  error?: Error
  era?: ProtocolEra
  protocolVersion?: string
  capabilities?: ServerCapabilities
  serverInfo?: Implementation
  instructions?: string
  /** The sign-in of a server added with `{ url, auth }` (see auth/). */
  auth?: ServerAuthSnapshot
}

/** Sign-in state of one OAuth-protected server, and the two actions a UI offers. */
export interface ServerAuthSnapshot {
  /** `signed-out` (sign-in needed), `signing-in` (the authorization page is open), `signed-in`. */
  phase: 'signed-out' | 'signing-in' | 'signed-in'
  /** The server's name as a person should read it ("Sign in to …"). */
  serverName: string
  /** Origin of the authorization server, once discovered (where the person will sign in). */
  authorizationServer?: string
  /** Who signed in, as far as the tokens tell (display only). */
  account?: { subject?: string; name?: string }
  /** True when the server asked for a new authorization (first sign-in, refused refresh, more scope). */
  needsAuthorization: boolean
  /** The scope the next sign-in asks for, when the server named one (step-up). */
  scope?: string
  /** Opens the authorization page through the host's `openAuthorization`, then reconnects. */
  signIn(options?: { signal?: AbortSignal }): Promise<void>
  /** Revokes the tokens where supported, forgets them, and drops this account's private cache entries. */
  signOut(options?: { signal?: AbortSignal }): Promise<void>
}
