// Sign-ins kept in IndexedDB (idb-keyval), one entry per server URL: the same port as
// localStorage, but asynchronous (no main-thread blocking) and usable from workers. In
// `@resource-kit/client/persist`, so the main entry carries no IndexedDB code.
import { createStore, del, get, set } from 'idb-keyval'
import type { AuthStorage } from './authStorage.ts'

/**
 * Keeps sign-ins in IndexedDB. A database of its own (idb-keyval opens one object store
 * per database), apart from the persisted cache's. Values hold tokens: keep them out of logs.
 */
export function indexedDbAuthStorage(
  database = 'resource-kit-auth',
  store = 'sign-ins',
): AuthStorage {
  const idb = createStore(database, store)
  return {
    async get(key) {
      const value: unknown = await get(key, idb)
      return typeof value === 'string' ? value : undefined
    },
    set: (key, value) => set(key, value, idb),
    delete: (key) => del(key, idb),
  }
}
