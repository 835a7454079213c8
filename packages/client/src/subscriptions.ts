// The per-server subscription engine: merges every watch of one server into one filter,
// keeps one channel for it (a `subscriptions/listen` stream, or legacy subscribes),
// retargets it without gaps when the watched set changes, re-listens with backoff after a
// drop or a graceful end (then invalidates everything watched, since updates in the gap
// were lost), and keeps a refused URI to the watches that asked for it. What the streams
// deliver goes into the server's one notification intake (which coalesces and invalidates),
// and the watches hear what comes out of it.
import { type BackoffOptions, backoffDelay } from './backoff.ts'
import {
  AuthRequiredError,
  ConnectionError,
  McpRequestError,
  UnknownServerError,
} from './errors.ts'
import type { NotificationIntake } from './notificationIntake.ts'
import type { Watch, WatchTarget } from './resourceClient.ts'
import { defaultScheduler, type Timers } from './scheduler.ts'
import type { Session, SubscriptionFilter } from './session.ts'
import type { Channel, ChannelEvent, ChannelOptions } from './subscriptionsChannel.ts'
import { Delivery } from './subscriptionsDelivery.ts'
import {
  isEmptyFilter,
  sameFilter,
  trimToCapabilities,
  unionFilters,
} from './subscriptionsFilter.ts'
import {
  createIsolation,
  findRefused,
  type Isolation,
  isRefusal,
  openIsolating,
  refuseFromChannel,
} from './subscriptionsIsolate.ts'
import { openLegacyChannel } from './subscriptionsLegacy.ts'
import { openListenChannel } from './subscriptionsModern.ts'
import { type EngineView, WatchHandle, type WatchOwner } from './watch.ts'

/** What the engine needs from the client that owns the server. */
export interface SubscriptionHost {
  /** The server's live Session, reconnecting it when the last one closed; rejects when that fails. */
  getSession(signal: AbortSignal): Promise<Session>
  /** After a gap: invalidate that read, and reads of URIs under it, in the cache of record. */
  invalidateRead(uri: string): Promise<void> | void
  /** After a gap: invalidate the resource list and the template list. */
  invalidateLists(): Promise<void> | void
  /**
   * The server's one way in for change notifications: it follows the session's unsolicited
   * ones (legacy) itself, takes the listen streams' ones from the engine, invalidates, and
   * hands each coalesced notice back to the watches.
   */
  readonly intake: NotificationIntake
}

export interface ServerSubscriptionsOptions {
  /** Used in log lines. */
  serverId: string
  host: SubscriptionHost
  /** Re-listen schedule after a drop. @default 500 ms doubling to 30 s, with jitter */
  backoff?: BackoffOptions
  /** Longest wait for a listen's acknowledgement (or a legacy subscribe's answer) before retrying. @default 10_000 */
  ackTimeoutMs?: number
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

/** A stream that stayed up this long was healthy: the next end starts the backoff afresh. */
const STABLE_MS = 10_000

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
  readonly #delivery: Delivery
  readonly #offNotices: () => void
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
  /** The pending getSession / open / retarget, aborted when the demand changes under it. */
  #pending?: AbortController
  /** Ends and failures in a row (streams that stayed up `STABLE_MS` reset it). */
  #failures = 0

  constructor(options: ServerSubscriptionsOptions) {
    this.#options = options
    this.#timers = options.timers ?? defaultScheduler
    this.#delivery = new Delivery({
      serverId: options.serverId,
      host: options.host,
      ...(options.logger && { logger: options.logger }),
      watches: () => this.#watches,
      demand: () => this.#demand(),
    })
    this.#offNotices = options.host.intake.onNotice((notice) => {
      if (!this.#disposed) this.#delivery.tell(notice)
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
    this.#pending?.abort()
    this.#offNotices()
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
    // Whatever is pending was asked for the old demand (its ack may never come): start over.
    this.#pending?.abort()
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
    let gap = false
    while (!this.#disposed) {
      this.#changed = false
      const demand = this.#demand()
      if (isEmptyFilter(demand))
        return this.#set({ status: 'idle', coveredSeq: this.#seq, attempt: 0 })
      let channel: Channel | undefined
      const pending = this.#begin()
      try {
        if (!gap) this.#set({ ...this.#view, status: 'connecting', error: undefined })
        const session = await this.#options.host.getSession(pending.signal)
        const seq = this.#seq
        const filter = trimToCapabilities(demand, session.info.capabilities)
        if (isEmptyFilter(filter))
          return this.#set({ status: 'unsupported', coveredSeq: seq, attempt: 0 })
        channel = await openIsolating(this.#isolation(session, undefined), filter, pending.signal)
        this.#pending = undefined
        if (this.#disposed) return void (await channel?.close())
        // Every watch was refused: each shows its error; wait for a change.
        if (!channel) continue
        const liveSince = this.#now()
        this.#set({ status: 'live', honored: channel.honored, coveredSeq: seq, attempt: 0 })
        if (gap) this.#delivery.resync()
        gap = false
        const end = await this.#serve(session, channel)
        // Whatever ended, no stream of ours stays open behind it.
        await channel.close().catch(() => {})
        if (end === 'done') return
        if (this.#now() - liveSince >= STABLE_MS) this.#failures = 0
        this.#options.logger?.debug?.(
          `[${this.#options.serverId}] subscription stream ended (${end}), listening again`,
        )
        this.#view = { ...this.#view, error: endedError(this.#options.serverId, end) }
      } catch (error) {
        await channel?.close().catch(() => {})
        if (this.#disposed) return
        // Superseded by a change (or a close): start over with the new demand, no backoff.
        if (pending.signal.aborted) continue
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
      } finally {
        if (this.#pending === pending) this.#pending = undefined
      }
      gap = true
      this.#failures += 1
      this.#set({ ...this.#view, status: 'reconnecting', attempt: this.#view.attempt + 1 })
      await this.#pause(backoffDelay(this.#failures, this.#options.backoff))
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
      if (!sameFilter(filter, channel.requested)) {
        const pending = this.#begin()
        try {
          await channel.retarget(filter, pending.signal)
          refuseFromChannel(channel, this.#watches)
        } catch (error) {
          if (channel.endedBy) return channel.endedBy
          // Superseded: the loop takes the newer demand (or sees the close).
          if (pending.signal.aborted) continue
          if (!isRefusal(error)) throw error
          // The old stream is still up: keep it, and find whom the server refuses.
          try {
            await findRefused(this.#isolation(session, channel), error, pending.signal)
          } catch (failure) {
            if (channel.endedBy) return channel.endedBy
            if (!pending.signal.aborted) throw failure
          }
          // Look again: the demand without the refused watches may differ from the stream.
          this.#changed = true
          continue
        } finally {
          if (this.#pending === pending) this.#pending = undefined
        }
      }
      if (channel.endedBy) return channel.endedBy
      this.#set({ status: 'live', honored: channel.honored, coveredSeq: seq, attempt: 0 })
    }
  }

  /** What the refusal search works on: the watches not refused, and a channel to open or retarget. */
  #isolation(session: Session, channel: Channel | undefined): Isolation {
    return createIsolation({
      channel,
      watches: [...this.#watches].filter((watch) => !watch.refused),
      capabilities: session.info.capabilities,
      open: (filter, signal) => this.#open(session, filter, signal),
    })
  }

  #open(session: Session, filter: SubscriptionFilter, signal: AbortSignal): Promise<Channel> {
    const onEvent = (event: ChannelEvent) => {
      if (this.#disposed) return
      if (event.type === 'gap') this.#delivery.resync()
      else this.#options.host.intake.take(event)
    }
    // A legacy session's notifications come unsolicited: the intake follows the session.
    if (session.info.era === 'legacy') this.#options.host.intake.follow(session)
    const options: ChannelOptions = {
      signal,
      ackTimeoutMs: this.#options.ackTimeoutMs ?? 10_000,
      timers: this.#timers,
    }
    return session.info.era === 'modern'
      ? openListenChannel(session, filter, onEvent, options)
      : openLegacyChannel(session, filter, options)
  }

  /** A fresh pending controller: a change or close aborts it. */
  #begin(): AbortController {
    const pending = new AbortController()
    if (this.#disposed) pending.abort()
    this.#pending = pending
    return pending
  }

  #now(): number {
    return this.#timers.now?.() ?? defaultScheduler.now()
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

  // State

  /** Everything the open watches ask for, less what the server refused. */
  #demand(): SubscriptionFilter {
    return unionFilters(
      [...this.#watches].filter((watch) => !watch.refused).map((watch) => watch.requested),
    )
  }

  #set(view: EngineView): void {
    this.#view = view
    for (const watch of [...this.#watches]) watch.refresh(view)
  }
}

function endedError(serverId: string, end: 'graceful' | 'remote'): Error {
  return new ConnectionError(
    end === 'graceful'
      ? `Server "${serverId}" ended the subscription stream (shutdown or redeploy); listening again`
      : `The subscription stream of server "${serverId}" dropped; listening again`,
    { serverId },
  )
}
