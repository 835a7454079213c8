import type { CacheHint } from '@modelcontextprotocol/server'

// How long clients may reuse each result (SEP-2549). Lists and templates are the same for
// everyone (public); tickets and production tables are per-user (private).

/** `resources/list` pages: short, because the live file changes the list. */
export const listCacheHint = { ttlMs: 10_000, cacheScope: 'public' } satisfies CacheHint
/** `resources/templates/list` and `server/discover`: they never change while running. */
export const staticCacheHint = { ttlMs: 3_600_000, cacheScope: 'public' } satisfies CacheHint
export const fileReadHint = { ttlMs: 60_000, cacheScope: 'public' } satisfies CacheHint
export const folderReadHint = { ttlMs: 10_000, cacheScope: 'public' } satisfies CacheHint
export const tableReadHint = { ttlMs: 300_000, cacheScope: 'public' } satisfies CacheHint
export const privateTableReadHint = { ttlMs: 60_000, cacheScope: 'private' } satisfies CacheHint
export const ticketReadHint = { ttlMs: 30_000, cacheScope: 'private' } satisfies CacheHint
/** The log changes every few seconds: always refetch. */
export const logReadHint = { ttlMs: 0, cacheScope: 'public' } satisfies CacheHint
