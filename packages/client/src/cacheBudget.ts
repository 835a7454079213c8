// The cache is bounded in every runtime. query-core keeps unused entries forever where it
// thinks it runs on a server (Node: gcTime Infinity) and bounds neither their number nor
// their size, so a long-running agent that reads many resources would grow without end.
// Each client gives its entries a finite gcTime (resourceQueries) and watches its own
// entries here: past `maxEntries` or `maxBytes` the least recently updated entries that
// nobody observes and nothing is fetching are removed.
import type { Query, QueryCacheNotifyEvent, QueryClient, QueryKey } from '@tanstack/query-core'

export interface CacheLimits {
  /** Most entries (list pages and reads) this client keeps cached. @default 2000 */
  maxEntries?: number
  /** Most bytes of read contents (decoded) this client keeps cached. @default 64 MiB */
  maxBytes?: number
  /** How long an unused entry stays in memory, in Node as in the browser. @default 300000 (5 min), or the QueryClient's own default `gcTime` when it sets one */
  gcTimeMs?: number
}

export const DEFAULT_CACHE_LIMITS = {
  maxEntries: 2_000,
  maxBytes: 64 * 1024 * 1024,
  gcTimeMs: 5 * 60_000,
} as const

type AnyQuery = Query<unknown, Error, unknown, readonly unknown[]>

export interface CacheBudgetOptions {
  /** The entries this budget counts (the client's own keys). */
  owns: (queryKey: QueryKey) => boolean
  /** Bytes an entry's data holds (0 when not worth counting). */
  sizeOf: (data: unknown) => number
  maxEntries: number
  maxBytes: number
}

/** Starts bounding the client's entries in `queryClient`; returns the function that stops. */
export function boundCache(queryClient: QueryClient, options: CacheBudgetOptions): () => void {
  const cache = queryClient.getQueryCache()
  // Insertion order is update order: an entry is moved to the end whenever it gets data.
  const entries = new Map<AnyQuery, number>()
  let bytes = 0
  let sweepQueued = false

  const forget = (query: AnyQuery) => {
    const size = entries.get(query)
    if (size === undefined) return
    bytes -= size
    entries.delete(query)
  }
  const over = () => entries.size > options.maxEntries || bytes > options.maxBytes
  const sweep = () => {
    sweepQueued = false
    for (const query of entries.keys()) {
      if (!over()) return
      if (query.getObserversCount() > 0 || query.state.fetchStatus !== 'idle') continue
      cache.remove(query) // emits 'removed', which forgets it
      forget(query)
    }
  }

  return cache.subscribe((event: QueryCacheNotifyEvent) => {
    const query = event.query as AnyQuery
    if (event.type === 'removed') {
      forget(query)
      return
    }
    if (event.type === 'added') {
      if (options.owns(query.queryKey)) entries.set(query, 0)
    } else if (event.type === 'updated' && event.action.type === 'success') {
      if (!entries.has(query)) return
      forget(query)
      const size = options.sizeOf(query.state.data)
      entries.set(query, size)
      bytes += size
    } else {
      return
    }
    if (over() && !sweepQueued) {
      sweepQueued = true
      // After the dispatch that grew the cache: the fetch that just landed is idle by then.
      queueMicrotask(sweep)
    }
  })
}
