// `@resource-kit/client/persist`: opt-in persistence of the cache in IndexedDB.
export type {
  CacheStorage,
  PersistedResourceCache,
  PersistResourceCacheOptions,
} from './persistResourceCache.ts'
export {
  indexedDbCacheStorage,
  isPersistable,
  persistResourceCache,
} from './persistResourceCache.ts'
