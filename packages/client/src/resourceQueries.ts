// Query-option factories for the cache of record: one per cached shape, with the key
// from resourceKeys and staleness from the server's `ttlMs` (0 = refetch on every use).
// `queryClient.fetchQuery(options)` uses them; they also suit observers (React Query).
// `gcTime` is always finite (query-core's default in Node is to keep entries forever).
import type { QueryKey } from '@tanstack/query-core'
import { DEFAULT_CACHE_LIMITS } from './cacheBudget.ts'
import type { CacheHints, Page, ReadResult } from './types.ts'

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
  queryKey: QueryKey,
  fetchRead: (signal: AbortSignal) => Promise<ReadResult>,
  gcTime: number = DEFAULT_CACHE_LIMITS.gcTimeMs,
) {
  return {
    queryKey,
    queryFn: ({ signal }: { signal: AbortSignal }) => fetchRead(signal),
    staleTime: ttlStaleTime<ReadResult>,
    gcTime,
    retry: false as const,
  }
}
