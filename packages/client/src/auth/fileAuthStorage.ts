// The Node default AuthStorage: one JSON file in the user's config directory, readable by
// the user alone (0600, its directory 0700), replaced atomically on every write.
import { chmod, mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import { homedir } from 'node:os'
import { dirname, join } from 'node:path'
import type { AuthStorage } from './authStorage.ts'

export interface FileAuthStorageOptions {
  /** @default defaultAuthFile() */
  path?: string
}

/** `$XDG_CONFIG_HOME/resource-kit/auth.json` (`~/.config/…`; `%APPDATA%\resource-kit\auth.json` on Windows). */
export function defaultAuthFile(env: NodeJS.ProcessEnv = process.env): string {
  const base =
    process.platform === 'win32'
      ? (env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'))
      : (env.XDG_CONFIG_HOME ?? join(homedir(), '.config'))
  return join(base, 'resource-kit', 'auth.json')
}

export function fileAuthStorage(options: FileAuthStorageOptions = {}): AuthStorage {
  const path = options.path ?? defaultAuthFile()
  // Writes of one storage go one after another, so none is lost to a race.
  let queue: Promise<unknown> = Promise.resolve()
  const load = async (): Promise<Record<string, string>> => {
    let text: string
    try {
      text = await readFile(path, 'utf8')
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {}
      throw error
    }
    try {
      const data: unknown = JSON.parse(text)
      if (typeof data !== 'object' || data === null || Array.isArray(data)) return {}
      return Object.fromEntries(
        Object.entries(data).filter(
          (entry): entry is [string, string] => typeof entry[1] === 'string',
        ),
      )
    } catch {
      return {} // a damaged file is read as empty; the next write replaces it
    }
  }
  const update = (change: (data: Record<string, string>) => void): Promise<void> => {
    const next = queue.then(async () => {
      const data = await load()
      change(data)
      await mkdir(dirname(path), { recursive: true, mode: 0o700 })
      const temporary = `${path}.${process.pid}.tmp`
      await writeFile(temporary, `${JSON.stringify(data, null, 2)}\n`, { mode: 0o600 })
      await chmod(temporary, 0o600) // writeFile's mode is masked by the umask
      await rename(temporary, path)
    })
    queue = next.catch(() => {})
    return next
  }
  return {
    async get(key) {
      await queue
      return (await load())[key]
    },
    set(key, value) {
      return update((data) => {
        data[key] = value
      })
    },
    delete(key) {
      return update((data) => {
        delete data[key]
      })
    },
  }
}
