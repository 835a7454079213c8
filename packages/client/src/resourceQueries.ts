// Query-option factories for the cache of record: one per cached shape, with the key
// from resourceKeys and staleness from the server's `ttlMs` (0 = refetch on every use).
// `queryClient.fetchQuery(options)` uses them; they also suit observers (React Query).
// `gcTime` is always finite (query-core's default in Node is to keep entries forever).
import type { QueryKey } from '@tanstack/query-core'
import { DEFAULT_CACHE_LIMITS } from './cacheBudget.ts'
import type { ReadKey } from './resourceKeys.ts'
import type { CacheHints, Page, ReadResult } from './types.ts'

/**
 * One read's query options under the client's own key (`client.readQuery`): the entry that
 * `client.read` fills too, so a read observed by React Query and read by the client is one
 * cache entry and one request. Hand them to `useQuery` / `fetchQuery` / `QueryObserver` as
 * they are.
 */
export interface ReadQueryOptions {
  queryKey: ReadKey
  queryFn: (context: { signal: AbortSignal }) => Promise<ReadResult>
  /** The server's TTL (0 until something is cached). */
  staleTime: (query: { state: { data: ReadResult | undefined } }) => number
  gcTime: number
  retry: false
  /** With `maxBytes`: refuses contents over the limit per use (the entry is the same for any limit). */
  select?: (data: ReadResult) => ReadResult
}

/** How long a cached result stays fresh: the server's TTL, 0 until something is cached. */
export function ttlStaleTime<T extends CacheHints>(query: {
  state: { data: T | undefined }
}): number {
  return query.state.data?.ttlMs ?? 0
}

export function pageQuery<T>(
  queryKey: QueryKey,
  fetchPage: (signal: AbortSignal) => Promise<Page<T>>,
  gcTime: number = DEFAULT_CACHE_LIMITS.gcTimeMs,
) {
  return {
    queryKey,
    queryFn: ({ signal }: { signal: AbortSignal }) => fetchPage(signal),
    staleTime: ttlStaleTime<Page<T>>,
    gcTime,
    retry: false as const,
  }
}

export function readQuery(
  queryKey: ReadKey,
  fetchRead: (signal: AbortSignal) => Promise<ReadResult>,
  gcTime: number = DEFAULT_CACHE_LIMITS.gcTimeMs,
): ReadQueryOptions {
  return {
    queryKey,
    queryFn: ({ signal }: { signal: AbortSignal }) => fetchRead(signal),
    staleTime: ttlStaleTime<ReadResult>,
    gcTime,
    retry: false as const,
  }
}
