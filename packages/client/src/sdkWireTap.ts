// The one piece of SDK plumbing that lets `Session.request` return results exactly as
// the server sent them. The v2 SDK strips `resultType` and, on modern connections,
// rejects results without `resultType`/`ttlMs`/`cacheScope`; the spec says to read
// them as complete / 0 / private. So we watch the transport: the id of each of our
// requests is taken as the SDK hands the message to `transport.send` (synchronously,
// inside `client.request`), and the raw `result` of its response is kept as it
// arrives, before the SDK decodes it. Whatever the SDK then thinks of that result,
// the raw one is what we return.
import { isPlainObject } from './isPlainObject.ts'

interface TransportLike {
  send: (message: unknown, options?: unknown) => Promise<void>
  onmessage?: (message: unknown, extra?: unknown) => void
}

type RequestId = string | number

export interface WireTap {
  /** Runs `send` (which must call `transport.send` synchronously) and returns the id it sent; its raw result is kept from then on. */
  capture<T>(
    send: () => T,
    options?: { keepResult?: boolean },
  ): { id: RequestId | undefined; value: T }
  /** The raw result for `id` (if one arrived); stops keeping it. */
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
  let capturing: ((id: RequestId) => void) | undefined

  transport.send = function send(message, options) {
    if (capturing && isRequest(message)) {
      capturing(message.id)
      capturing = undefined
    }
    return originalSend.call(this, message, options)
  }
  transport.onmessage = function onmessage(message, extra) {
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
      const result = results.get(id)
      results.delete(id)
      return result
    },
    detach() {
      transport.send = originalSend
      transport.onmessage = originalOnMessage
      expected.clear()
      results.clear()
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

function isResultResponse(message: unknown): message is { id: RequestId; result: unknown } {
  return (
    isPlainObject(message) &&
    'result' in message &&
    (typeof message.id === 'string' || typeof message.id === 'number')
  )
}
