// Opt-in persistence of the client's cache, so a reload shows the last lists at once:
// TanStack Query's persistQueryClient with an IndexedDB store (idb-keyval), saved at most
// once a second. Restored entries keep their age, so what is still within the server's
// ttlMs is served with no wire call and the rest is refetched (an observer shows the
// stored data meanwhile). What is stored:
// - only successful entries under `['mcp', …, partition]` of this client's partition, in a
//   record named after that partition (so `private` results never reach another principal);
//   a different partition than last time drops the old record (sign-out: `clear()`);
// - only results with a ttlMs above 0: a result reached through input-required rounds is
//   cached with ttlMs 0 (and removed at once), so it is never stored.

import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister'
import type { Query } from '@tanstack/query-core'
import {
  type AsyncStorage,
  type PersistedClient,
  persistQueryClient,
} from '@tanstack/query-persist-client-core'
import { createStore, del, get, set } from 'idb-keyval'
import { MAX_TTL_MS } from './cacheHints.ts'
import type { ResourceClient } from './resourceClient.ts'

/** Where the cache is stored: IndexedDB by default; anything with these three calls works. */
export interface CacheStorage {
  getItem(key: string): Promise<unknown>
  setItem(key: string, value: unknown): Promise<void>
  removeItem(key: string): Promise<void>
}

export interface PersistResourceCacheOptions {
  /** @default IndexedDB database `resource-kit`, object store `cache` (idb-keyval) */
  storage?: CacheStorage
  /** Prefix of the stored records' keys; the partition is appended. @default 'resource-kit' */
  key?: string
  /** A stored cache older than this is discarded. @default 24 h, the longest ttlMs */
  maxAge?: number
  /** Change it (an app version) to discard what was stored. @default '' */
  buster?: string
  /** Saves at most once per this many ms. @default 1000 */
  throttleTime?: number
}

export interface PersistedResourceCache {
  /** Resolves once the stored entries are back in the cache (or there were none). Await it before rendering. */
  readonly restored: Promise<void>
  /** Stops saving; what is stored stays. */
  stop(): void
  /** Stops saving and removes this partition's record (sign-out). */
  clear(): Promise<void>
}

/** An IndexedDB store through idb-keyval: values are stored as structured clones, not JSON. */
export function indexedDbCacheStorage(database = 'resource-kit', store = 'cache'): CacheStorage {
  const idb = createStore(database, store)
  return {
    getItem: (key) => get(key, idb),
    setItem: (key, value) => set(key, value, idb),
    removeItem: (key) => del(key, idb),
  }
}

function hasTtl(value: unknown): boolean {
  const ttl = (value as { ttlMs?: unknown } | null)?.ttlMs
  return typeof ttl === 'number' && ttl > 0
}

/** A page, a read, or an infinite query's pages, every one with a ttlMs above 0. */
export function isPersistable(data: unknown): boolean {
  const pages = (data as { pages?: unknown } | null)?.pages
  if (Array.isArray(pages)) return pages.length > 0 && pages.every(hasTtl)
  return hasTtl(data)
}

/** Starts persisting `client`'s cache; await `restored` before the first query runs. */
export function persistResourceCache(
  client: ResourceClient,
  options: PersistResourceCacheOptions = {},
): PersistedResourceCache {
  const storage = options.storage ?? indexedDbCacheStorage()
  const prefix = options.key ?? 'resource-kit'
  const partition = client.partition
  const recordKey = `${prefix}:${partition}`
  const lastPartitionKey = `${prefix}:partition`
  const shouldDehydrateQuery = (query: Query) =>
    query.state.status === 'success' &&
    query.queryKey[0] === 'mcp' &&
    query.queryKey[2] === partition &&
    isPersistable(query.state.data)
  const persister = createAsyncStoragePersister({
    // Stored as a structured clone: the identity "serializer" hands the object through.
    storage: storage as unknown as AsyncStorage<string>,
    key: recordKey,
    throttleTime: options.throttleTime ?? 1000,
    serialize: (value) => value as unknown as string,
    deserialize: (value) => value as unknown as PersistedClient,
  })

  let unsubscribe: () => void = () => {}
  let stopped = false
  const restored = (async () => {
    const last = await storage.getItem(lastPartitionKey).catch(() => undefined)
    if (typeof last === 'string' && last !== partition) {
      await storage.removeItem(`${prefix}:${last}`).catch(() => {})
    }
    await storage.setItem(lastPartitionKey, partition).catch(() => {})
    if (stopped) return
    const [stop, restoring] = persistQueryClient({
      queryClient: client.queryClient,
      persister,
      maxAge: options.maxAge ?? MAX_TTL_MS,
      buster: options.buster ?? '',
      dehydrateOptions: { shouldDehydrateQuery },
    })
    unsubscribe = stop
    // A broken or foreign record is removed by persistQueryClient; the app starts empty.
    await restoring.catch(() => {})
  })()

  return {
    restored,
    stop() {
      stopped = true
      unsubscribe()
    },
    async clear() {
      stopped = true
      unsubscribe()
      await restored.catch(() => {})
      await storage.removeItem(recordKey)
    },
  }
}
