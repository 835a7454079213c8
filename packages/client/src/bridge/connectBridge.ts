// The page end of a bridge: a ResourceClient whose servers live in a backend. The page keeps
// its own cache of record (a QueryClient, the same keys as createResourceClient, so the React
// package's queries and invalidations work unchanged), its own list passes and watches, and
// validates every reply with the client's own validators. No SDK, no OAuth flow: sign-in is
// asked of the backend, which finishes it. A channel factory lets it come back after a drop:
// servers read `reconnecting` meanwhile, requests wait and are sent again, watches resume.
import { QueryClient } from '@tanstack/query-core'
import { abortReason } from '../abortable.ts'
import { isPrivateEntry } from '../auth/privateEntries.ts'
import { type BackoffOptions, backoffDelay, sleep } from '../backoff.ts'
import { DEFAULT_CACHE_LIMITS } from '../cacheBudget.ts'
import { CacheOfRecord } from '../cacheOfRecord.ts'
import { ClientLists } from '../clientLists.ts'
import { toCompletion } from '../complete.ts'
import { parseElicitationParams } from '../elicitationForm.ts'
import {
  ConnectionError,
  InvalidContentError,
  NotSupportedError,
  ServerNotReadyError,
  UnknownServerError,
} from '../errors.ts'
import type { ElicitationRequest, InputHandler } from '../inputHandler.ts'
import { isPlainObject } from '../isPlainObject.ts'
import { ListValues } from '../listValues.ts'
import type {
  CompleteOptions,
  ListOptions,
  ReadOptions,
  ResourceClient,
  ResourceList,
  ResourceTemplateList,
  WalkOptions,
  Watch,
  WatchTarget,
} from '../resourceClient.ts'
import { resourceKeys } from '../resourceKeys.ts'
import { type ReadQueryOptions, readQuery } from '../resourceQueries.ts'
import { defaultScheduler, type Scheduler } from '../scheduler.ts'
import type {
  CompletionResult,
  Page,
  ReadResult,
  Resource,
  ResourceTemplate,
  ServerSnapshot,
  WalkResult,
} from '../types.ts'
import { toResourcePage, toTemplatePage } from '../validateList.ts'
import { assertWithinLimit, toReadResult } from '../validateRead.ts'
import { BridgeWatch } from './bridgeWatch.ts'
import type { BridgeChannel } from './channel.ts'
import { decodeError } from './decodeError.ts'
import { decodeServer } from './decodeServer.ts'
import { BRIDGE_PROTOCOL, type BridgeMethod, parseMessage, readId } from './protocol.ts'

/** A channel, or a way to open one (called again after each drop). */
export type BridgeChannelSource = BridgeChannel | (() => BridgeChannel | Promise<BridgeChannel>)

export interface ConnectBridgeOptions {
  /** The cache of record. Pass the app's own to share it with React Query. @default a new QueryClient */
  queryClient?: QueryClient
  /** This page's partition in its own cache (the backend keeps principals apart). @default 'default' */
  partition?: string
  /** Answers input requests here, in the page (the backend asks when a read needs input). */
  inputHandler?: InputHandler
  /**
   * Opens the authorization page the backend's sign-in asks for. Resolve with the callback URL
   * (popup) or undefined (redirect: the callback page calls `completeSignIn`, which the
   * backend finishes). @default none: sign-in fails with a clear error
   */
  openAuthorization?: (
    url: URL,
    context: { serverId: string; signal: AbortSignal },
  ) => Promise<string | URL | undefined>
  /** How long unused cache entries are kept. @default DEFAULT_CACHE_LIMITS.gcTimeMs */
  gcTimeMs?: number
  /** Waited for before each page of a list revalidation after its first (see ResourceClientOptions). */
  revalidationPace?: (signal: AbortSignal) => Promise<void>
  /** Largest backend message accepted (a read's contents included). @default 64_000_000 */
  maxMessageBytes?: number
  /** Waits between reconnect attempts (channel factories only). */
  reconnect?: BackoffOptions
  /** Every wait and clock of the page's client (see ResourceClientOptions.scheduler). */
  scheduler?: Scheduler
  logger?: Pick<Console, 'warn'>
}

interface Pending {
  method: BridgeMethod
  params: Record<string, unknown>
  serverId: string | undefined
  resolve: (result: Record<string, unknown>) => void
  reject: (error: Error) => void
}

/** A ResourceClient over a bridge to where the MCP connections live. */
export function connectBridge(
  channel: BridgeChannelSource,
  options: ConnectBridgeOptions = {},
): ResourceClient {
  return new BridgeClient(channel, options)
}

class BridgeClient implements ResourceClient {
  readonly queryClient: QueryClient
  readonly partition: string
  readonly #source: BridgeChannelSource
  readonly #options: ConnectBridgeOptions
  readonly scheduler: Scheduler
  readonly #gcTime: number
  /** The page's own cache of record: shared fetches, invalidations beat fetches in flight. */
  readonly #cache: CacheOfRecord
  readonly #listValues = new ListValues()
  /** Pages, walks and one shared list pass per server and kind (the direct client's own). */
  readonly #lists: ClientLists
  readonly #watches = new Map<number, BridgeWatch>()
  readonly #pending = new Map<number, Pending>()
  readonly #prompts = new Map<number, AbortController>()
  readonly #listeners = new Set<() => void>()
  readonly #stopped = new AbortController()
  #servers: readonly ServerSnapshot[] = []
  #channel: BridgeChannel | undefined
  #stopReceiving: (() => void) | undefined
  /** The backend said hello on the current channel. */
  #connected = false
  #nextId = 0
  #attempt = 0

  constructor(source: BridgeChannelSource, options: ConnectBridgeOptions) {
    this.#source = source
    this.#options = options
    this.scheduler = options.scheduler ?? defaultScheduler
    this.queryClient = options.queryClient ?? new QueryClient()
    this.partition = options.partition ?? 'default'
    this.#gcTime = options.gcTimeMs ?? DEFAULT_CACHE_LIMITS.gcTimeMs
    this.#cache = new CacheOfRecord(this.queryClient)
    this.#lists = new ClientLists({
      cache: this.#cache,
      gcTime: this.#gcTime,
      fetchPage: async (kind, serverId, cursor, signal) => {
        const raw = await this.#call(
          'list',
          { server: serverId, kind, ...(cursor !== undefined && { cursor }) },
          serverId,
          signal,
        )
        return kind === 'resources'
          ? toResourcePage(raw, 0, serverId, this.#listValues)
          : toTemplatePage(raw, 0, serverId, this.#listValues)
      },
      partitionOf: () => this.partition,
      now: () => this.scheduler.now(),
      pace: options.revalidationPace,
    })
    void this.#open()
  }

  // THE CHANNEL

  async #open(): Promise<void> {
    let channel: BridgeChannel
    try {
      channel = typeof this.#source === 'function' ? await this.#source() : this.#source
    } catch (error) {
      this.#dropped(error instanceof Error ? error : new Error(String(error)))
      return
    }
    if (this.#stopped.signal.aborted) {
      channel.close()
      return
    }
    this.#channel = channel
    this.#stopReceiving = channel.receive(
      (data) => this.#receive(data),
      (error) => this.#dropped(error),
    )
  }

  #dropped(error?: Error): void {
    this.#stopReceiving?.()
    this.#stopReceiving = undefined
    this.#channel = undefined
    this.#connected = false
    if (this.#stopped.signal.aborted) return
    const canReconnect = typeof this.#source === 'function'
    const reason = new ConnectionError(
      `The connection to the bridge backend dropped${error ? ` (${error.message})` : ''}${canReconnect ? '; reconnecting' : ''}`,
    )
    this.#setServers(
      this.#servers.map((server) => ({
        ...server,
        status: canReconnect ? ('reconnecting' as const) : ('error' as const),
        error: reason,
      })),
    )
    for (const watch of this.#watches.values()) watch.dropped(reason)
    for (const prompt of this.#prompts.values()) prompt.abort(reason)
    this.#prompts.clear()
    if (!canReconnect) {
      for (const pending of this.#pending.values()) pending.reject(reason)
      this.#pending.clear()
      return
    }
    // Requests wait for the next channel and are sent again there (all are safe to repeat).
    this.#attempt += 1
    const delay = backoffDelay(this.#attempt, this.#options.reconnect)
    sleep(delay, this.#stopped.signal, this.scheduler).then(
      () => this.#open(),
      () => {},
    )
  }

  #receive(data: unknown): void {
    const parsed = parseMessage(data, this.#options.maxMessageBytes ?? 64_000_000)
    if (!parsed.ok) {
      this.#options.logger?.warn(`bridge: ignored a backend message: ${parsed.reason}`)
      return
    }
    const message = parsed.message
    switch (message.type) {
      case 'hello':
        this.#onHello(message)
        return
      case 'servers':
        this.#onServers(message.servers)
        return
      case 'result':
      case 'error':
        this.#onReply(message)
        return
      case 'watchState':
        this.#watchOf(message)?.received(message.snapshot)
        return
      case 'watchEvent':
        void this.#watchOf(message)?.event(message.event)
        return
      case 'input':
        void this.#onInput(message)
        return
      case 'openAuthorization':
        void this.#onOpenAuthorization(message)
        return
      case 'inputCancel': {
        const id = readId(message.input)
        if (id !== undefined) this.#prompts.get(id)?.abort(new Error('The backend no longer waits'))
        return
      }
    }
  }

  #onHello(message: Record<string, unknown>): void {
    if (message.protocol !== BRIDGE_PROTOCOL) {
      this.#options.logger?.warn(`bridge: the backend speaks protocol ${String(message.protocol)}`)
      this.#channel?.close()
      return
    }
    this.#connected = true
    this.#attempt = 0
    this.#onServers(message.servers)
    for (const [id, pending] of this.#pending) this.#sendRequest(id, pending)
    for (const watch of this.#watches.values()) this.#sendWatch(watch)
  }

  #onServers(value: unknown): void {
    if (!Array.isArray(value)) return
    const actions = {
      signIn: (serverId: string, signal?: AbortSignal) =>
        this.#call('signIn', { server: serverId }, serverId, signal).then(() => {}),
      signOut: (serverId: string, signal?: AbortSignal) =>
        this.#call('signOut', { server: serverId }, serverId, signal).then(() => {}),
    }
    const seen = new Set<string>()
    const servers: ServerSnapshot[] = []
    for (const item of value) {
      const server = decodeServer(item, actions)
      if (server && !seen.has(server.id)) {
        seen.add(server.id)
        servers.push(server)
      }
    }
    const before = new Map(this.#servers.map((server) => [server.id, server]))
    this.#setServers(servers)
    for (const server of servers) {
      if (signedOut(before.get(server.id), server)) this.#forgetAccount(server.id)
    }
  }

  /** As the direct client on sign-out: that account's private entries and the lists go. */
  #forgetAccount(serverId: string): void {
    this.queryClient.removeQueries({
      queryKey: resourceKeys.partition(serverId, this.partition),
      predicate: (query) => isPrivateEntry(query.state.data),
    })
    this.#lists.reset(serverId)
  }

  #setServers(servers: readonly ServerSnapshot[]): void {
    this.#servers = Object.freeze(servers)
    for (const listener of [...this.#listeners]) listener()
  }

  #onReply(message: Record<string, unknown>): void {
    const id = readId(message.id)
    const pending = id === undefined ? undefined : this.#pending.get(id)
    if (!pending || id === undefined) {
      if (message.type === 'error') {
        this.#options.logger?.warn(`bridge: ${decodeError(message.error).message}`)
      }
      return
    }
    this.#pending.delete(id)
    if (message.type === 'error') pending.reject(decodeError(message.error, pending.serverId))
    else if (isPlainObject(message.result)) pending.resolve(message.result)
    else
      pending.reject(
        new InvalidContentError(`bridge ${pending.method}`, 'no result object', pending.serverId),
      )
  }

  #watchOf(message: Record<string, unknown>): BridgeWatch | undefined {
    const id = readId(message.watch)
    return id === undefined ? undefined : this.#watches.get(id)
  }

  async #onInput(message: Record<string, unknown>): Promise<void> {
    const id = readId(message.input)
    const serverId = typeof message.server === 'string' ? message.server : undefined
    if (id === undefined || serverId === undefined) return
    const controller = new AbortController()
    this.#prompts.set(id, controller)
    let answer: unknown = { action: 'cancel' }
    try {
      const request = readInputRequest(message.request)
      const handler = this.#options.inputHandler
      if (handler && this.getServer(serverId)) {
        answer = await handler(request, {
          serverId,
          ...(typeof message.uri === 'string' && { uri: message.uri }),
          signal: controller.signal,
        })
      } else {
        answer = { action: 'decline' }
      }
    } catch (error) {
      this.#options.logger?.warn(`bridge: input request not answered: ${String(error)}`)
    } finally {
      this.#prompts.delete(id)
    }
    if (!controller.signal.aborted) this.#send({ type: 'answer', input: id, answer })
  }

  async #onOpenAuthorization(message: Record<string, unknown>): Promise<void> {
    const id = readId(message.input)
    const serverId = typeof message.server === 'string' ? message.server : undefined
    if (id === undefined || serverId === undefined || typeof message.url !== 'string') return
    const controller = new AbortController()
    this.#prompts.set(id, controller)
    let answer: { callbackUrl?: string } = {}
    try {
      const url = new URL(message.url)
      // Only a web page is opened: never javascript:, data: or a custom scheme.
      if (url.protocol !== 'https:' && url.protocol !== 'http:') {
        throw new TypeError(`not an http(s) authorization URL: ${url.protocol}`)
      }
      const open = this.#options.openAuthorization
      if (!open) throw new Error('connectBridge was given no openAuthorization')
      const callback = await open(url, { serverId, signal: controller.signal })
      if (callback !== undefined) answer = { callbackUrl: String(callback) }
    } catch (error) {
      this.#options.logger?.warn(`bridge: the authorization page was not opened: ${String(error)}`)
    } finally {
      this.#prompts.delete(id)
    }
    if (!controller.signal.aborted) this.#send({ type: 'answer', input: id, answer })
  }

  #send(message: Record<string, unknown>): void {
    if (!this.#connected) return
    this.#channel?.send(JSON.stringify(message))
  }

  #sendRequest(id: number, pending: Pending): void {
    this.#send({ type: 'request', id, method: pending.method, params: pending.params })
  }

  #sendWatch(watch: BridgeWatch): void {
    this.#send({ type: 'watch', watch: watch.id, server: watch.serverId, target: watch.target })
  }

  /** One bridge request; waits for the channel while it is down, abortable by the caller. */
  #call(
    method: BridgeMethod,
    params: Record<string, unknown>,
    serverId: string | undefined,
    signal?: AbortSignal,
  ): Promise<Record<string, unknown>> {
    if (signal?.aborted) return Promise.reject(abortReason(signal))
    if (this.#stopped.signal.aborted) {
      return Promise.reject(new ConnectionError('The bridge client is closed'))
    }
    const id = this.#nextId++
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        if (!this.#pending.delete(id)) return
        this.#send({ type: 'cancel', id })
        reject(abortReason(signal as AbortSignal))
      }
      signal?.addEventListener('abort', onAbort, { once: true })
      const done =
        <T>(settle: (value: T) => void) =>
        (value: T) => {
          signal?.removeEventListener('abort', onAbort)
          settle(value)
        }
      const pending = { method, params, serverId, resolve: done(resolve), reject: done(reject) }
      this.#pending.set(id, pending)
      if (this.#connected) this.#sendRequest(id, pending)
    })
  }

  // SERVERS

  partitionOf(_serverId: string): string {
    return this.partition
  }

  async completeSignIn(callbackUrl: string | URL, options?: { signal?: AbortSignal }) {
    const result = await this.#call(
      'completeSignIn',
      { url: String(callbackUrl) },
      undefined,
      options?.signal,
    )
    return result.completed === true
  }

  addServer(id: string): ServerSnapshot {
    throw new NotSupportedError(
      `adding servers from the page (servers are added on the bridge backend; "${id}" was not)`,
    )
  }

  async removeServer(id: string): Promise<void> {
    throw new NotSupportedError(
      `removing servers from the page (servers are removed on the bridge backend; "${id}" was not)`,
    )
  }

  async reconnect(id: string): Promise<void> {
    await this.#call('reconnect', { server: id }, id)
  }

  getServer(id: string): ServerSnapshot | undefined {
    return this.#servers.find((server) => server.id === id)
  }

  getServers(): readonly ServerSnapshot[] {
    return this.#servers
  }

  subscribe(listener: () => void): () => void {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  async ready(id: string, options?: { signal?: AbortSignal }): Promise<ServerSnapshot> {
    const signal = options?.signal
    while (true) {
      if (signal?.aborted) throw abortReason(signal)
      if (this.#connected) {
        const server = this.getServer(id)
        if (!server) throw new UnknownServerError(id)
        if (server.status === 'ready') return server
        if (
          server.status === 'error' ||
          server.status === 'offline' ||
          server.status === 'needs-auth' ||
          server.status === 'closed'
        ) {
          throw server.error ?? new ServerNotReadyError(id, server.status)
        }
      }
      await this.#changed(signal)
    }
  }

  /** Resolves on the next change of the servers (or rejects on abort). */
  #changed(signal?: AbortSignal): Promise<void> {
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        stop()
        reject(abortReason(signal as AbortSignal))
      }
      const stop = this.subscribe(() => {
        stop()
        signal?.removeEventListener('abort', onAbort)
        resolve()
      })
      signal?.addEventListener('abort', onAbort, { once: true })
    })
  }

  // LISTS

  listResources(serverId: string, options?: ListOptions): Promise<Page<Resource>> {
    return this.#lists.page('resources', serverId, options?.cursor, options?.signal)
  }

  listTemplates(serverId: string, options?: ListOptions): Promise<Page<ResourceTemplate>> {
    return this.#lists.page('templates', serverId, options?.cursor, options?.signal)
  }

  resourcePages(serverId: string, options?: WalkOptions): AsyncIterable<Page<Resource>> {
    return this.#lists.pages('resources', serverId, options)
  }

  templatePages(serverId: string, options?: WalkOptions): AsyncIterable<Page<ResourceTemplate>> {
    return this.#lists.pages('templates', serverId, options)
  }

  walkResources(serverId: string, options?: WalkOptions): Promise<WalkResult<Resource>> {
    return this.#lists.walk('resources', serverId, options)
  }

  walkTemplates(serverId: string, options?: WalkOptions): Promise<WalkResult<ResourceTemplate>> {
    return this.#lists.walk('templates', serverId, options)
  }

  resourceList(serverId: string): ResourceList {
    return this.#lists.shared('resources', serverId)
  }

  templateList(serverId: string): ResourceTemplateList {
    return this.#lists.shared('templates', serverId)
  }

  // READ AND COMPLETE

  async read(serverId: string, uri: string, options?: ReadOptions): Promise<ReadResult> {
    const query = this.#readQuery(serverId, uri)
    const result = await this.#cache.fetch(query, options?.signal)
    if (options?.maxBytes !== undefined) assertWithinLimit(result, options.maxBytes, uri, serverId)
    return result
  }

  readQuery(
    serverId: string,
    uri: string,
    options: Omit<ReadOptions, 'signal'> = {},
  ): ReadQueryOptions {
    const query = this.#readQuery(serverId, uri)
    const { maxBytes } = options
    if (maxBytes === undefined) return query
    return {
      ...query,
      // Checked on every use: a cached entry may have been fetched under another limit.
      select: (data: ReadResult) => {
        assertWithinLimit(data, maxBytes, uri, serverId)
        return data
      },
    }
  }

  /** The one query of a read: `read` fetches it, observers observe it. */
  #readQuery(serverId: string, uri: string): ReadQueryOptions {
    const key = resourceKeys.read(serverId, this.partition, uri)
    return readQuery(
      key,
      async (signal) => {
        const sentAt = this.#cache.freshness.now()
        const raw = await this.#call('read', { server: serverId, uri }, serverId, signal)
        const read = toReadResult(raw, { uri, serverId, defaultTtlMs: 0 })
        return this.#cache.freshness.stamp(read, sentAt)
      },
      this.#gcTime,
    )
  }

  async complete(serverId: string, options: CompleteOptions): Promise<CompletionResult> {
    const raw = await this.#call(
      'complete',
      {
        server: serverId,
        template: options.template,
        argument: { name: options.argument.name, value: options.argument.value },
        ...(options.context && { context: options.context }),
      },
      serverId,
      options.signal,
    )
    return toCompletion(raw, serverId)
  }

  // WATCH AND INVALIDATION

  watch(serverId: string, target: WatchTarget): Watch {
    const watch = new BridgeWatch(this.#nextId++, serverId, target, {
      open: (opened) => this.#sendWatch(opened),
      update: (updated) => this.#sendWatch(updated),
      close: (closed) => {
        this.#watches.delete(closed.id)
        this.#send({ type: 'unwatch', watch: closed.id })
      },
      invalidateRead: (id, uri) => this.invalidateRead(id, uri),
      invalidateLists: (id) => this.invalidateLists(id),
    })
    this.#watches.set(watch.id, watch)
    this.#sendWatch(watch)
    return watch
  }

  invalidateLists(serverId: string): Promise<void> {
    return this.#lists.invalidate(serverId)
  }

  invalidateRead(serverId: string, uri: string): Promise<void> {
    return this.#cache.invalidateReads(resourceKeys.reads(serverId, this.partition), uri)
  }

  async close(): Promise<void> {
    if (this.#stopped.signal.aborted) return
    this.#stopped.abort()
    const closed = new ConnectionError('The bridge client is closed')
    for (const pending of this.#pending.values()) pending.reject(closed)
    this.#pending.clear()
    for (const prompt of this.#prompts.values()) prompt.abort(closed)
    for (const watch of [...this.#watches.values()]) await watch.close()
    this.#lists.close()
    this.#stopReceiving?.()
    this.#channel?.close()
    this.#channel = undefined
    this.#connected = false
    this.queryClient.removeQueries({ queryKey: resourceKeys.all() })
    this.#cache.detach()
    this.#setServers(this.#servers.map((server) => ({ ...server, status: 'closed' as const })))
  }
}

/** The account a server was signed in with is gone (signed out, or another one signed in). */
function signedOut(before: ServerSnapshot | undefined, after: ServerSnapshot): boolean {
  if (before?.auth?.phase !== 'signed-in') return false
  const account = (server: ServerSnapshot) => server.auth?.account?.subject ?? ''
  return after.auth?.phase !== 'signed-in' || account(after) !== account(before)
}

/** An input request from the backend, read again from its parts (fields from the schema). */
function readInputRequest(value: unknown): ElicitationRequest {
  if (!isPlainObject(value)) throw new TypeError('the input request is not an object')
  return parseElicitationParams({
    mode: value.mode,
    message: value.message,
    ...(value.mode === 'url' ? { url: value.url } : { requestedSchema: value.schema }),
  })
}
