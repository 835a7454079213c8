// A MessagePort (or anything with postMessage and message events: a Worker, a window with a
// fixed target origin, a VS Code webview's API) as a bridge channel. postMessage has no
// close event of its own, so the closing side posts one last `bridge:close` message.
import type { BridgeChannel } from './channel.ts'

/** What the channel needs: a port, a worker, or a small wrapper over a window or webview. */
export interface PostMessageTarget {
  postMessage(message: unknown): void
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void
  removeEventListener(type: 'message', listener: (event: { data: unknown }) => void): void
  /** MessagePort: starts delivery (addEventListener alone does not). */
  start?(): void
  close?(): void
}

/** The message a closing end posts; it never collides with a bridge message (those are JSON text). */
const CLOSE = { bridge: 'close' } as const

export function messagePortChannel(port: PostMessageTarget): BridgeChannel {
  let closed = false
  let stop: (() => void) | undefined
  return {
    send(message) {
      if (!closed) port.postMessage(message)
    },
    receive(onMessage, onClose) {
      const listener = (event: { data: unknown }) => {
        if (closed) return
        const data = event.data
        if (
          typeof data === 'object' &&
          data !== null &&
          (data as { bridge?: unknown }).bridge === 'close'
        ) {
          closed = true
          port.removeEventListener('message', listener)
          onClose()
          return
        }
        onMessage(data)
      }
      port.addEventListener('message', listener)
      port.start?.()
      stop = () => {
        port.removeEventListener('message', listener)
        if (!closed) {
          closed = true
          onClose()
        }
      }
      return () => port.removeEventListener('message', listener)
    },
    close() {
      if (closed) return
      port.postMessage(CLOSE)
      port.close?.()
      if (stop) stop()
      else closed = true
    },
  }
}
