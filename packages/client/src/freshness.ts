// An invalidation always wins over an in-flight fetch. query-core marks a query fresh
// when its fetch succeeds, even when that fetch was sent before the invalidation (the
// server's `updated` overtook the response). So each client keeps a logical clock, as the
// official SDK's cache keeps a generation per key: a fetch stamps its data with the time
// it was sent, an invalidation stamps the queries it reaches, and data sent before its
// query's last invalidation is late — kept (the caller that asked still gets it) but never
// fresh: it is invalidated again the moment it lands, and a caller that came after the
// invalidation fetches anew.
import type { Query, QueryCacheNotifyEvent, QueryClient } from '@tanstack/query-core'

type AnyQuery = Query<unknown, Error, unknown, readonly unknown[]>

export class Freshness {
  #clock = 0
  /** When each query was last invalidated (weak: dies with the query). */
  readonly #invalidatedAt = new WeakMap<object, number>()
  /** When the request that produced each data object was sent. */
  readonly #sentAt = new WeakMap<object, number>()

  /** The clock now: a fetch takes it before sending, a caller when it calls. */
  now(): number {
    return this.#clock
  }

  /** Records that `data` answers a request sent at `sentAt`. */
  stamp<T extends object>(data: T, sentAt: number): T {
    this.#sentAt.set(data, sentAt)
    return data
  }

  /** Records an invalidation of these queries (before query-core's own invalidate). */
  invalidated(queries: readonly object[]): void {
    const at = ++this.#clock
    for (const query of queries) this.#invalidatedAt.set(query, at)
  }

  /** The query's data was sent before the query's last invalidation. */
  isLate(query: { state: { data: unknown } }): boolean {
    return this.#lateBy(query, query.state.data) !== undefined
  }

  /**
   * `data` (from `query`) must not be served to a caller that called at `calledAt`: it was
   * sent before an invalidation that the caller came after.
   */
  isStaleFor(query: object | undefined, data: unknown, calledAt: number): boolean {
    if (!query) return false
    const at = this.#lateBy(query, data)
    return at !== undefined && at <= calledAt
  }

  /** The invalidation time that makes `data` late in `query`, if any. */
  #lateBy(query: object, data: unknown): number | undefined {
    const at = this.#invalidatedAt.get(query)
    if (at === undefined || typeof data !== 'object' || data === null) return undefined
    const sent = this.#sentAt.get(data)
    return sent !== undefined && sent < at ? at : undefined
  }

  /**
   * Keeps late data invalidated in `queryClient`: when a late fetch succeeds (which clears
   * `isInvalidated`), the query is invalidated again at once, inside the same dispatch, and
   * refetched if an observer (React Query) is watching. Returns the unsubscribe function.
   */
  attach(queryClient: QueryClient): () => void {
    return queryClient.getQueryCache().subscribe((event: QueryCacheNotifyEvent) => {
      if (event.type !== 'updated' || event.action.type !== 'success') return
      const query = event.query as AnyQuery
      if (!this.isLate(query)) return
      query.invalidate()
      if (query.getObserversCount() > 0) {
        queueMicrotask(() => {
          queryClient
            .refetchQueries({ queryKey: query.queryKey, exact: true, type: 'active' })
            .catch(() => {})
        })
      }
    })
  }
}
