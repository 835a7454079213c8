// Where sign-ins are kept: a small async key-value port, one key per server (its MCP URL),
// so servers never see each other's tokens. The host picks the store; these are the
// browser defaults (the Node default is `fileAuthStorage` in `@resource-kit/client/node`).

/** Persists one JSON document per server. Values hold tokens: keep them out of logs. */
export interface AuthStorage {
  get(key: string): Promise<string | undefined>
  set(key: string, value: string): Promise<void>
  delete(key: string): Promise<void>
}

/** Keeps sign-ins in memory only: they end with the process or page. */
export function memoryAuthStorage(): AuthStorage {
  const values = new Map<string, string>()
  return {
    async get(key) {
      return values.get(key)
    },
    async set(key, value) {
      values.set(key, value)
    },
    async delete(key) {
      values.delete(key)
    },
  }
}

export interface LocalStorageAuthOptions {
  /** @default globalThis.localStorage */
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>
  /** Prefix of every key. @default 'resource-kit:auth:' */
  prefix?: string
}

/** Keeps sign-ins in the browser's `localStorage`, one entry per server. */
export function localStorageAuthStorage(options: LocalStorageAuthOptions = {}): AuthStorage {
  const prefix = options.prefix ?? 'resource-kit:auth:'
  const storage = () => {
    const store = options.storage ?? globalThis.localStorage
    if (!store) throw new Error('localStorage is not available here: pass another AuthStorage')
    return store
  }
  return {
    async get(key) {
      return storage().getItem(prefix + key) ?? undefined
    },
    async set(key, value) {
      storage().setItem(prefix + key, value)
    },
    async delete(key) {
      storage().removeItem(prefix + key)
    },
  }
}

/** The storage key of a server: its endpoint without query or fragment. */
export function authStorageKey(serverUrl: URL): string {
  const url = new URL(serverUrl)
  url.hash = ''
  url.search = ''
  return url.href
}
