// The per-server subscription engine: merges every watch of one server into one filter,
// keeps one channel for it (a `subscriptions/listen` stream, or legacy subscribes),
// retargets it without gaps when the watched set changes, re-listens with backoff after a
// drop (then invalidates everything watched, since updates in the gap were lost), and
// turns floods of notifications into a few coalesced invalidations.
import { type BackoffOptions, backoffDelay, defaultTimers, type Timers } from './backoff.ts'
import { type Coalescer, createCoalescer } from './coalesce.ts'
import { AuthRequiredError, McpRequestError, UnknownServerError } from './errors.ts'
import type { Watch, WatchEvent, WatchTarget } from './resourceClient.ts'
import type { Session } from './session.ts'
import type { Channel, ChannelEvent } from './subscriptionsChannel.ts'
import {
  coversUri,
  isEmptyFilter,
  sameFilter,
  trimToCapabilities,
  unionFilters,
} from './subscriptionsFilter.ts'
import { openLegacyChannel } from './subscriptionsLegacy.ts'
import { openListenChannel } from './subscriptionsModern.ts'
import { type EngineView, WatchHandle, type WatchOwner } from './watch.ts'

/** What the engine needs from the client that owns the server. */
export interface SubscriptionHost {
  /** The server's live Session, reconnecting it when the last one closed; rejects when that fails. */
  getSession(signal: AbortSignal): Promise<Session>
  /** `updated(uri)`: invalidate that read, and reads of URIs under it, in the cache of record. */
  invalidateRead(uri: string): Promise<void> | void
  /** `list_changed`: invalidate the resource list and the template list. */
  invalidateLists(): Promise<void> | void
}

export interface ServerSubscriptionsOptions {
  /** Used in log lines. */
  serverId: string
  host: SubscriptionHost
  /** Re-listen schedule after a drop. @default 500 ms doubling to 30 s, with jitter */
  backoff?: BackoffOptions
  /** Repeated notifications for one URI within this window collapse into one invalidation. @default 250 */
  coalesceMs?: number
  timers?: Timers
  logger?: Pick<Console, 'debug' | 'warn'>
}

export interface ServerSubscriptions {
  /** Start watching `target` on this server; the stream is shared with the server's other watches. */
  watch(target: WatchTarget): Watch
  /** Resolves when the engine has applied every change so far (the stream matches the watches). */
  settled(): Promise<void>
  /** Close every watch and the stream. */
  close(): Promise<void>
}

const LISTS = '\u0000lists'

/**
 * Errors that retrying will not fix: the server refused the request itself (any JSON-RPC
 * error but `-32603`, which the SDK also uses for "too many streams"), it needs
 * credentials, or the server id is unknown. Anything else (a dropped transport, a failed
 * reconnect) is retried with backoff.
 */
function isFatal(error: unknown): boolean {
  if (error instanceof McpRequestError) return error.code !== -32603
  return error instanceof AuthRequiredError || error instanceof UnknownServerError
}

export function createServerSubscriptions(
  options: ServerSubscriptionsOptions,
): ServerSubscriptions {
  return new SubscriptionEngine(options)
}

class SubscriptionEngine implements ServerSubscriptions, WatchOwner {
  readonly #options: ServerSubscriptionsOptions
  readonly #timers: Timers
  readonly #watches = new Set<WatchHandle>()
  readonly #coalescer: Coalescer<string>
  readonly #abort = new AbortController()
  #view: EngineView = { status: 'idle', coveredSeq: -1, attempt: 0 }
  #seq = 0
  #changed = false
  #wake?: () => void
  #running?: Promise<void>
  /** True while the loop has work in hand; `settled()` waits for it to rest. */
  #busy = false
  #settledWaiters: (() => void)[] = []
  #disposed = false

  constructor(options: ServerSubscriptionsOptions) {
    this.#options = options
    this.#timers = options.timers ?? defaultTimers
    this.#coalescer = createCoalescer({
      windowMs: options.coalesceMs ?? 250,
      timers: this.#timers,
      run: (key) => this.#deliver(key),
    })
  }

  watch(target: WatchTarget): Watch {
    const watch = new WatchHandle(this, target, this.#view)
    if (this.#disposed) void watch.close()
    else this.#watches.add(watch)
    return watch
  }

  settled(): Promise<void> {
    if (!this.#busy) return Promise.resolve()
    return new Promise((resolve) => this.#settledWaiters.push(resolve))
  }

  async close(): Promise<void> {
    if (this.#disposed) return
    this.#disposed = true
    this.#abort.abort()
    this.#coalescer.cancel()
    if (this.#running) this.#busy = true
    this.#wake?.()
    const watches = [...this.#watches]
    this.#watches.clear()
    for (const watch of watches) void watch.close()
    await this.settled()
  }

  // WatchOwner

  changed(_watch: WatchHandle): number {
    this.#seq++
    this.#changed = true
    if (!this.#disposed) {
      this.#busy = true
      this.#wake?.()
      if (!this.#running) queueMicrotask(() => this.#start())
    }
    return this.#seq
  }

  async removed(watch: WatchHandle): Promise<void> {
    if (!this.#watches.delete(watch)) return
    this.changed(watch)
    await this.settled()
  }

  // The loop

  #start(): void {
    if (this.#running) return
    if (this.#disposed) {
      this.#rest()
      return
    }
    this.#busy = true
    this.#running = this.#run().finally(() => {
      this.#running = undefined
      // A change that arrived as the loop was leaving must not be lost.
      if (this.#changed && !this.#disposed) this.#start()
      else this.#rest()
    })
  }

  /** Nothing in hand: wake whoever waits in `settled()`. */
  #rest(): void {
    this.#busy = false
    const waiters = this.#settledWaiters
    this.#settledWaiters = []
    for (const resolve of waiters) resolve()
  }

  /** Resolves on the next `changed()` (or close); the loop rests meanwhile. */
  #nextChange(): Promise<true> {
    return new Promise((resolve) => {
      this.#wake = () => {
        this.#wake = undefined
        resolve(true)
      }
      this.#rest()
    })
  }

  async #run(): Promise<void> {
    let dropped = false
    while (!this.#disposed) {
      this.#changed = false
      const demand = this.#demand()
      if (isEmptyFilter(demand))
        return this.#set({ status: 'idle', coveredSeq: this.#seq, attempt: 0 })
      let channel: Channel | undefined
      let session: Session | undefined
      try {
        if (!dropped) this.#set({ ...this.#view, status: 'connecting', error: undefined })
        session = await this.#options.host.getSession(this.#abort.signal)
        const seq = this.#seq
        const filter = trimToCapabilities(demand, session.info.capabilities)
        if (isEmptyFilter(filter))
          return this.#set({ status: 'unsupported', coveredSeq: seq, attempt: 0 })
        channel = await this.#open(session, filter)
        if (this.#disposed) return void (await channel.close())
        this.#set({ status: 'live', honored: channel.honored, coveredSeq: seq, attempt: 0 })
        if (dropped) this.#resync()
        dropped = false
        const end = await this.#serve(session, channel)
        if (end === 'graceful') return this.#set({ ...this.#view, status: 'closed' })
        if (end !== 'remote') return
        this.#options.logger?.debug?.(`[${this.#options.serverId}] subscription stream dropped`)
      } catch (error) {
        await channel?.close().catch(() => {})
        if (this.#disposed) return
        if (error instanceof McpRequestError && error.code === -32601) {
          return this.#set({ status: 'unsupported', coveredSeq: this.#seq, attempt: 0 })
        }
        if (isFatal(error)) {
          const failure = error as Error
          return this.#set({
            status: 'error',
            error: failure,
            coveredSeq: this.#view.coveredSeq,
            attempt: 0,
          })
        }
        this.#options.logger?.warn?.(
          `[${this.#options.serverId}] subscribing failed, retrying`,
          error,
        )
        this.#view = { ...this.#view, error: error as Error }
      }
      dropped = true
      const attempt = this.#view.attempt + 1
      this.#set({ ...this.#view, status: 'reconnecting', attempt })
      await this.#pause(backoffDelay(attempt, this.#options.backoff))
    }
  }

  /** Keeps the channel in step with the watches until it ends; returns why it stopped. */
  async #serve(session: Session, channel: Channel): Promise<'graceful' | 'remote' | 'done'> {
    const ended = channel.ended.then((reason) => ({ reason }))
    for (;;) {
      if (!this.#changed) {
        const outcome = await Promise.race([ended, this.#nextChange()])
        this.#wake = undefined
        this.#busy = true
        if (outcome !== true) return outcome.reason
      }
      this.#changed = false
      const demand = this.#demand()
      const seq = this.#seq
      const filter = trimToCapabilities(demand, session.info.capabilities)
      if (this.#disposed || isEmptyFilter(demand)) {
        await channel.close()
        if (!this.#disposed) this.#set({ status: 'idle', coveredSeq: seq, attempt: 0 })
        return 'done'
      }
      if (isEmptyFilter(filter)) {
        await channel.close()
        this.#set({ status: 'unsupported', coveredSeq: seq, attempt: 0 })
        return 'done'
      }
      if (!sameFilter(filter, channel.requested)) await channel.retarget(filter)
      this.#set({ status: 'live', honored: channel.honored, coveredSeq: seq, attempt: 0 })
    }
  }

  #open(session: Session, filter: ReturnType<typeof unionFilters>): Promise<Channel> {
    const onEvent = (event: ChannelEvent) => this.#receive(event)
    return session.info.era === 'modern'
      ? openListenChannel(session, filter, onEvent)
      : openLegacyChannel(session, filter, onEvent)
  }

  /** Waits `ms`, unless the engine is closed or nothing is watched any more. */
  async #pause(ms: number): Promise<void> {
    let handle: unknown
    const deadline = new Promise<false>((resolve) => {
      handle = this.#timers.setTimeout(() => resolve(false), ms)
    })
    try {
      for (;;) {
        const woken = await Promise.race([deadline, this.#nextChange()])
        this.#wake = undefined
        this.#busy = true
        if (!woken || this.#disposed || isEmptyFilter(this.#demand())) return
      }
    } finally {
      this.#timers.clearTimeout(handle)
    }
  }

  // Events

  #receive(event: ChannelEvent): void {
    if (this.#disposed) return
    this.#coalescer.push(event.type === 'listChanged' ? LISTS : `u${event.uri}`)
  }

  #deliver(key: string): void {
    if (key === LISTS) {
      this.#invalidate(() => this.#options.host.invalidateLists())
      this.#emit({ type: 'listChanged' }, (watch) => Boolean(watch.requested.resourcesListChanged))
      return
    }
    const uri = key.slice(1)
    this.#invalidate(() => this.#options.host.invalidateRead(uri))
    this.#emit({ type: 'updated', uri }, (watch) => coversUri(watch.requested, uri))
  }

  /** After a gap nothing watched can be trusted: invalidate it all, then tell every watch. */
  #resync(): void {
    const demand = this.#demand()
    for (const uri of demand.resourceSubscriptions ?? []) {
      this.#invalidate(() => this.#options.host.invalidateRead(uri))
    }
    if (demand.resourcesListChanged) this.#invalidate(() => this.#options.host.invalidateLists())
    this.#emit({ type: 'resynced' }, () => true)
  }

  #invalidate(run: () => Promise<void> | void): void {
    Promise.resolve()
      .then(run)
      .catch((error) =>
        this.#options.logger?.warn?.(`[${this.#options.serverId}] invalidation failed`, error),
      )
  }

  #emit(event: WatchEvent, concerns: (watch: WatchHandle) => boolean): void {
    for (const watch of [...this.#watches]) {
      if (!concerns(watch)) continue
      try {
        watch.emit(event)
      } catch (error) {
        this.#options.logger?.warn?.(`[${this.#options.serverId}] a watch listener threw`, error)
      }
    }
  }

  // State

  #demand() {
    return unionFilters([...this.#watches].map((watch) => watch.requested))
  }

  #set(view: EngineView): void {
    this.#view = view
    for (const watch of [...this.#watches]) watch.refresh(view)
  }
}
