// A search worker for tests: the real search host (`exposeResourceSearch`) over a
// MessageChannel, recording each call and holding its replies on demand.

import { MessageChannel } from 'node:worker_threads'
import { exposeResourceSearch } from '@resource-kit/search'
import { waitFor } from '@testing-library/react'
import { afterEach, expect } from 'vitest'
import type { SearchWorkerFactory } from '../useSourceSearch.ts'

type Listener = (event: MessageEvent) => void

/** The client side of a channel to a real search host, with replies held on demand. */
export function heldWorker() {
  const channel = new MessageChannel()
  exposeResourceSearch(channel.port1 as never)
  const held: MessageEvent[] = []
  /** The name of each call sent to the host. */
  const calls: string[] = []
  /** The query and limit of each search sent to the host. */
  const searches: { query: string; limit: number }[] = []
  const listeners = new Set<Listener>()
  let holding = false
  channel.port2.addEventListener('message', (event) => {
    if (holding) held.push(event as MessageEvent)
    else for (const l of listeners) l(event as MessageEvent)
  })
  channel.port2.start()
  const endpoint = {
    postMessage: (message: unknown) => {
      const { path, argumentList } = message as {
        path?: string[]
        argumentList?: { value?: unknown }[]
      }
      if (path?.[0]) calls.push(path[0])
      if (path?.[0] === 'search') {
        const [query, options] = (argumentList ?? []).map((argument) => argument.value)
        searches.push({ query: query as string, limit: (options as { limit: number }).limit })
      }
      channel.port2.postMessage(message)
    },
    addEventListener: (type: string, listener: Listener) => {
      if (type === 'message') listeners.add(listener)
    },
    removeEventListener: (type: string, listener: Listener) => {
      if (type === 'message') listeners.delete(listener)
    },
    terminate: () => {
      channel.port1.close()
      channel.port2.close()
    },
  } as unknown as ReturnType<SearchWorkerFactory>
  return {
    endpoint,
    calls,
    searches,
    hold: () => {
      holding = true
    },
    /** Replies held so far (they arrive as the host answers). */
    waitHeld: (count: number) => waitFor(() => expect(held.length).toBeGreaterThanOrEqual(count)),
    /** Stops holding and delivers every held reply, in order. */
    resume: () => {
      holding = false
      for (const event of held.splice(0)) for (const l of listeners) l(event)
    },
    /** Delivers every reply held so far, and goes on holding. */
    releaseAll: () => {
      for (const event of held.splice(0)) for (const l of listeners) l(event)
    },
    /** Delivers the held reply at `index` (removing it). */
    release: (index: number) => {
      const [event] = held.splice(index, 1)
      if (event) for (const l of listeners) l(event)
    },
  }
}

const workers: ReturnType<typeof heldWorker>[] = []
afterEach(() => {
  for (const worker of workers.splice(0)) worker.endpoint.terminate?.()
})

/** A factory starting a fresh held worker each time (StrictMode starts and stops one first). */
export function workerFactory() {
  const factory = () => {
    const worker = heldWorker()
    workers.push(worker)
    return worker.endpoint
  }
  return { factory, latest: () => workers.at(-1) as ReturnType<typeof heldWorker> }
}
