// `@resource-kit/client/persist`: opt-in persistence of the cache in IndexedDB, and
// sign-ins kept there too (an AuthStorage for `createOAuth`).
export { indexedDbAuthStorage } from './auth/indexedDbAuthStorage.ts'
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
