// The servers of one ResourceClient by id, with one subscribe + snapshot pair over all
// their statuses (for useSyncExternalStore and the CLI): `getServers()` keeps its array
// identity until some server's snapshot changes.
import { UnknownServerError } from './errors.ts'
import { ServerConnection, type ServerConnectionOptions } from './serverConnection.ts'
import type { ServerSnapshot } from './types.ts'

export class ServerRegistry {
  readonly #connections = new Map<string, ServerConnection>()
  readonly #listeners = new Set<() => void>()
  #servers: readonly ServerSnapshot[] = []

  add(options: Omit<ServerConnectionOptions, 'onChange'>): ServerConnection {
    if (this.#connections.has(options.id)) {
      throw new Error(`A server with id "${options.id}" was already added`)
    }
    const connection = new ServerConnection({ ...options, onChange: () => this.#changed() })
    this.#connections.set(options.id, connection)
    this.#changed()
    return connection
  }

  /** Forgets the server (after closing it). */
  delete(id: string): ServerConnection | undefined {
    const connection = this.#connections.get(id)
    this.#connections.delete(id)
    if (connection) this.#changed()
    return connection
  }

  get(id: string): ServerConnection | undefined {
    return this.#connections.get(id)
  }

  require(id: string): ServerConnection {
    const connection = this.#connections.get(id)
    if (!connection) throw new UnknownServerError(id)
    return connection
  }

  all(): ServerConnection[] {
    return [...this.#connections.values()]
  }

  getServers(): readonly ServerSnapshot[] {
    return this.#servers
  }

  subscribe(listener: () => void): () => void {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  #changed(): void {
    this.#servers = Object.freeze([...this.#connections.values()].map((c) => c.snapshot))
    for (const listener of [...this.#listeners]) listener()
  }
}
