// The one thing a bridge needs from a transport: text messages both ways and an end.
// Adapters: webSocketChannel (the browser's WebSocket, or `ws` on Node), messagePortChannel
// (MessagePort, a Worker, an iframe's window, a VS Code webview), inProcessChannelPair (tests,
// a backend in the same process). Messages are JSON text on every channel, so the size limit
// and the parsing are the same whatever carries them.

/** A message channel between a page and a bridge backend. */
export interface BridgeChannel {
  /** Sends one message; dropped silently once the channel is closed. */
  send(message: string): void
  /**
   * Hears every message (untrusted: a string is expected, anything may come) and, once,
   * the end of the channel (with why, when known). Returns a function that stops listening.
   */
  receive(onMessage: (message: unknown) => void, onClose: (error?: Error) => void): () => void
  /** Ends the channel; the other side hears the close. */
  close(): void
}

/** Two connected ends in one process: what one sends, the other receives (asynchronously). */
export function inProcessChannelPair(): [BridgeChannel, BridgeChannel] {
  const a = new InProcessEnd()
  const b = new InProcessEnd()
  a.peer = b
  b.peer = a
  return [a, b]
}

class InProcessEnd implements BridgeChannel {
  peer: InProcessEnd | undefined
  #closed = false
  #onMessage: ((message: unknown) => void) | undefined
  #onClose: ((error?: Error) => void) | undefined
  /** Messages that arrived before anyone listened (a real socket buffers them too). */
  readonly #inbox: unknown[] = []

  send(message: string): void {
    const peer = this.peer
    if (this.#closed || !peer) return
    // Asynchronous like every real channel: a reply never runs inside the send that caused it.
    queueMicrotask(() => peer.#deliver(message))
  }

  receive(onMessage: (message: unknown) => void, onClose: (error?: Error) => void): () => void {
    this.#onMessage = onMessage
    this.#onClose = onClose
    for (const message of this.#inbox.splice(0)) onMessage(message)
    if (this.#closed) queueMicrotask(() => this.#ended())
    return () => {
      this.#onMessage = undefined
      this.#onClose = undefined
    }
  }

  close(): void {
    if (this.#closed) return
    this.#closed = true
    const peer = this.peer
    queueMicrotask(() => {
      this.#ended()
      if (peer) peer.#hangUp()
    })
  }

  #deliver(message: unknown): void {
    if (this.#closed) return
    if (this.#onMessage) this.#onMessage(message)
    else this.#inbox.push(message)
  }

  #hangUp(): void {
    if (this.#closed) return
    this.#closed = true
    this.#ended()
  }

  #ended(): void {
    const onClose = this.#onClose
    this.#onClose = undefined
    this.#onMessage = undefined
    onClose?.()
  }
}
