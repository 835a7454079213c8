// The main-thread side of a search that lives in a Web Worker (searchHost.ts): the same
// calls as ResourceSearch, asynchronous. Only the difference of each list crosses to the
// worker (a new page, a diff), in slices, as the searchable fields alone; hits come back
// as ids and are mapped to the caller's objects here. Someone typing goes first: a search
// waits behind at most one slice of indexing (slices are sent one by one), one search is in
// the worker at a time, and a search aborted before its turn is never sent. Without an
// endpoint, or when the worker fails, the same search runs on this thread (the fallback).
// Both ends load on first use (`import()`): a page ships the index and fuse.js (or comlink)
// as a chunk of their own, fetched while the first list page is, not before the picker shows.
import type { Endpoint, Remote } from 'comlink'
import { sameFields } from './sameFields.ts'
import type { SearchHostApi } from './searchHost.ts'
import type {
  ResourceSearch,
  ResourceSearchOptions,
  SearchableItem,
  SearchHit,
  SearchOptions,
} from './types.ts'

/**
 * Items copied to the worker per message: a structured clone of this many stays well within
 * a frame, and indexing them (a few ms) is all a search may wait for.
 */
const SLICE = 500

export interface AsyncSearchOptions extends SearchOptions {
  /** Aborting rejects the search with the signal's reason. */
  signal?: AbortSignal
}

/** A ResourceSearch whose index lives off the main thread. */
export interface AsyncResourceSearch<T extends SearchableItem> {
  /** Makes the searched items exactly `items`; only what changed is sent to the worker. */
  setItems(items: readonly T[], signal?: AbortSignal): Promise<void>
  upsert(items: readonly T[], signal?: AbortSignal): Promise<void>
  remove(ids: Iterable<string>, signal?: AbortSignal): Promise<void>
  /** Hits for `query`, best first, holding the objects given to this search. */
  search(query: string, options?: AsyncSearchOptions): Promise<SearchHit<T>[]>
  /** Items known on this thread. */
  readonly size: number
  /** Where the index lives now: `main` without a worker or after the worker failed. */
  readonly host: 'worker' | 'main'
  /** Ends the worker's use (the caller terminates a worker it started). */
  close(): void
}

export interface WorkerSearchOptions extends ResourceSearchOptions {
  /** The worker running `@resource-kit/search/worker`; without one the search runs on this thread. */
  endpoint?: Endpoint
  /** Told when the worker fails and the search falls back to this thread. */
  onFallback?: (error: unknown) => void
}

function slim(item: SearchableItem): SearchableItem {
  const copy: SearchableItem = { id: item.id, name: item.name, uri: item.uri }
  if (typeof item.title === 'string') copy.title = item.title
  if (typeof item.description === 'string') copy.description = item.description
  if (typeof item.scope === 'string') copy.scope = item.scope
  return copy
}

function isSearchable<I>(item: I): item is I & SearchableItem {
  if (item === null || typeof item !== 'object') return false
  const { id, name, uri } = item as unknown as Record<string, unknown>
  return typeof id === 'string' && typeof name === 'string' && typeof uri === 'string'
}

/** Creates a search in the worker behind `options.endpoint` (or on this thread without one). */
export function createWorkerSearch<T extends SearchableItem>(
  options: WorkerSearchOptions = {},
): AsyncResourceSearch<T> {
  const { endpoint, onFallback, ...searchOptions } = options
  const items = new Map<string, T>()
  /** The search on this thread, once something needs it (no endpoint, or the worker failed). */
  let local: Promise<ResourceSearch<T>> | undefined
  let remote: Promise<Remote<SearchHostApi>> | undefined
  let closed = false
  /** The last search's turn: the next one is sent when it is answered. */
  let lastSearch: Promise<unknown> = Promise.resolve()
  if (endpoint) {
    remote = import('comlink').then(({ wrap }) => wrap<SearchHostApi>(endpoint))
    // A worker that fails to load or throws at the top level reports it here.
    endpoint.addEventListener('error', (event) => fallBack(event))
    remote.then((api) => api.configure(searchOptions)).catch(fallBack)
  }

  /** The search on this thread, loaded on first use and given `seed` (the fallback's items). */
  function onThisThread(seed?: readonly T[]): Promise<ResourceSearch<T>> {
    local ??= import('./resourceSearch.ts').then(({ createResourceSearch }) => {
      const search = createResourceSearch<T>(searchOptions)
      if (seed) search.setItems(seed)
      return search
    })
    return local
  }

  function fallBack(error: unknown): void {
    if (local) return
    remote = undefined
    void onThisThread([...items.values()]).catch(() => {})
    onFallback?.(error)
  }

  /** Runs `call` on the worker, or on this thread when there is none (or it failed). */
  async function run<R>(
    onWorker: (api: Remote<SearchHostApi>) => Promise<R>,
    onMain: (search: ResourceSearch<T>) => R,
  ): Promise<R> {
    if (closed) throw new Error('The search is closed')
    if (remote) {
      try {
        return await onWorker(await remote)
      } catch (error) {
        fallBack(error)
      }
    }
    return onMain(await onThisThread())
  }

  async function send(changed: T[], removed: string[], signal?: AbortSignal): Promise<void> {
    signal?.throwIfAborted()
    await run(
      async (api) => {
        if (removed.length > 0) await api.remove(removed)
        for (let i = 0; i < changed.length; i += SLICE) {
          await api.upsert(changed.slice(i, i + SLICE).map(slim))
        }
      },
      (search) => {
        search.remove(removed)
        search.upsert(changed)
      },
    )
  }

  return {
    async setItems(list, signal) {
      const seen = new Set<string>()
      const changed: T[] = []
      for (const item of Array.isArray(list) ? list : []) {
        if (!isSearchable(item)) continue
        seen.add(item.id)
        const known = items.get(item.id)
        if (!known || !sameFields(known, item)) changed.push(item)
        items.set(item.id, item)
      }
      const removed: string[] = []
      for (const id of items.keys()) if (!seen.has(id)) removed.push(id)
      for (const id of removed) items.delete(id)
      if (!remote) {
        const search = await onThisThread()
        signal?.throwIfAborted()
        search.setItems(list)
        return
      }
      await send(changed, removed, signal)
    },

    async upsert(list, signal) {
      const changed = (Array.isArray(list) ? list : []).filter(isSearchable) as T[]
      for (const item of changed) items.set(item.id, item)
      await send(changed, [], signal)
    },

    async remove(ids, signal) {
      const removed = [...ids].filter((id) => items.delete(id))
      await send([], removed, signal)
    },

    async search(query, { signal, ...rest } = {}) {
      signal?.throwIfAborted()
      const previous = lastSearch
      const turn = (async () => {
        // One search in the worker at a time: a newer query asked meanwhile aborts this one,
        // which then never costs the worker a pass over the index.
        await previous.catch(() => {})
        signal?.throwIfAborted()
        return run(
          async (api) => {
            const found = await api.search(query, rest)
            return found.flatMap((hit): SearchHit<T>[] => {
              const item = items.get(hit.id)
              return item ? [{ item, score: hit.score, matches: hit.matches }] : []
            })
          },
          (search) => search.search(query, rest),
        )
      })()
      lastSearch = turn
      const hits = await turn
      signal?.throwIfAborted()
      return hits
    },

    get size() {
      return items.size
    },

    get host() {
      return remote ? 'worker' : 'main'
    },

    close() {
      closed = true
      remote = undefined
    },
  }
}
