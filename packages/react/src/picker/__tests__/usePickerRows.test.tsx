// The picker's search runs off the render path (a worker when given one): hits arrive
// later, the rows shown stay until newer ones replace them, and a query runs again once
// per reply while the index grows. The worker here is the real search host over a MessageChannel
// whose replies the test holds and releases in any order.

import { MessageChannel } from 'node:worker_threads'
import type { Resource } from '@resource-kit/client'
import { exposeResourceSearch } from '@resource-kit/search'
import { act, renderHook, waitFor } from '@testing-library/react'
import { StrictMode } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import type { PickerSource } from '../../shared/sourceTypes.ts'
import { type SearchWorkerFactory, usePickerRows } from '../usePickerRows.ts'

type Listener = (event: MessageEvent) => void

/** The client side of a channel to a real search host, with replies held on demand. */
function heldWorker() {
  const channel = new MessageChannel()
  exposeResourceSearch(channel.port1 as never)
  const held: MessageEvent[] = []
  /** The name of each call sent to the host. */
  const calls: string[] = []
  const listeners = new Set<Listener>()
  let holding = false
  channel.port2.addEventListener('message', (event) => {
    if (holding) held.push(event as MessageEvent)
    else for (const l of listeners) l(event as MessageEvent)
  })
  channel.port2.start()
  const endpoint = {
    postMessage: (message: unknown) => {
      const path = (message as { path?: string[] }).path
      if (path?.[0]) calls.push(path[0])
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
    hold: () => {
      holding = true
    },
    /** Replies held so far (they arrive as the host answers). */
    waitHeld: (count: number) => waitFor(() => expect(held.length).toBeGreaterThanOrEqual(count)),
    /** Delivers the held reply at `index` (removing it). */
    release: (index: number) => {
      const [event] = held.splice(index, 1)
      if (event) for (const l of listeners) l(event)
    },
  }
}

const res = (name: string): Resource => ({ uri: `x://h/${name}`, name })
const source = (names: string[]): PickerSource => ({
  serverId: 's',
  status: 'ready',
  resources: names.map(res),
})

const workers: ReturnType<typeof heldWorker>[] = []
afterEach(() => {
  for (const worker of workers.splice(0)) worker.endpoint.terminate?.()
})

/** A factory starting a fresh held worker each time (StrictMode starts and stops one first). */
function workerFactory() {
  const factory = () => {
    const worker = heldWorker()
    workers.push(worker)
    return worker.endpoint
  }
  return { factory, latest: () => workers.at(-1) as ReturnType<typeof heldWorker> }
}

function renderRows(worker: ReturnType<typeof workerFactory> | undefined, first: PickerSource) {
  return renderHook(
    ({ sources, query }: { sources: PickerSource[]; query: string }) =>
      usePickerRows({
        sources,
        view: 'list',
        query,
        expandedIds: new Set(),
        directories: {},
        hideAssistantOnly: false,
        searchLimit: 50,
        searchWorker: worker?.factory,
      }),
    { initialProps: { sources: [first], query: '' }, wrapper: StrictMode },
  )
}

const labels = (rows: Iterable<{ kind: string; label: string }>) =>
  [...rows].filter((r) => r.kind === 'resource').map((r) => r.label)

describe('usePickerRows', () => {
  it('keeps the rows shown until the hits arrive, then shows them', async () => {
    const started = workerFactory()
    const first = source(['alpha', 'beta', 'gamma'])
    const { result, rerender } = renderRows(started, first)
    rerender({ sources: [first], query: 'alp' })
    await waitFor(() => expect(labels(result.current.rows)).toEqual(['alpha']))
    const worker = started.latest()
    worker.hold()
    rerender({ sources: [first], query: 'beta' })
    await worker.waitHeld(1)
    // Not there yet: the previous query's rows stay (no flash of an empty list).
    expect(result.current.searchPending).toBe(true)
    expect(labels(result.current.rows)).toEqual(['alpha'])
    act(() => worker.release(0))
    await waitFor(() => expect(labels(result.current.rows)).toEqual(['beta']))
    expect(result.current.searchPending).toBe(false)
  })

  it('runs a shown query once more after its reply, however often the index grew', async () => {
    const started = workerFactory()
    const first = source(['alpha', 'beta'])
    const { result, rerender } = renderRows(started, first)
    rerender({ sources: [first], query: 'al' })
    await waitFor(() => expect(labels(result.current.rows)).toEqual(['alpha']))
    const worker = started.latest()
    worker.hold()
    // A search over the old index (held), then three pages, each with one more match.
    rerender({ sources: [first], query: 'alp' })
    await worker.waitHeld(1)
    let grown = first
    for (const name of ['alpine', 'alps', 'alpaca']) {
      grown = { ...grown, resources: [...grown.resources, res(name)] }
      rerender({ sources: [grown], query: 'alp' })
      // The page's upsert is answered: the index changed while the search is out.
      await worker.waitHeld(2)
      act(() => worker.release(1))
    }
    // The last upsert's answer reaches the index's listeners.
    await new Promise((resolve) => setTimeout(resolve, 20))
    const searchesBefore = worker.calls.filter((name) => name === 'search').length
    act(() => worker.release(0))
    await worker.waitHeld(1)
    act(() => worker.release(0))
    await waitFor(() =>
      expect(labels(result.current.rows).sort()).toEqual(['alpaca', 'alpha', 'alpine', 'alps']),
    )
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(worker.calls.filter((name) => name === 'search').length).toBe(searchesBefore + 1)
  })

  it('searches on the main thread without a worker, and covers pages as they arrive', async () => {
    const first = source(['alpha', 'beta'])
    const { result, rerender } = renderRows(undefined, first)
    rerender({ sources: [first], query: 'alp' })
    await waitFor(() => expect(labels(result.current.rows)).toEqual(['alpha']))
    const grown: PickerSource = { ...first, resources: [...first.resources, res('alpine')] }
    rerender({ sources: [grown], query: 'alp' })
    await waitFor(() => expect(labels(result.current.rows).sort()).toEqual(['alpha', 'alpine']))
  })
})
