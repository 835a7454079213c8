// The cache of record's operations both clients run, the direct one and the bridged page's:
// a fetch shared per key in which an invalidation beats an answer already on its way
// (freshness.ts), an invalidation that stamps what it reaches first, the reads a URI's
// change concerns, and a list whose cursor the server rejected dropped from the cache.
import {
  type FetchQueryOptions,
  hashKey,
  type Query,
  type QueryClient,
  type QueryFilters,
  type QueryKey,
} from '@tanstack/query-core'
import { Freshness } from './freshness.ts'
import { SharedFetches } from './sharedFetch.ts'
import { isUriUnder } from './subscriptionsFilter.ts'

export class CacheOfRecord {
  readonly queryClient: QueryClient
  /** Invalidations win over fetches in flight. */
  readonly freshness = new Freshness()
  /** Deduplicated fetches, cancelled when their last waiting caller aborts. */
  readonly #fetches: SharedFetches
  /** Stops following the QueryClient's cache. */
  readonly detach: () => void

  constructor(queryClient: QueryClient) {
    this.queryClient = queryClient
    this.#fetches = new SharedFetches(queryClient)
    this.detach = this.freshness.attach(queryClient)
  }

  /**
   * A shared fetch, except that a caller who came after an invalidation never takes the
   * answer of a request sent before it: it waits for that one to land, then fetches anew.
   */
  async fetch<T>(options: FetchQueryOptions<T>, signal: AbortSignal | undefined): Promise<T> {
    const calledAt = this.freshness.now()
    const first = await this.#fetches.fetch(options, signal)
    if (!this.freshness.isStaleFor(this.find(options.queryKey), first, calledAt)) return first
    return this.#fetches.fetch(options, signal)
  }

  /** query-core's invalidation, after stamping the queries so a fetch in flight lands stale. */
  invalidate(filters: QueryFilters): Promise<void> {
    this.freshness.invalidated(this.queryClient.getQueryCache().findAll(filters))
    return this.queryClient.invalidateQueries(filters)
  }

  /**
   * Invalidates the reads under `prefix` at or under `uri`, or that contain it (a directory
   * read includes its children): every notification path comes through here.
   */
  invalidateReads(prefix: QueryKey, uri: string): Promise<void> {
    return this.invalidate({
      queryKey: prefix,
      predicate: (query) => {
        const readUri = query.queryKey[prefix.length]
        return typeof readUri === 'string' && (isUriUnder(readUri, uri) || isUriUnder(uri, readUri))
      },
    })
  }

  find(key: QueryKey): Query | undefined {
    // By hash: `find({ exact })` scans (and hashes) every entry of the cache.
    return this.queryClient.getQueryCache().get(hashKey(key))
  }

  /**
   * A rejected cursor: every cached page of this list belongs to another snapshot. Settled
   * pages are removed; pages in flight (other callers' fetches) are not cancelled, only
   * marked so that their answers land stale.
   */
  dropList(prefix: QueryKey): void {
    const cache = this.queryClient.getQueryCache()
    const queries = cache.findAll({ queryKey: prefix })
    const inFlight = queries.filter((query) => query.state.fetchStatus !== 'idle')
    this.freshness.invalidated(inFlight)
    for (const query of inFlight) query.invalidate()
    for (const query of queries) if (query.state.fetchStatus === 'idle') cache.remove(query)
  }
}
