// A WebSocket as a bridge channel: the browser's own on the page, `ws` on Node (its sockets
// have the same addEventListener / send / close / readyState), so no WebSocket library is
// a dependency of this package.
import type { BridgeChannel } from './channel.ts'

/** The part of a WebSocket the channel uses (browser `WebSocket` and `ws`'s both fit). */
export interface WebSocketLike {
  readonly readyState: number
  send(data: string): void
  close(code?: number, reason?: string): void
  addEventListener(type: 'open', listener: () => void): void
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void
  addEventListener(
    type: 'close',
    listener: (event: { code?: number; reason?: unknown }) => void,
  ): void
  removeEventListener(type: 'open', listener: () => void): void
  removeEventListener(type: 'message', listener: (event: { data: unknown }) => void): void
  removeEventListener(
    type: 'close',
    listener: (event: { code?: number; reason?: unknown }) => void,
  ): void
}

const OPEN = 1
const CLOSING = 2

/** A channel over an open (or opening) WebSocket; messages sent while it opens are queued. */
export function webSocketChannel(socket: WebSocketLike): BridgeChannel {
  const queued: string[] = []
  const flush = () => {
    for (const message of queued.splice(0)) socket.send(message)
  }
  socket.addEventListener('open', flush)
  return {
    send(message) {
      if (socket.readyState === OPEN) socket.send(message)
      else if (socket.readyState < OPEN) queued.push(message)
    },
    receive(onMessage, onClose) {
      let ended = false
      const message = (event: { data: unknown }) => onMessage(event.data)
      const close = (event: { code?: number; reason?: unknown }) => {
        if (ended) return
        ended = true
        const reason = typeof event.reason === 'string' && event.reason ? `: ${event.reason}` : ''
        onClose(
          event.code === 1000 || event.code === 1005
            ? undefined
            : new Error(`The WebSocket closed (code ${event.code ?? 'unknown'}${reason})`),
        )
      }
      socket.addEventListener('message', message)
      socket.addEventListener('close', close)
      if (socket.readyState > CLOSING) queueMicrotask(() => close({ code: 1006 }))
      return () => {
        socket.removeEventListener('message', message)
        socket.removeEventListener('close', close)
      }
    },
    close() {
      if (socket.readyState <= OPEN) socket.close(1000, 'bridge closed')
    },
  }
}
