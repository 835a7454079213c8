// The backend end of a bridge: serves one page connection from a ResourceClient. Every
// message from the page is hostile until read: only the bridge's methods, only the servers
// the host grants this connection, bounded sizes and counts, a clear error for each refusal,
// nothing after close. A failure in one connection stays in it.

import type { ElicitationAnswer, ElicitationRequest } from '../inputHandler.ts'
import { isPlainObject } from '../isPlainObject.ts'
import type { ResourceClient, Watch, WatchTarget } from '../resourceClient.ts'
import { resourceKeys } from '../resourceKeys.ts'
import type { Page, ReadResult, ServerSnapshot } from '../types.ts'
import {
  type BridgeBackend,
  type BridgeRoutes,
  type RoutedConnection,
  routesOf,
} from './bridgeBackend.ts'
import type { BridgeChannel } from './channel.ts'
import { encodeServer } from './encodeServer.ts'
import {
  type BackendMessage,
  BRIDGE_METHODS,
  BRIDGE_PROTOCOL,
  type BridgeLimits,
  type BridgeMethod,
  DEFAULT_BRIDGE_LIMITS,
  encodeError,
  parseMessage,
  readId,
  readString,
} from './protocol.ts'

export interface ServeBridgeOptions {
  /** Shared by every connection of this backend (see createBridgeBackend). */
  backend: BridgeBackend
  /**
   * Whether this connection may see and use a server: asked for every server listed and every
   * message naming one (so a grant taken back takes effect at once).
   */
  grant: (serverId: string) => boolean
  /** Who is on the other end: a `private` result is never served to another principal. @default 'default' */
  principal?: string
  limits?: BridgeLimits
  /** Where refused messages and failures are reported. @default silent */
  logger?: Pick<Console, 'warn'>
  /** The clock TTLs are counted on. @default Date.now */
  now?: () => number
}

/** One served page connection. */
export interface BridgeConnection {
  /** Ends the connection: requests abort, watches close, the channel closes. */
  close(): void
  readonly closed: boolean
}

/** Serves `client` to the page at the other end of `channel`. */
export function serveBridge(
  client: ResourceClient,
  channel: BridgeChannel,
  options: ServeBridgeOptions,
): BridgeConnection {
  return new ServedConnection(client, channel, options)
}

const UNAVAILABLE = (serverId: string) =>
  // The same words for unknown and ungranted: a page learns nothing about servers it may not see.
  Object.assign(new Error(`Server "${serverId}" is not available on this connection`), {
    name: 'UnknownServerError',
  })

class ServedConnection implements BridgeConnection, RoutedConnection {
  readonly #client: ResourceClient
  readonly #channel: BridgeChannel
  readonly #options: ServeBridgeOptions
  readonly #limits: Required<BridgeLimits>
  readonly #principal: string
  readonly #routes: BridgeRoutes
  readonly #now: () => number
  readonly #requests = new Map<number, AbortController>()
  readonly #watches = new Map<number, { watch: Watch; stop: () => void }>()
  readonly #prompts = new Map<number, (answer: unknown) => void>()
  #nextPrompt = 0
  #closed = false
  #serversSent = ''
  readonly #stop: (() => void)[] = []

  constructor(client: ResourceClient, channel: BridgeChannel, options: ServeBridgeOptions) {
    this.#client = client
    this.#channel = channel
    this.#options = options
    this.#limits = { ...DEFAULT_BRIDGE_LIMITS, ...options.limits }
    this.#principal = options.principal ?? 'default'
    this.#routes = routesOf(options.backend)
    this.#now = options.now ?? Date.now
    this.#stop.push(
      channel.receive(
        (data) => this.#receive(data),
        () => this.close(),
      ),
      client.subscribe(() => this.#sendServers()),
    )
    const servers = this.#servers()
    this.#serversSent = JSON.stringify(servers)
    this.#send({ type: 'hello', protocol: BRIDGE_PROTOCOL, servers })
  }

  get closed(): boolean {
    return this.#closed
  }

  get open(): boolean {
    return !this.#closed
  }

  close(): void {
    if (this.#closed) return
    this.#closed = true
    for (const stop of this.#stop.splice(0)) stop()
    for (const controller of this.#requests.values()) controller.abort(new Error('The page left'))
    this.#requests.clear()
    for (const { watch, stop } of this.#watches.values()) {
      stop()
      void watch.close()
    }
    this.#watches.clear()
    for (const answer of this.#prompts.values()) answer(undefined)
    this.#prompts.clear()
    this.#routes.forget(this)
    this.#channel.close()
  }

  // RECEIVING

  #receive(data: unknown): void {
    if (this.#closed) return
    try {
      const parsed = parseMessage(data, this.#limits.maxMessageBytes)
      if (!parsed.ok) {
        this.#refuse(parsed.reason)
        return
      }
      const message = parsed.message
      switch (message.type) {
        case 'request':
          this.#request(message)
          return
        case 'cancel':
          this.#cancel(message)
          return
        case 'watch':
          this.#watch(message)
          return
        case 'unwatch':
          this.#unwatch(message)
          return
        case 'answer':
          this.#answer(message)
          return
        default:
          this.#refuse(`unknown message type "${String(message.type).slice(0, 64)}"`)
          return
      }
    } catch (error) {
      // A bug or a hostile shape we did not foresee: this connection's problem only.
      this.#refuse(error instanceof Error ? error.message : String(error))
    }
  }

  #refuse(reason: string, id?: number): void {
    this.#options.logger?.warn(`bridge: refused a message: ${reason}`)
    this.#send({
      type: 'error',
      ...(id !== undefined && { id }),
      error: { name: 'BridgeProtocolError', message: `The bridge refused a message: ${reason}` },
    })
  }

  #request(message: Record<string, unknown>): void {
    const id = readId(message.id)
    if (id === undefined) {
      this.#refuse('a request needs a numeric "id"')
      return
    }
    if (this.#requests.has(id)) {
      this.#refuse(`request id ${id} is already in use`, id)
      return
    }
    const method = message.method
    if (!BRIDGE_METHODS.includes(method as BridgeMethod)) {
      this.#refuse(
        `unknown method "${String(method).slice(0, 64)}" (the bridge serves ${BRIDGE_METHODS.join(', ')})`,
        id,
      )
      return
    }
    const params = message.params
    if (!isPlainObject(params)) {
      this.#refuse('"params" must be an object', id)
      return
    }
    if (this.#requests.size >= this.#limits.maxInFlight) {
      this.#refuse(`more than ${this.#limits.maxInFlight} requests in flight`, id)
      return
    }
    const controller = new AbortController()
    this.#requests.set(id, controller)
    // A refusal thrown while reading the params settles this request like any other failure.
    new Promise<Record<string, unknown>>((resolve) =>
      resolve(this.#run(method as BridgeMethod, params, controller.signal)),
    ).then(
      (result) => this.#settle(id, { type: 'result', id, result }),
      (error: unknown) => this.#settle(id, { type: 'error', id, error: encodeError(error) }),
    )
  }

  #settle(id: number, message: BackendMessage): void {
    if (!this.#requests.delete(id)) return // cancelled, or the connection closed
    this.#send(message)
  }

  #cancel(message: Record<string, unknown>): void {
    const id = readId(message.id)
    const controller = id === undefined ? undefined : this.#requests.get(id)
    if (!controller || id === undefined) return // already settled: nothing to cancel
    this.#requests.delete(id)
    controller.abort(new DOMException('Cancelled by the page', 'AbortError'))
  }

  // METHODS

  #run(
    method: BridgeMethod,
    params: Record<string, unknown>,
    signal: AbortSignal,
  ): Promise<Record<string, unknown>> {
    if (method === 'completeSignIn') {
      const url = this.#string(params.url, 'url')
      return this.#client.completeSignIn(url, { signal }).then((completed) => ({ completed }))
    }
    const serverId = this.#server(params.server)
    switch (method) {
      case 'list':
        return this.#list(serverId, params, signal)
      case 'read':
        return this.#read(serverId, params, signal)
      case 'complete':
        return this.#complete(serverId, params, signal)
      case 'reconnect':
        return this.#client.reconnect(serverId).then(() => ({}))
      case 'signIn':
      case 'signOut': {
        const auth = this.#client.getServer(serverId)?.auth
        if (!auth) throw new Error(`Server "${serverId}" has no sign-in`)
        if (method === 'signIn') this.#routes.signingIn(this, serverId)
        return (method === 'signIn' ? auth.signIn({ signal }) : auth.signOut({ signal })).then(
          () => ({}),
        )
      }
    }
  }

  async #list(serverId: string, params: Record<string, unknown>, signal: AbortSignal) {
    const kind = params.kind === 'templates' ? 'templates' : 'resources'
    if (params.kind !== kind) throw new TypeError('"kind" must be "resources" or "templates"')
    const cursor = params.cursor === undefined ? undefined : this.#string(params.cursor, 'cursor')
    const fetch = (): Promise<Page<unknown>> =>
      kind === 'resources'
        ? this.#client.listResources(serverId, { cursor, signal })
        : this.#client.listTemplates(serverId, { cursor, signal })
    const untrack = this.#routes.track(this, serverId)
    try {
      const page = await this.#ownFetch(fetch, () => this.#client.invalidateLists(serverId))
      const partition = this.#client.partitionOf(serverId)
      const key =
        kind === 'resources'
          ? resourceKeys.list(serverId, partition, cursor)
          : resourceKeys.templateList(serverId, partition, cursor)
      return {
        resultType: 'complete',
        [kind === 'resources' ? 'resources' : 'resourceTemplates']: page.items,
        ...(page.nextCursor !== undefined && { nextCursor: page.nextCursor }),
        ttlMs: this.#remainingTtl(key, page.ttlMs),
        cacheScope: page.cacheScope,
      }
    } finally {
      untrack()
    }
  }

  async #read(serverId: string, params: Record<string, unknown>, signal: AbortSignal) {
    const uri = this.#string(params.uri, 'uri')
    const maxBytes = params.maxBytes
    if (maxBytes !== undefined && (typeof maxBytes !== 'number' || !(maxBytes >= 0))) {
      throw new TypeError('"maxBytes" must be a non-negative number')
    }
    const untrack = this.#routes.track(this, serverId, uri)
    try {
      const read = await this.#ownFetch(
        () =>
          this.#client.read(serverId, uri, { signal, ...(maxBytes !== undefined && { maxBytes }) }),
        () => this.#client.invalidateRead(serverId, uri),
      )
      const key = resourceKeys.read(serverId, this.#client.partitionOf(serverId), uri)
      return {
        resultType: 'complete',
        contents: read.contents,
        ttlMs: this.#remainingTtl(key, read.ttlMs),
        cacheScope: read.cacheScope,
      }
    } finally {
      untrack()
    }
  }

  async #complete(serverId: string, params: Record<string, unknown>, signal: AbortSignal) {
    const argument = params.argument
    if (!isPlainObject(argument)) throw new TypeError('"argument" must be an object')
    const context = params.context
    if (context !== undefined && !isStringRecord(context, this.#limits.maxStringLength)) {
      throw new TypeError('"context" must map names to strings')
    }
    const completion = await this.#client.complete(serverId, {
      template: this.#string(params.template, 'template'),
      argument: {
        name: this.#string(argument.name, 'argument.name'),
        value: this.#string(argument.value, 'argument.value'),
      },
      ...(context !== undefined && { context }),
      signal,
    })
    return { resultType: 'complete', completion }
  }

  /**
   * A result for this principal: a `private` one the client's cache holds for another
   * principal is fetched again (after invalidating it) rather than handed over.
   */
  async #ownFetch<T extends Page<unknown> | ReadResult>(
    fetch: () => Promise<T>,
    invalidate: () => Promise<void>,
  ): Promise<T> {
    const owners = this.#routes.owners
    let result = await fetch()
    for (let attempt = 0; result.cacheScope === 'private' && attempt < 3; attempt += 1) {
      const owner = owners.get(result)
      if (owner === undefined || owner === this.#principal) break
      await invalidate()
      result = await fetch()
    }
    if (result.cacheScope === 'private') {
      const owner = owners.get(result)
      if (owner !== undefined && owner !== this.#principal) {
        throw new Error('A private result could not be fetched for this principal; try again')
      }
      owners.set(result, this.#principal)
    }
    return result
  }

  /** What is left of a cached result's TTL (the page counts from when it receives it). */
  #remainingTtl(key: readonly unknown[], ttlMs: number): number {
    const receivedAt = this.#client.queryClient.getQueryState(key)?.dataUpdatedAt
    if (!receivedAt) return ttlMs
    return Math.max(0, Math.min(ttlMs, receivedAt + ttlMs - this.#now()))
  }

  #server(value: unknown): string {
    const serverId = this.#string(value, 'server')
    if (!this.#granted(serverId) || !this.#client.getServer(serverId)) throw UNAVAILABLE(serverId)
    return serverId
  }

  #granted(serverId: string): boolean {
    try {
      return this.#options.grant(serverId) === true
    } catch {
      return false // a throwing policy grants nothing
    }
  }

  #string(value: unknown, name: string): string {
    const text = readString(value, this.#limits.maxStringLength)
    if (text === undefined) {
      throw new TypeError(
        `"${name}" must be a string of at most ${this.#limits.maxStringLength} characters`,
      )
    }
    return text
  }

  // WATCHES

  #watch(message: Record<string, unknown>): void {
    const id = readId(message.watch)
    if (id === undefined) {
      this.#refuse('a watch needs a numeric "watch" id')
      return
    }
    const target = readTarget(message.target, this.#limits.maxStringLength)
    if (!target) {
      this.#refuse('"target" must be { uris?: string[], listChanged?: boolean }')
      return
    }
    const open = this.#watches.get(id)
    if (open) {
      open.watch.update(target)
      return
    }
    if (this.#watches.size >= this.#limits.maxWatches) {
      this.#watchFailed(id, new Error(`more than ${this.#limits.maxWatches} watches open`))
      return
    }
    let serverId: string
    let watch: Watch
    try {
      serverId = this.#server(message.server)
      watch = this.#client.watch(serverId, target)
    } catch (error) {
      this.#watchFailed(id, error)
      return
    }
    const state = () => this.#send({ type: 'watchState', watch: id, snapshot: encodeWatch(watch) })
    const stops = [
      watch.subscribe(state),
      watch.onEvent((event) => this.#send({ type: 'watchEvent', watch: id, event: { ...event } })),
    ]
    this.#watches.set(id, {
      watch,
      stop: () => {
        for (const stop of stops) stop()
      },
    })
    state()
  }

  #watchFailed(id: number, error: unknown): void {
    this.#send({
      type: 'watchState',
      watch: id,
      snapshot: { status: 'error', requested: {}, attempt: 0, error: encodeError(error) },
    })
  }

  #unwatch(message: Record<string, unknown>): void {
    const id = readId(message.watch)
    const open = id === undefined ? undefined : this.#watches.get(id)
    if (!open || id === undefined) return
    this.#watches.delete(id)
    open.stop()
    void open.watch.close()
  }

  // INPUT AND SIGN-IN (asked of the page)

  askInput(
    request: ElicitationRequest,
    serverId: string,
    uri: string | undefined,
    signal: AbortSignal,
  ): Promise<ElicitationAnswer> {
    return this.#prompt(
      (input) => ({
        type: 'input',
        input,
        server: serverId,
        ...(uri !== undefined && { uri }),
        request,
      }),
      signal,
    ).then(readAnswer)
  }

  openAuthorization(url: URL, serverId: string, signal?: AbortSignal): Promise<string | undefined> {
    return this.#prompt(
      (input) => ({ type: 'openAuthorization', input, server: serverId, url: url.href }),
      signal,
    ).then((answer) =>
      isPlainObject(answer) && typeof answer.callbackUrl === 'string'
        ? answer.callbackUrl
        : undefined,
    )
  }

  #prompt(message: (input: number) => BackendMessage, signal?: AbortSignal): Promise<unknown> {
    const input = this.#nextPrompt++
    return new Promise((resolve, reject) => {
      if (this.#closed) return resolve(undefined)
      const onAbort = () => {
        this.#prompts.delete(input)
        this.#send({ type: 'inputCancel', input })
        reject(signal?.reason)
      }
      signal?.addEventListener('abort', onAbort, { once: true })
      this.#prompts.set(input, (answer) => {
        signal?.removeEventListener('abort', onAbort)
        resolve(answer)
      })
      this.#send(message(input))
    })
  }

  #answer(message: Record<string, unknown>): void {
    const input = readId(message.input)
    const answer = input === undefined ? undefined : this.#prompts.get(input)
    if (!answer || input === undefined) return // not asked, or no longer waited for
    this.#prompts.delete(input)
    answer(message.answer)
  }

  // SENDING

  #servers(): unknown[] {
    return this.#client
      .getServers()
      .filter((server) => this.#granted(server.id))
      .map((server: ServerSnapshot) => encodeServer(server))
  }

  #sendServers(): void {
    if (this.#closed) return
    const servers = this.#servers()
    const text = JSON.stringify(servers)
    if (text === this.#serversSent) return
    this.#serversSent = text
    this.#send({ type: 'servers', servers })
  }

  #send(message: BackendMessage): void {
    if (this.#closed) return
    try {
      this.#channel.send(JSON.stringify(message))
    } catch (error) {
      this.#options.logger?.warn(`bridge: could not send: ${String(error)}`)
    }
  }
}

function readTarget(value: unknown, maxLength: number): WatchTarget | undefined {
  if (!isPlainObject(value)) return undefined
  const { uris, listChanged } = value
  if (listChanged !== undefined && typeof listChanged !== 'boolean') return undefined
  if (uris !== undefined) {
    if (!Array.isArray(uris) || uris.length > 1000) return undefined
    if (!uris.every((uri) => typeof uri === 'string' && uri.length <= maxLength)) return undefined
  }
  return {
    ...(uris !== undefined && { uris: uris as string[] }),
    ...(listChanged !== undefined && { listChanged }),
  }
}

function readAnswer(value: unknown): ElicitationAnswer {
  if (!isPlainObject(value)) return { action: 'cancel' }
  if (value.action === 'decline') return { action: 'decline' }
  if (value.action !== 'accept') return { action: 'cancel' }
  // The content is checked against the form by the input loop (validateElicitationContent).
  return isPlainObject(value.content)
    ? { action: 'accept', content: value.content as Record<string, string> }
    : { action: 'accept' }
}

function isStringRecord(value: unknown, maxLength: number): value is Record<string, string> {
  return (
    isPlainObject(value) &&
    Object.values(value).every((entry) => typeof entry === 'string' && entry.length <= maxLength)
  )
}

function encodeWatch(watch: Watch): Record<string, unknown> {
  const snapshot = watch.getSnapshot()
  return {
    status: snapshot.status,
    requested: snapshot.requested,
    ...(snapshot.honored && { honored: snapshot.honored }),
    ...(snapshot.error && { error: encodeError(snapshot.error) }),
    attempt: snapshot.attempt,
  }
}
