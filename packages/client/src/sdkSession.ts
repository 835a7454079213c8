// The Session port over @modelcontextprotocol/client v2: the only module (with its
// helpers sdkWireTap / sdkErrors / sdkSources) that touches the SDK's Client.
import {
  Client,
  type McpSubscription,
  SdkError,
  type Transport,
} from '@modelcontextprotocol/client'
import {
  ConnectionError,
  MessageTooLargeError,
  RequestTimeoutError,
  ResourceKitError,
} from './errors.ts'
import { isPlainObject } from './isPlainObject.ts'
import { answerLegacyElicitation } from './sdkElicitation.ts'
import {
  bufferOverflowLimit,
  isResultDecodeError,
  toConnectError,
  toRequestError,
} from './sdkErrors.ts'
import { tapTransport, type WireTap } from './sdkWireTap.ts'
import type {
  ListenHandle,
  Session,
  SessionConnectOptions,
  SessionInfo,
  SessionNotification,
  SessionRequestOptions,
  SubscriptionFilter,
} from './session.ts'
import { SessionExpiredError } from './sessionExpiredError.ts'
import type { Implementation, ServerCapabilities } from './types.ts'

const SUBSCRIPTION_ID = 'io.modelcontextprotocol/subscriptionId'
/** Sends of one request whose response streams keep breaking before the answer, before giving up. */
const MAX_SENDS = 3
const RESOURCE_NOTIFICATIONS = new Set([
  'notifications/resources/updated',
  'notifications/resources/list_changed',
])

// A result schema that accepts anything: the SDK's own validation is not ours (see sdkWireTap).
const passthrough = {
  '~standard': {
    version: 1 as const,
    vendor: 'resource-kit',
    validate: (value: unknown) => ({ value }),
  },
}

/** Connects a new SDK Client over `transport` (always with `versionNegotiation: { mode: 'auto' }`) and wraps it. */
export async function connectSdkSession(
  transport: Transport,
  options: SessionConnectOptions,
): Promise<Session> {
  const client = new Client(options.clientInfo, {
    capabilities: options.onElicitation ? { elicitation: { form: {}, url: {} } } : {},
    versionNegotiation: { mode: 'auto' },
    // Our own loop (inputRequired.ts) answers `input_required`; the SDK hands it back raw.
    inputRequired: { autoFulfill: false },
  })
  const onElicitation = options.onElicitation
  if (onElicitation) {
    // Legacy servers send real `elicitation/create` requests mid-call; checked as the modern loop checks.
    client.setRequestHandler('elicitation/create', (request, ctx) =>
      answerLegacyElicitation(request.params, onElicitation, ctx.mcpReq.signal),
    )
  }
  const signal = options.signal
  if (signal?.aborted) throw toConnectError(signal.reason, options.serverId)
  const onAbort = () => {
    transport.close().catch(() => {})
  }
  signal?.addEventListener('abort', onAbort, { once: true })
  // A transport that ends the connect itself says why through onerror (our own error).
  let transportFailure: ResourceKitError | undefined
  client.onerror = (error) => {
    if (error instanceof ResourceKitError) transportFailure ??= error
  }
  try {
    await client.connect(transport, { signal, timeout: options.timeoutMs })
  } catch (error) {
    await client.close().catch(() => {})
    // A transport that knows why it failed (a stdio server not speaking MCP) says so.
    const known = (transport as { failure?: unknown }).failure
    throw toConnectError(
      signal?.aborted
        ? signal.reason
        : (transportFailure ?? (known instanceof ResourceKitError ? known : error)),
      options.serverId,
    )
  } finally {
    signal?.removeEventListener('abort', onAbort)
    client.onerror = undefined
  }
  return new SdkSession(client, { owned: true, serverId: options.serverId })
}

/**
 * What SdkSession uses of a Client: a 2.x `Client`, or an SDK 1.x one seen through
 * `fromSdk1Client`.
 */
export type AdoptableClient = Pick<
  Client,
  | 'transport'
  | 'onclose'
  | 'onerror'
  | 'request'
  | 'listen'
  | 'close'
  | 'getNegotiatedProtocolVersion'
  | 'getProtocolEra'
  | 'getServerCapabilities'
  | 'getServerVersion'
  | 'getInstructions'
>

/** Wraps a Client the app already connected. Closing the session leaves that Client open. */
export function adoptSdkClient(
  client: AdoptableClient,
  options: Pick<SessionConnectOptions, 'serverId'>,
): Session {
  if (!client.transport || client.getNegotiatedProtocolVersion() === undefined) {
    throw toConnectError(
      new Error(
        'the SDK Client given is not connected: call client.connect() first, or pass a transport',
      ),
      options.serverId,
    )
  }
  return new SdkSession(client, { owned: false, serverId: options.serverId })
}

class SdkSession implements Session {
  readonly info: SessionInfo
  readonly #client: AdoptableClient
  readonly #owned: boolean
  readonly #serverId?: string
  readonly #tap: WireTap
  readonly #listens = new Map<string | number, (notification: SessionNotification) => void>()
  /** Listens the server ended with `notifications/cancelled` (the SDK reports those as `remote`). */
  readonly #cancelledByServer = new Set<string | number>()
  readonly #notificationListeners = new Set<(notification: SessionNotification) => void>()
  readonly #closeListeners = new Set<(error?: Error) => void>()
  readonly #previousOnClose: (() => void) | undefined
  readonly #previousOnError: ((error: Error) => void) | undefined
  #lastError?: Error
  #closed = false
  #closing?: Promise<void>

  constructor(client: AdoptableClient, options: { owned: boolean; serverId?: string }) {
    this.#client = client
    this.#owned = options.owned
    this.#serverId = options.serverId
    this.info = readInfo(client)
    const transport = client.transport as Transport
    this.#tap = tapTransport(transport as never, (message) => this.#onNotification(message))
    this.#previousOnClose = client.onclose
    this.#previousOnError = client.onerror
    client.onclose = () => {
      this.#previousOnClose?.()
      this.#ended(this.#lastError)
    }
    client.onerror = (error) => {
      this.#previousOnError?.(error)
      if (!(this.#lastError instanceof SessionExpiredError)) this.#lastError = error
      // The GET stream of a 2025 HTTP session reconnects into a 404 once the server restarted.
      if (this.#isSessionGone(error)) this.#expire(error)
      else if (this.#isEventStreamLost(error)) this.#lose(error)
    }
  }

  /**
   * Sends one request. Over 2026-07-28 Streamable HTTP, a response stream that ends before
   * the answer loses the request (the spec: re-issue it with a new id; there is no
   * resumption), so it is sent again, up to `MAX_SENDS` times in all, within the same deadline.
   */
  async request(
    method: string,
    params: Record<string, unknown>,
    options?: SessionRequestOptions,
  ): Promise<Record<string, unknown>> {
    const deadline =
      options?.timeoutMs === undefined ? undefined : Date.now() + Math.max(0, options.timeoutMs)
    for (let broken = 0; ; broken++) {
      const streamBroke = new AbortController()
      const timeoutMs = deadline === undefined ? undefined : Math.max(1, deadline - Date.now())
      try {
        return await this.#requestOnce(method, params, options?.signal, timeoutMs, streamBroke)
      } catch (error) {
        // The deadline is the caller's, whatever a later send had left of it.
        if (error instanceof RequestTimeoutError && options?.timeoutMs !== undefined) {
          throw new RequestTimeoutError(method, options.timeoutMs, {
            serverId: this.#serverId,
            cause: error.cause,
          })
        }
        if (!streamBroke.signal.aborted || options?.signal?.aborted) throw error
        if (broken + 1 >= MAX_SENDS) {
          const where = this.#serverId ? ` (server "${this.#serverId}")` : ''
          throw new ConnectionError(
            `${method}${where}: the response stream broke before the answer, ${broken + 1} times`,
            { serverId: this.#serverId, cause: error },
          )
        }
      }
    }
  }

  async #requestOnce(
    method: string,
    params: Record<string, unknown>,
    callerSignal: AbortSignal | undefined,
    timeoutMs: number | undefined,
    streamBroke: AbortController,
  ): Promise<Record<string, unknown>> {
    // Only the caller's signal counts as the caller aborting; a broken stream is ours.
    const signal = callerSignal
    const requestSignal = callerSignal
      ? AbortSignal.any([callerSignal, streamBroke.signal])
      : streamBroke.signal
    const onStreamBroken =
      this.info.era === 'modern' ? () => streamBroke.abort(new Error('stream broke')) : undefined
    let captured: ReturnType<WireTap['capture']> | undefined
    try {
      captured = this.#tap.capture(
        () =>
          this.#client.request({ method, params }, passthrough, {
            signal: requestSignal,
            timeout: timeoutMs,
            allowInputRequired: true,
          }),
        { ...(onStreamBroken && { onStreamBroken }) },
      )
      const value = await captured.value
      const raw = captured.id === undefined ? undefined : this.#tap.take(captured.id)
      if (raw) return raw
      if (isPlainObject(value)) return value
      throw new Error('the response carried no result object')
    } catch (error) {
      // The SDK may reject a result the spec accepts (no resultType / ttlMs): keep the raw one,
      // which our validation then checks. Only a decoding rejection: a timeout, a closed
      // connection or anything else the SDK refused stays an error.
      const raw = captured?.id === undefined ? undefined : this.#tap.take(captured.id)
      if (streamBroke.signal.aborted && !signal?.aborted) throw error
      if (raw && !signal?.aborted && isResultDecodeError(error)) return raw
      if (!signal?.aborted && this.#isSessionGone(error)) throw this.#expire(error)
      // Failed because the session expired under it (the 404 may have reached onerror first).
      if (!signal?.aborted && this.#lastError instanceof SessionExpiredError) throw this.#lastError
      // The stdio transport drops the connection when a message overflows its buffer.
      const limit = signal?.aborted ? undefined : bufferOverflowLimit(this.#lastError)
      if (limit !== undefined) {
        throw new MessageTooLargeError(limit, {
          method,
          serverId: this.#serverId,
          cause: this.#lastError,
        })
      }
      throw toRequestError(error, method, this.#serverId, signal)
    }
  }

  async listen(
    filter: SubscriptionFilter,
    onNotification: (notification: SessionNotification) => void,
    options?: SessionRequestOptions,
  ): Promise<ListenHandle> {
    let captured: { id: string | number | undefined; value: Promise<McpSubscription> } | undefined
    try {
      captured = this.#tap.capture(
        () => this.#client.listen(filter, { signal: options?.signal, timeout: options?.timeoutMs }),
        { keepResult: false },
      )
      const id = captured.id
      if (id !== undefined) this.#listens.set(id, onNotification)
      const subscription = await captured.value
      return {
        honored: toFilter(subscription.honoredFilter),
        closed: subscription.closed.then((reason) => {
          if (id === undefined) return reason
          this.#listens.delete(id)
          // The spec's other graceful end (stdio): the server cancelled the listen itself.
          return this.#cancelledByServer.delete(id) && reason === 'remote' ? 'graceful' : reason
        }),
        close: () => subscription.close(),
      }
    } catch (error) {
      if (captured?.id !== undefined) this.#listens.delete(captured.id)
      throw toRequestError(error, 'subscriptions/listen', this.#serverId, options?.signal)
    }
  }

  onNotification(listener: (notification: SessionNotification) => void): () => void {
    this.#notificationListeners.add(listener)
    return () => this.#notificationListeners.delete(listener)
  }

  onClose(listener: (error?: Error) => void): () => void {
    if (this.#closed) {
      queueMicrotask(() => listener(this.#lastError))
      return () => {}
    }
    this.#closeListeners.add(listener)
    return () => this.#closeListeners.delete(listener)
  }

  close(): Promise<void> {
    // One close for every caller: the SDK's stdio close waits for the process to exit.
    this.#closing ??= (async () => {
      if (this.#closed) return
      if (this.#owned) await this.#client.close().catch(() => {})
      this.#ended(undefined)
    })()
    return this.#closing
  }

  #onNotification(message: { method: string; params?: unknown }): void {
    if (message.method === 'notifications/cancelled') {
      const requestId = isPlainObject(message.params) ? message.params.requestId : undefined
      if (typeof requestId === 'string' || typeof requestId === 'number') {
        if (this.#listens.has(requestId)) this.#cancelledByServer.add(requestId)
      }
      return
    }
    if (!RESOURCE_NOTIFICATIONS.has(message.method)) return
    const params = isPlainObject(message.params) ? message.params : {}
    const notification = { method: message.method, params }
    const meta = isPlainObject(params._meta) ? params._meta : undefined
    const subscriptionId = meta?.[SUBSCRIPTION_ID]
    if (typeof subscriptionId === 'string' || typeof subscriptionId === 'number') {
      // Belongs to one listen stream (ours, or one the app opened on its own Client).
      this.#listens.get(subscriptionId)?.(notification)
      return
    }
    for (const listener of this.#notificationListeners) listener(notification)
  }

  /**
   * 2025-11-25 Streamable HTTP: a 404 on a request carrying `Mcp-Session-Id` means the
   * server no longer knows the session. (A modern HTTP connection has no session id; its
   * 404 is an unknown method with a JSON-RPC body.)
   */
  #isSessionGone(error: unknown): boolean {
    if (this.#closed || this.info.era !== 'legacy') return false
    const sessionId = (this.#client.transport as { sessionId?: unknown } | undefined)?.sessionId
    if (typeof sessionId !== 'string' || sessionId.length === 0) return false
    return error instanceof SdkError && isPlainObject(error.data) && error.data.status === 404
  }

  /**
   * A 2025 HTTP session hears the server only on its GET stream; when the SDK gives up
   * reconnecting it (its own retries are few), nothing would ever arrive again while
   * the session looks alive. The SDK reports that only as this plain error.
   */
  #isEventStreamLost(error: Error): boolean {
    return (
      !this.#closed &&
      this.info.era === 'legacy' &&
      error.message.startsWith('Maximum reconnection attempts')
    )
  }

  /** Ends the session with a SessionExpiredError (once), so the connection opens a new one. */
  #expire(cause: unknown): SessionExpiredError {
    const error = new SessionExpiredError(this.#serverId, cause)
    this.#end(error)
    return error
  }

  #lose(cause: Error): void {
    const where = this.#serverId ? `server "${this.#serverId}"` : 'the server'
    this.#end(
      new ConnectionError(`Lost the event stream of ${where}: ${cause.message}`, {
        serverId: this.#serverId,
        cause,
      }),
    )
  }

  /** Ends the session with `error` (an owned Client is closed; it reports through onclose). */
  #end(error: Error): void {
    if (this.#closed) return
    this.#lastError = error
    if (this.#owned) this.#client.close().catch(() => this.#ended(error))
    else this.#ended(error)
  }

  #ended(error: Error | undefined): void {
    if (this.#closed) return
    this.#closed = true
    this.#tap.detach()
    this.#client.onclose = this.#previousOnClose
    this.#client.onerror = this.#previousOnError
    this.#listens.clear()
    for (const listener of this.#closeListeners) listener(error)
    this.#closeListeners.clear()
    this.#notificationListeners.clear()
  }
}

function readInfo(client: AdoptableClient): SessionInfo {
  const version = client.getNegotiatedProtocolVersion() ?? ''
  const serverInfo = client.getServerVersion() as Implementation | undefined
  const instructions = client.getInstructions()
  return {
    era: client.getProtocolEra() === 'modern' ? 'modern' : 'legacy',
    protocolVersion: version,
    capabilities: (client.getServerCapabilities() ?? {}) as ServerCapabilities,
    ...(serverInfo && { serverInfo }),
    ...(instructions !== undefined && { instructions }),
  }
}

function toFilter(honored: unknown): SubscriptionFilter {
  if (!isPlainObject(honored)) return {}
  const uris = honored.resourceSubscriptions
  return {
    ...(honored.resourcesListChanged === true && { resourcesListChanged: true }),
    ...(Array.isArray(uris) && {
      resourceSubscriptions: uris.filter((uri): uri is string => typeof uri === 'string'),
    }),
  }
}
