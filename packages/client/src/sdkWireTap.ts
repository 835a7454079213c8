// The one piece of SDK plumbing that lets `Session.request` return results exactly as
// the server sent them. The v2 SDK strips `resultType` and, on modern connections,
// rejects results without `resultType`/`ttlMs`/`cacheScope`; the spec says to read
// them as complete / 0 / private. So we watch the transport: the id of each of our
// requests is taken as the SDK hands the message to `transport.send` (synchronously,
// inside `client.request`), and the raw `result` of its response is kept as it
// arrives, before the SDK decodes it. Whatever the SDK then thinks of that result,
// the raw one is what we return.
//
// It also tells when the response stream of a request ended before its answer (2026-07-28
// Streamable HTTP: the request is lost and must be sent again with a new id). The SDK's
// HTTP transport reports the end of each request's stream through the `onRequestStreamEnd`
// send option, which the SDK passes for `listen` only; the tap adds it to our requests.
import { isPlainObject } from './isPlainObject.ts'

interface SendOptions {
  onRequestStreamEnd?: () => void
  [option: string]: unknown
}

interface TransportLike {
  send: (message: unknown, options?: SendOptions) => Promise<void>
  onmessage?: (message: unknown, extra?: unknown) => void
}

export interface CaptureOptions {
  /** Keep the raw result for `take`. @default true */
  keepResult?: boolean
  /** Called when the request's response stream ends before a response with its id arrived. */
  onStreamBroken?: () => void
}

type RequestId = string | number

export interface WireTap {
  /** Runs `send` (which must call `transport.send` synchronously) and returns the id it sent; its raw result is kept from then on. */
  capture<T>(send: () => T, options?: CaptureOptions): { id: RequestId | undefined; value: T }
  /** The raw result for `id` (if one arrived); stops keeping it and watching its stream. */
  take(id: RequestId): Record<string, unknown> | undefined
  /** Restore the transport's own `send` and `onmessage`. */
  detach(): void
}

/** Installs the tap on a connected transport (after `client.connect`, which sets `onmessage`). */
export function tapTransport(
  transport: TransportLike,
  onNotification?: (message: { method: string; params?: unknown }) => void,
): WireTap {
  const originalSend = transport.send
  const originalOnMessage = transport.onmessage
  const expected = new Set<RequestId>()
  const results = new Map<RequestId, Record<string, unknown>>()
  /** Requests whose stream is watched: broken until a response with their id arrives. */
  const streams = new Map<RequestId, { answered: boolean; onBroken: () => void }>()
  let capturing: ((id: RequestId) => (() => void) | undefined) | undefined

  transport.send = function send(message, options) {
    if (capturing && isRequest(message)) {
      const onBroken = capturing(message.id)
      capturing = undefined
      if (onBroken) options = watchStream(message.id, onBroken, options)
    }
    return originalSend.call(this, message, options)
  }
  const watchStream = (
    id: RequestId,
    onBroken: () => void,
    options: SendOptions | undefined,
  ): SendOptions => {
    const stream = { answered: false, onBroken }
    streams.set(id, stream)
    const previous = options?.onRequestStreamEnd
    return {
      ...options,
      onRequestStreamEnd: () => {
        previous?.()
        if (streams.get(id) === stream && !stream.answered) {
          streams.delete(id)
          onBroken()
        }
      },
    }
  }
  transport.onmessage = function onmessage(message, extra) {
    if (isResponse(message)) {
      const stream = streams.get(message.id)
      if (stream) stream.answered = true
    }
    if (isResultResponse(message) && expected.has(message.id) && isPlainObject(message.result)) {
      results.set(message.id, message.result)
    }
    originalOnMessage?.call(this, message, extra)
    if (onNotification && isNotification(message)) onNotification(message)
  }

  return {
    capture(send, options) {
      let id: RequestId | undefined
      capturing = (sent) => {
        id = sent
        if (options?.keepResult !== false) expected.add(sent)
        return options?.onStreamBroken
      }
      try {
        const value = send()
        return { id, value }
      } finally {
        capturing = undefined
      }
    },
    take(id) {
      expected.delete(id)
      streams.delete(id)
      const result = results.get(id)
      results.delete(id)
      return result
    },
    detach() {
      transport.send = originalSend
      transport.onmessage = originalOnMessage
      expected.clear()
      results.clear()
      streams.clear()
    },
  }
}

function isRequest(message: unknown): message is { id: RequestId; method: string } {
  return (
    isPlainObject(message) &&
    typeof message.method === 'string' &&
    (typeof message.id === 'string' || typeof message.id === 'number')
  )
}

function isNotification(message: unknown): message is { method: string; params?: unknown } {
  return isPlainObject(message) && typeof message.method === 'string' && !('id' in message)
}

function isResponse(message: unknown): message is { id: RequestId } {
  return (
    isPlainObject(message) &&
    ('result' in message || 'error' in message) &&
    (typeof message.id === 'string' || typeof message.id === 'number')
  )
}

function isResultResponse(message: unknown): message is { id: RequestId; result: unknown } {
  return (
    isPlainObject(message) &&
    'result' in message &&
    (typeof message.id === 'string' || typeof message.id === 'number')
  )
}
