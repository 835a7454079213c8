// STATE: turns the client's InputHandler (a promise per request) into a list of pending
// requests a UI can render anywhere: the preview shows the one for its read inline.
import type {
  ElicitationAnswer,
  ElicitationRequest,
  InputContext,
  InputHandler,
} from '@resource-kit/client'

/** One request waiting for a person. */
export interface PendingInput {
  id: number
  request: ElicitationRequest
  serverId: string
  /** The resource being read, when the request came from a read. */
  uri?: string
  /** Settles the request; later calls are ignored. */
  respond(answer: ElicitationAnswer): void
}

export interface InputBridge {
  /** Pass this as the client's `inputHandler`. */
  handler: InputHandler
  subscribe(listener: () => void): () => void
  /** Pending requests, oldest first (stable identity until one is added or settled). */
  getSnapshot(): readonly PendingInput[]
}

/** Creates a bridge between the client's input requests and the UI that answers them. */
export function createInputBridge(): InputBridge {
  let pending: readonly PendingInput[] = []
  let nextId = 1
  const listeners = new Set<() => void>()
  const emit = () => {
    for (const l of listeners) l()
  }
  const remove = (id: number) => {
    pending = pending.filter((p) => p.id !== id)
    emit()
  }

  const handler: InputHandler = (request: ElicitationRequest, context: InputContext) =>
    new Promise<ElicitationAnswer>((resolve) => {
      const id = nextId++
      let settled = false
      const settle = (answer: ElicitationAnswer) => {
        if (settled) return
        settled = true
        context.signal.removeEventListener('abort', onAbort)
        remove(id)
        resolve(answer)
      }
      // The read was cancelled: the form goes away and the request ends as a cancel.
      const onAbort = () => settle({ action: 'cancel' })
      if (context.signal.aborted) {
        resolve({ action: 'cancel' })
        return
      }
      context.signal.addEventListener('abort', onAbort)
      const entry: PendingInput = {
        id,
        request,
        serverId: context.serverId,
        uri: context.uri,
        respond: settle,
      }
      pending = [...pending, entry]
      emit()
    })

  return {
    handler,
    subscribe: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    getSnapshot: () => pending,
  }
}
