// Every error the client throws. Each message names what went wrong and on which
// server / URI, so it can be shown to a person as it is.

/** Base class: every resource-kit error carries the id of the server it concerns (when known). */
export class ResourceKitError extends Error {
  readonly serverId?: string

  constructor(message: string, options?: { serverId?: string; cause?: unknown }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause })
    this.name = new.target.name
    this.serverId = options?.serverId
  }
}

/** A JSON-RPC error the server answered with. `data` is untrusted. */
export class McpRequestError extends ResourceKitError {
  readonly code: number
  readonly data: unknown
  readonly method?: string

  constructor(
    code: number,
    message: string,
    options?: { data?: unknown; method?: string; serverId?: string; cause?: unknown },
  ) {
    super(message, options)
    this.code = code
    this.data = options?.data
    this.method = options?.method
  }
}

/** The server says the resource does not exist (`-32602` with `data.uri`, or `-32002`). */
export class ResourceNotFoundError extends McpRequestError {
  readonly uri: string

  constructor(
    uri: string,
    options?: { code?: number; data?: unknown; serverId?: string; cause?: unknown },
  ) {
    super(options?.code ?? -32602, `Resource not found: ${uri}${onServer(options?.serverId)}`, {
      ...options,
      method: 'resources/read',
    })
    this.uri = uri
  }
}

/** `-32602` that is not a not-found: a bad cursor, a bad completion ref, a malformed request. */
export class InvalidParamsError extends McpRequestError {
  constructor(
    message: string,
    options?: { data?: unknown; method?: string; serverId?: string; cause?: unknown },
  ) {
    super(-32602, message, options)
  }
}

/** The server rejected a list cursor it handed out (expired or invalid). */
export class InvalidCursorError extends InvalidParamsError {
  readonly cursor: string

  constructor(
    cursor: string,
    method: string,
    options?: { data?: unknown; serverId?: string; cause?: unknown },
  ) {
    super(
      `The server rejected the ${method} cursor${onServer(options?.serverId)}${said(options?.cause)}`,
      {
        ...options,
        method,
      },
    )
    this.cursor = cursor
  }
}

/** A read returned more bytes than the caller's `maxBytes`. */
export class ResourceTooLargeError extends ResourceKitError {
  readonly uri: string
  readonly size: number
  readonly limit: number

  constructor(uri: string, size: number, limit: number, serverId?: string) {
    super(
      `Resource ${uri}${onServer(serverId)} is ${size} bytes, over the limit of ${limit} bytes`,
      { serverId },
    )
    this.uri = uri
    this.size = size
    this.limit = limit
  }
}

/** The server's reply does not have the shape the protocol requires. */
export class InvalidContentError extends ResourceKitError {
  readonly method: string

  constructor(method: string, detail: string, serverId?: string) {
    super(`Invalid ${method} result${onServer(serverId)}: ${detail}`, { serverId })
    this.method = method
  }
}

/** A list walk met a cursor it had already followed (A → B → A): the server is looping. */
export class CursorCycleError extends ResourceKitError {
  readonly cursor: string
  readonly method: string

  constructor(method: string, cursor: string, serverId?: string) {
    super(
      `${method}${onServer(serverId)} returned a cursor it had already returned: the list loops`,
      { serverId },
    )
    this.cursor = cursor
    this.method = method
  }
}

/** The server is not connected (yet, or any more), or has no such id. */
export class ServerNotReadyError extends ResourceKitError {
  readonly status: string

  constructor(serverId: string, status: string, cause?: unknown) {
    super(`Server "${serverId}" is not ready (status: ${status})`, { serverId, cause })
    this.status = status
  }
}

/** No server with that id was added. */
export class UnknownServerError extends ResourceKitError {
  constructor(serverId: string) {
    super(`No server with id "${serverId}" was added`, { serverId })
  }
}

/** The server does not offer what was asked (no `resources` or `completions` capability, method not found). */
export class NotSupportedError extends ResourceKitError {
  readonly feature: string

  constructor(feature: string, serverId?: string, cause?: unknown) {
    super(`Server${serverId ? ` "${serverId}"` : ''} does not support ${feature}`, {
      serverId,
      cause,
    })
    this.feature = feature
  }
}

/** The server needs credentials (HTTP 401/403) before it will answer. */
export class AuthRequiredError extends ResourceKitError {}

/** Connecting failed (the process did not start, the URL did not answer, negotiation failed). */
export class ConnectionError extends ResourceKitError {}

/**
 * A browser hid the server's answer from this page: the server is there (a `no-cors` request
 * reached it) but does not allow the page's origin (CORS). Only a cross-origin page sees it.
 */
export class CorsBlockedError extends ConnectionError {
  /** The server's URL. */
  readonly url: string
  /** The page's origin the server does not allow. */
  readonly origin: string

  constructor(url: URL, origin: string, options?: { serverId?: string; cause?: unknown }) {
    super(
      `Blocked by CORS: the server at ${url.host} does not allow this page's origin (${origin})`,
      options,
    )
    this.url = url.href
    this.origin = origin
  }
}

/** The server did not answer a request within its deadline (see `RequestDeadlines`). */
export class RequestTimeoutError extends ConnectionError {
  readonly method: string
  /** The deadline, in milliseconds. */
  readonly timeoutMs: number

  constructor(method: string, timeoutMs: number, options?: { serverId?: string; cause?: unknown }) {
    super(
      `${options?.serverId ? `Server "${options.serverId}"` : 'The server'} did not answer ${method} within ${formatDuration(timeoutMs)}`,
      options,
    )
    this.method = method
    this.timeoutMs = timeoutMs
  }
}

function formatDuration(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${Math.round(ms / 100) / 10} s`
}

function onServer(serverId: string | undefined): string {
  return serverId ? ` on server "${serverId}"` : ''
}

/** The server's own words, when the cause is a JSON-RPC error it sent. */
function said(cause: unknown): string {
  return cause instanceof McpRequestError ? ` (${cause.message})` : ''
}

/**
 * A message was larger than the transport accepts (the SDK's stdio buffer: 10 MiB unless
 * `stdioServer({ maxBufferSize })` raises it). The connection is dropped by the SDK.
 */
export class MessageTooLargeError extends ResourceKitError {
  /** The transport's limit in bytes. */
  readonly limit: number
  readonly method?: string

  constructor(limit: number, options?: { method?: string; serverId?: string; cause?: unknown }) {
    super(
      `${options?.method ? `${options.method}: the reply` : 'A message'}${onServer(options?.serverId)} is larger than the transport's limit of ${limit} bytes (${formatMiB(limit)}); raise it with stdioServer({ maxBufferSize })`,
      options,
    )
    this.limit = limit
    this.method = options?.method
  }
}

/** A fetch this call was waiting on was cancelled by something else (its cache entry was removed or cancelled). */
export class RequestCancelledError extends ResourceKitError {}

function formatMiB(bytes: number): string {
  return `${Math.round((bytes / 1048576) * 10) / 10} MiB`
}

/** A read needs input (modern `input_required`) that could not be given: no handler, declined, or too many rounds. */
export class InputRequiredError extends ResourceKitError {
  readonly uri?: string
  /** Rounds already answered before giving up. */
  readonly rounds: number

  constructor(message: string, options?: { uri?: string; rounds?: number; serverId?: string }) {
    super(message, options)
    this.uri = options?.uri
    this.rounds = options?.rounds ?? 0
  }
}
