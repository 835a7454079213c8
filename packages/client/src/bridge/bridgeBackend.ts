// What all the connections of one backend share: which principal each `private` result was
// served to (so it is never served to another), and the routes by which an input request or
// a sign-in reaches the page that caused it. The host creates one and hands its
// `inputHandler` and `openAuthorization` to the client it serves.
import type { AuthorizationContext } from '../auth/createOAuth.ts'
import type { ElicitationAnswer, ElicitationRequest, InputHandler } from '../inputHandler.ts'

/** One page connection, as the backend's routes see it. */
export interface RoutedConnection {
  readonly open: boolean
  askInput(
    request: ElicitationRequest,
    serverId: string,
    uri: string | undefined,
    signal: AbortSignal,
  ): Promise<ElicitationAnswer>
  openAuthorization(url: URL, serverId: string, signal?: AbortSignal): Promise<string | undefined>
}

export interface BridgeBackend {
  /** Give it to `createResourceClient({ inputHandler })`: the page whose read asked answers. */
  readonly inputHandler: InputHandler
  /** Give it to `createOAuth({ openAuthorization })`: the page that asked to sign in opens the page. */
  readonly openAuthorization: (
    url: URL,
    context: AuthorizationContext,
  ) => Promise<string | URL | undefined>
}

/** One per backend process: share it with every `serveBridge` call. */
export function createBridgeBackend(): BridgeBackend {
  return new SharedBackend()
}

class SharedBackend implements BridgeBackend {
  readonly routes = new BridgeRoutes()
  readonly inputHandler: InputHandler = (request, context) => this.routes.askInput(request, context)
  readonly openAuthorization = (url: URL, context: AuthorizationContext) =>
    this.routes.openAuthorization(url, context)
}

/** The routes behind a backend (serveBridge's side; not part of the public type). */
export function routesOf(backend: BridgeBackend): BridgeRoutes {
  if (!(backend instanceof SharedBackend)) {
    throw new TypeError('serveBridge needs a backend made by createBridgeBackend()')
  }
  return backend.routes
}

export class BridgeRoutes {
  /** A `private` result object → the principal it was served to. */
  readonly owners = new WeakMap<object, string>()
  /** Requests in flight per server and per server + URI: who to ask for input. */
  readonly #byServer = new Map<string, RoutedConnection[]>()
  readonly #byRead = new Map<string, RoutedConnection[]>()
  /** Per server: the connection that asked to sign in last. */
  readonly #signingIn = new Map<string, RoutedConnection>()

  /** Marks a request of `connection` in flight; the returned function unmarks it. */
  track(connection: RoutedConnection, serverId: string, uri?: string): () => void {
    const untrack = [add(this.#byServer, serverId, connection)]
    if (uri !== undefined) untrack.push(add(this.#byRead, readKey(serverId, uri), connection))
    return () => {
      for (const done of untrack) done()
    }
  }

  signingIn(connection: RoutedConnection, serverId: string): void {
    this.#signingIn.set(serverId, connection)
  }

  forget(connection: RoutedConnection): void {
    for (const [serverId, asker] of this.#signingIn) {
      if (asker === connection) this.#signingIn.delete(serverId)
    }
  }

  async askInput(
    request: ElicitationRequest,
    context: { serverId: string; uri?: string; signal: AbortSignal },
  ): Promise<ElicitationAnswer> {
    const candidates =
      context.uri === undefined
        ? this.#byServer.get(context.serverId)
        : (this.#byRead.get(readKey(context.serverId, context.uri)) ??
          this.#byServer.get(context.serverId))
    const page = candidates?.find((connection) => connection.open)
    // Nobody to ask (the page left): decline rather than wait for no one.
    if (!page) return { action: 'decline' }
    return page.askInput(request, context.serverId, context.uri, context.signal)
  }

  async openAuthorization(
    url: URL,
    context: AuthorizationContext,
  ): Promise<string | URL | undefined> {
    const page = this.#signingIn.get(context.serverId)
    if (!page?.open) {
      throw new Error(
        `No page asked to sign in to "${context.serverId}": open the sign-in from the page`,
      )
    }
    return page.openAuthorization(url, context.serverId, context.signal)
  }
}

function readKey(serverId: string, uri: string): string {
  return `${serverId.length}:${serverId}:${uri}`
}

function add<K>(map: Map<K, RoutedConnection[]>, key: K, connection: RoutedConnection): () => void {
  const list = map.get(key) ?? []
  list.push(connection)
  map.set(key, list)
  return () => {
    const at = list.indexOf(connection)
    if (at >= 0) list.splice(at, 1)
    if (list.length === 0 && map.get(key) === list) map.delete(key)
  }
}
