// The facade: servers by id (ServerRegistry), lists and reads through the one cache of
// record (a query-core QueryClient), completion, and the subscription engine per server.
import { QueryClient, type QueryKey } from '@tanstack/query-core'
import { bindOAuth, type OAuthBinding } from './auth/bindOAuth.ts'
import { isOAuth } from './auth/createOAuth.ts'
import { isPrivateEntry } from './auth/privateEntries.ts'
import { boundCache, DEFAULT_CACHE_LIMITS } from './cacheBudget.ts'
import { CacheOfRecord } from './cacheOfRecord.ts'
import { ClientLists } from './clientLists.ts'
import { requestCompletion } from './complete.ts'
import {
  InvalidCursorError,
  InvalidParamsError,
  McpRequestError,
  ResourceTooLargeError,
} from './errors.ts'
import { requestWithInput } from './inputRequired.ts'
import { ListValues } from './listValues.ts'
import { classifyReadError } from './notFound.ts'
import { createNotificationIntake, type NotificationIntake } from './notificationIntake.ts'
import { toPublicError } from './publicError.ts'
import { resolveDeadlines } from './requestDeadlines.ts'
import type {
  CompleteOptions,
  ListOptions,
  ReadOptions,
  ResourceClient,
  ResourceClientOptions,
  ResourceList,
  ResourceTemplateList,
  ServerOptions,
  ServerSource,
  WalkOptions,
  Watch,
  WatchTarget,
} from './resourceClient.ts'
import { resourceKeys } from './resourceKeys.ts'
import { LIST_METHOD, type ListKind } from './resourceList.ts'
import { type ReadQueryOptions, readQuery } from './resourceQueries.ts'
import { defaultScheduler, type Scheduler } from './scheduler.ts'
import { sessionFactoryFor } from './sdkSources.ts'
import type { ServerConnection } from './serverConnection.ts'
import { ServerRegistry } from './serverRegistry.ts'
import type { Session } from './session.ts'
import { SessionExpiredError } from './sessionExpiredError.ts'
import { createServerSubscriptions, type ServerSubscriptions } from './subscriptions.ts'
import type {
  CompletionResult,
  Page,
  ReadResult,
  Resource,
  ResourceTemplate,
  ServerSnapshot,
  WalkResult,
} from './types.ts'
import { toResourcePage, toTemplatePage } from './validateList.ts'
import { assertWithinLimit, byteLength, toReadResult } from './validateRead.ts'

/** @default clientInfo */
export const DEFAULT_CLIENT_INFO = { name: 'resource-kit', version: '0.1.0' }

/** Creates a headless client. It creates a QueryClient only when the app gives none. */
export function createResourceClient(options: ResourceClientOptions = {}): ResourceClient {
  return new HeadlessResourceClient(options)
}

class HeadlessResourceClient implements ResourceClient {
  readonly queryClient: QueryClient
  readonly partition: string
  readonly scheduler: Scheduler
  readonly #options: ResourceClientOptions
  readonly #registry = new ServerRegistry()
  readonly #subscriptions = new Map<string, ServerSubscriptions>()
  /** Per server: the one way its change notifications come in (both eras), and its stop. */
  readonly #intakes = new Map<string, { intake: NotificationIntake; stop: () => void }>()
  /** Shared fetches in which invalidations win over fetches in flight (see freshness.ts). */
  readonly #cache: CacheOfRecord
  /** Results reached through input rounds: returned once, never served from the cache. */
  readonly #uncached = new WeakSet<ReadResult>()
  readonly #gcTime: number
  readonly #detach: (() => void)[]
  /** Servers with OAuth sign-in, by id. */
  readonly #oauth = new Map<string, OAuthBinding>()
  /** Values repeated across list items (audiences, icon sets, MIME types), kept once. */
  readonly #listValues = new ListValues()
  /** Pages, walks and one shared list pass per server and kind. */
  readonly #lists: ClientLists

  constructor(options: ResourceClientOptions) {
    this.#options = options
    this.scheduler = options.scheduler ?? defaultScheduler
    this.queryClient = options.queryClient ?? new QueryClient()
    this.#cache = new CacheOfRecord(this.queryClient)
    this.partition = options.partition ?? 'default'
    const limits = options.cache ?? {}
    // The app's own default gcTime wins over ours; query-core's Node default (forever) does not.
    this.#gcTime =
      limits.gcTimeMs ??
      this.queryClient.getDefaultOptions().queries?.gcTime ??
      DEFAULT_CACHE_LIMITS.gcTimeMs
    this.#lists = new ClientLists({
      cache: this.#cache,
      gcTime: this.#gcTime,
      fetchPage: (kind, serverId, cursor, signal) =>
        this.#onSession(serverId, signal, (session) =>
          this.#fetchPageOn(session, kind, serverId, cursor, signal),
        ),
      partitionOf: (serverId) => this.partitionOf(serverId),
      now: () => this.scheduler.now(),
      pace: this.#revalidationPace(),
      // The partition is known once the sign-in is read.
      beforePage: (serverId) => this.#oauth.get(serverId)?.oauth.loaded,
      publicError: toPublicError,
    })
    this.#detach = [
      this.#cache.detach,
      boundCache(this.queryClient, {
        owns: (key) =>
          key[0] === 'mcp' &&
          typeof key[1] === 'string' &&
          key[2] === this.partitionOf(key[1]) &&
          this.#registry.get(key[1]) !== undefined,
        sizeOf: readBytes,
        maxEntries: limits.maxEntries ?? DEFAULT_CACHE_LIMITS.maxEntries,
        maxBytes: limits.maxBytes ?? DEFAULT_CACHE_LIMITS.maxBytes,
      }),
    ]
  }

  // SERVERS

  addServer(id: string, source: ServerSource, options?: ServerOptions): ServerSnapshot {
    const onInput = this.#options.inputHandler
    const binding = this.#bindOAuth(id, source)
    const connection = this.#registry.add({
      id,
      deadlines: resolveDeadlines(this.#options.deadlines, options?.deadlines),
      timers: this.scheduler,
      factory: sessionFactoryFor(source, binding?.oauth),
      ...(binding && { decorate: (snapshot: ServerSnapshot) => binding.decorate(snapshot) }),
      connectOptions: {
        clientInfo: this.#options.clientInfo ?? DEFAULT_CLIENT_INFO,
        ...(onInput && {
          onElicitation: (request, signal) => onInput(request, { serverId: id, signal }),
        }),
      },
      ...(this.#options.logger && { logger: this.#options.logger }),
    })
    const intake = createNotificationIntake({
      invalidateRead: (uri) => this.invalidateRead(id, uri),
      invalidateLists: () => this.invalidateLists(id),
      timers: this.scheduler,
      ...(this.#options.logger && { logger: this.#options.logger }),
    })
    // Every Session of the server is followed from the moment it connects, watched or not.
    const offSession = connection.onSession((session) => intake.follow(session))
    this.#intakes.set(id, {
      intake,
      stop: () => {
        offSession()
        intake.close()
      },
    })
    connection.connect()
    return connection.snapshot
  }

  async removeServer(id: string): Promise<void> {
    const connection = this.#registry.get(id)
    if (!connection) return
    const subscriptions = this.#subscriptions.get(id)
    this.#subscriptions.delete(id)
    this.#intakes.get(id)?.stop()
    this.#intakes.delete(id)
    this.#lists.remove(id)
    await subscriptions?.close()
    await connection.close()
    this.#oauth.get(id)?.dispose()
    this.#oauth.delete(id)
    this.#registry.delete(id)
    // Only this client's partitions (signed-in accounts included): another client (principal)
    // sharing the QueryClient keeps its own.
    this.queryClient.removeQueries({
      queryKey: resourceKeys.server(id),
      predicate: (query) => this.#ownsPartition(query.queryKey[2]),
    })
  }

  async reconnect(id: string): Promise<void> {
    try {
      await this.#registry.require(id).connect()
    } catch (error) {
      throw toPublicError(error, 'Reconnecting', id)
    }
  }

  #ownsPartition(partition: unknown): boolean {
    return (
      partition === this.partition ||
      (typeof partition === 'string' && partition.startsWith(`${this.partition}~`))
    )
  }

  partitionOf(serverId: string): string {
    const binding = this.#oauth.get(serverId)
    if (!binding) return this.partition
    return `${this.partition}~${binding.oauth.principal ?? 'signed-out'}`
  }

  async completeSignIn(
    callbackUrl: string | URL,
    options?: { signal?: AbortSignal },
  ): Promise<boolean> {
    const url = new URL(callbackUrl)
    for (const binding of this.#oauth.values()) {
      if (await binding.complete(url, options?.signal)) return true
    }
    return false
  }

  getServer(id: string): ServerSnapshot | undefined {
    return this.#registry.get(id)?.snapshot
  }

  getServers(): readonly ServerSnapshot[] {
    return this.#registry.getServers()
  }

  subscribe(listener: () => void): () => void {
    return this.#registry.subscribe(listener)
  }

  async ready(id: string, options?: { signal?: AbortSignal }): Promise<ServerSnapshot> {
    try {
      const connection = this.#registry.require(id)
      await connection.getSession(options?.signal)
      return connection.snapshot
    } catch (error) {
      throw toPublicError(error, 'Connecting', id, options?.signal)
    }
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
    this.#registry.require(serverId)
    return this.#lists.shared('resources', serverId)
  }

  templateList(serverId: string): ResourceTemplateList {
    this.#registry.require(serverId)
    return this.#lists.shared('templates', serverId)
  }

  // READ AND COMPLETE

  async read(serverId: string, uri: string, options?: ReadOptions): Promise<ReadResult> {
    await this.#oauth.get(serverId)?.oauth.loaded // the partition is known once the sign-in is read
    const query = this.#readQuery(serverId, uri)
    const key = query.queryKey
    const signal = options?.signal
    try {
      // Aborting the last waiting caller cancels the fetch, and with it any input prompt.
      const result = await this.#cache.fetch(query, signal)
      if (this.#uncached.has(result)) {
        // Inputs given in the rounds are not part of the key: never serve this to anyone else.
        this.queryClient.removeQueries({ queryKey: key, exact: true })
      }
      // Checked on every use: a cached entry may have been fetched under another limit.
      if (options?.maxBytes !== undefined) {
        try {
          assertWithinLimit(result, options.maxBytes, uri, serverId)
        } catch (error) {
          // Refused contents are not kept alive by the cache (unless someone observes them).
          if (error instanceof ResourceTooLargeError) this.#releaseIfUnused(key)
          throw error
        }
      }
      return result
    } catch (error) {
      throw toPublicError(error, `resources/read of ${uri}`, serverId, signal)
    }
  }

  readQuery(
    serverId: string,
    uri: string,
    options: Omit<ReadOptions, 'signal'> = {},
  ): ReadQueryOptions {
    this.#registry.require(serverId)
    const query = this.#readQuery(serverId, uri)
    const { maxBytes } = options
    return {
      ...query,
      queryFn: async ({ signal }) => {
        try {
          return await query.queryFn({ signal })
        } catch (error) {
          throw toPublicError(error, `resources/read of ${uri}`, serverId, signal)
        }
      },
      ...(maxBytes !== undefined && {
        select: (data: ReadResult) => {
          assertWithinLimit(data, maxBytes, uri, serverId)
          return data
        },
      }),
    }
  }

  /** The one query of a read: `read` fetches it, observers observe it. */
  #readQuery(serverId: string, uri: string): ReadQueryOptions {
    const key = resourceKeys.read(serverId, this.partitionOf(serverId), uri)
    return readQuery(
      key,
      (querySignal) => this.#fetchRead(serverId, uri, querySignal),
      this.#gcTime,
    )
  }

  async complete(serverId: string, options: CompleteOptions): Promise<CompletionResult> {
    try {
      // Safe to repeat, so it survives a forgotten 2025 session as lists and reads do.
      return await this.#onSession(serverId, options.signal, (session) =>
        requestCompletion(session, options, serverId),
      )
    } catch (error) {
      throw toPublicError(error, 'completion/complete', serverId, options.signal)
    }
  }

  // WATCH AND INVALIDATION

  watch(serverId: string, target: WatchTarget): Watch {
    const connection = this.#registry.require(serverId)
    let engine = this.#subscriptions.get(serverId)
    if (!engine) {
      engine = createServerSubscriptions({
        serverId,
        timers: this.scheduler,
        host: {
          getSession: (signal) => connection.getSession(signal),
          invalidateRead: (uri) => this.invalidateRead(serverId, uri),
          invalidateLists: () => this.invalidateLists(serverId),
          intake: this.#intakeOf(serverId),
        },
        ...(this.#options.logger && { logger: this.#options.logger }),
      })
      this.#subscriptions.set(serverId, engine)
    }
    return engine.watch(target)
  }

  invalidateLists(serverId: string): Promise<void> {
    return this.#lists.invalidate(serverId)
  }

  invalidateRead(serverId: string, uri: string): Promise<void> {
    return this.#cache.invalidateReads(
      resourceKeys.reads(serverId, this.partitionOf(serverId)),
      uri,
    )
  }

  async close(): Promise<void> {
    await Promise.all(this.#registry.all().map((connection) => this.removeServer(connection.id)))
    for (const detach of this.#detach.splice(0)) detach()
  }

  // INTERNALS

  /** The host's pace, else the scheduler's idle wait, else none. */
  #revalidationPace(): ((signal: AbortSignal) => Promise<void>) | undefined {
    return this.#options.revalidationPace ?? this.scheduler.idle?.bind(this.scheduler)
  }

  #intakeOf(serverId: string): NotificationIntake {
    const entry = this.#intakes.get(serverId)
    if (!entry) throw new Error(`No notification intake for server "${serverId}"`)
    return entry.intake
  }

  #releaseIfUnused(key: QueryKey): void {
    const query = this.#cache.find(key)
    if (query && query.getObserversCount() === 0 && query.state.fetchStatus === 'idle') {
      this.queryClient.getQueryCache().remove(query)
    }
  }

  #bindOAuth(id: string, source: ServerSource): OAuthBinding | undefined {
    if (!('url' in source) || !isOAuth(source.auth)) return undefined
    let connection: ServerConnection | undefined
    const binding = bindOAuth({
      serverId: id,
      timers: this.scheduler,
      oauth: source.auth.forServer(id, new URL(source.url)),
      connection: () => (connection ??= this.#registry.get(id)),
      onSignedOut: (principal) => {
        if (principal === undefined) return
        // That account's private entries go; public ones are anyone's.
        this.queryClient.removeQueries({
          queryKey: resourceKeys.partition(id, `${this.partition}~${principal}`),
          predicate: (query) => isPrivateEntry(query.state.data),
        })
        this.#lists.reset(id)
      },
    })
    this.#oauth.set(id, binding)
    return binding
  }

  async #fetchPageOn(
    session: Session,
    kind: ListKind,
    serverId: string,
    cursor: string | undefined,
    signal: AbortSignal,
  ): Promise<Page<Resource | ResourceTemplate>> {
    const method = LIST_METHOD[kind]
    const defaultTtlMs = this.#options.defaultTtlMs ?? 0
    try {
      const raw = await session.request(method, cursor === undefined ? {} : { cursor }, { signal })
      return kind === 'resources'
        ? toResourcePage(raw, defaultTtlMs, serverId, this.#listValues)
        : toTemplatePage(raw, defaultTtlMs, serverId, this.#listValues)
    } catch (error) {
      if (cursor !== undefined && isInvalidParams(error)) {
        throw new InvalidCursorError(cursor, method, {
          data: (error as McpRequestError).data,
          serverId,
          cause: error,
        })
      }
      throw error
    }
  }

  /**
   * Runs one request on the server's session. A session the server no longer knows (a 2025
   * HTTP 404) is replaced by the connection at once: the request is sent again, once, on the
   * new one (lists, reads and completions are safe to repeat).
   */
  async #onSession<T>(
    serverId: string,
    signal: AbortSignal | undefined,
    request: (session: Session) => Promise<T>,
  ): Promise<T> {
    const connection = this.#registry.require(serverId)
    try {
      return await request(await connection.getSession(signal))
    } catch (error) {
      if (!(error instanceof SessionExpiredError) || signal?.aborted) throw error
      return request(await connection.getSession(signal))
    }
  }

  async #fetchRead(serverId: string, uri: string, signal: AbortSignal): Promise<ReadResult> {
    return this.#onSession(serverId, signal, (session) =>
      this.#fetchReadOn(session, serverId, uri, signal),
    )
  }

  async #fetchReadOn(
    session: Session,
    serverId: string,
    uri: string,
    signal: AbortSignal,
  ): Promise<ReadResult> {
    const sentAt = this.#cache.freshness.now()
    try {
      const { result, rounds } = await requestWithInput(
        session,
        'resources/read',
        { uri },
        {
          serverId,
          uri,
          signal,
          timers: this.scheduler,
          ...(this.#options.inputHandler && { handler: this.#options.inputHandler }),
        },
      )
      const read = toReadResult(result, {
        uri,
        serverId,
        defaultTtlMs: this.#options.defaultTtlMs ?? 0,
      })
      if (rounds > 0) {
        const uncached = { ...read, ttlMs: 0 }
        this.#uncached.add(uncached)
        return uncached
      }
      return this.#cache.freshness.stamp(read, sentAt)
    } catch (error) {
      throw classifyReadError(error, uri, serverId)
    }
  }
}

/** Bytes a cached entry holds, for the cache budget: decoded contents for a read, 0 for a page. */
function readBytes(data: unknown): number {
  if (typeof data !== 'object' || data === null || !('contents' in data)) return 0
  const contents = (data as ReadResult).contents
  let total = 0
  for (const item of contents) total += byteLength(item)
  return total
}

function isInvalidParams(error: unknown): boolean {
  return (
    error instanceof InvalidParamsError ||
    (error instanceof McpRequestError && error.code === -32602)
  )
}
