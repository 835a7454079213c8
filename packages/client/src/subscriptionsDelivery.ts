// What the engine does with what a channel delivers: every `updated(uri)` and
// `list_changed` goes through a per-key throttle (coalesce.ts) to one invalidation of the
// cache of record and one event to each watch it concerns; a `gap` (delivery was
// interrupted) invalidates everything watched and tells every watch `resynced`.
import type { Timers } from './backoff.ts'
import { type Coalescer, createCoalescer } from './coalesce.ts'
import type { WatchEvent } from './resourceClient.ts'
import type { SubscriptionFilter } from './session.ts'
import type { SubscriptionHost } from './subscriptions.ts'
import type { ChannelEvent } from './subscriptionsChannel.ts'
import { coversUri } from './subscriptionsFilter.ts'
import type { WatchHandle } from './watch.ts'

const LISTS = '\u0000lists'

export interface DeliveryOptions {
  serverId: string
  host: SubscriptionHost
  coalesceMs?: number
  timers: Timers
  logger?: Pick<Console, 'debug' | 'warn'>
  /** The watches open now. */
  watches(): Iterable<WatchHandle>
  /** What they ask for, together. */
  demand(): SubscriptionFilter
}

export class Delivery {
  readonly #options: DeliveryOptions
  readonly #coalescer: Coalescer<string>
  /** The era of the session delivering now (legacy notifications are unsolicited). */
  era?: 'modern' | 'legacy'

  constructor(options: DeliveryOptions) {
    this.#options = options
    this.#coalescer = createCoalescer({
      windowMs: options.coalesceMs ?? 250,
      timers: options.timers,
      run: (key) => this.#deliver(key),
    })
  }

  receive(event: ChannelEvent): void {
    if (event.type === 'gap') {
      this.resync()
      return
    }
    this.#coalescer.push(event.type === 'listChanged' ? LISTS : `u${event.uri}`)
  }

  /** After a gap nothing watched can be trusted: invalidate it all, then tell every watch. */
  resync(): void {
    const demand = this.#options.demand()
    const host = this.#options.host
    for (const uri of demand.resourceSubscriptions ?? []) {
      this.#invalidate(() => host.invalidateRead(uri))
    }
    if (demand.resourcesListChanged) this.#invalidate(() => host.invalidateLists())
    this.#emit({ type: 'resynced' }, () => true)
  }

  /** Drops every pending trailing run. */
  cancel(): void {
    this.#coalescer.cancel()
  }

  #deliver(key: string): void {
    const host = this.#options.host
    if (key === LISTS) {
      if (this.#ownsInvalidation()) this.#invalidate(() => host.invalidateLists())
      this.#emit({ type: 'listChanged' }, (watch) => Boolean(watch.requested.resourcesListChanged))
      return
    }
    const uri = key.slice(1)
    if (this.#ownsInvalidation()) this.#invalidate(() => host.invalidateRead(uri))
    this.#emit({ type: 'updated', uri }, (watch) => coversUri(watch.requested, uri))
  }

  /** Legacy notifications are unsolicited: a host that invalidates on all of them already did. */
  #ownsInvalidation(): boolean {
    return !(this.#options.host.invalidatesUnsolicited && this.era === 'legacy')
  }

  #invalidate(run: () => Promise<void> | void): void {
    Promise.resolve()
      .then(run)
      .catch((error) =>
        this.#options.logger?.warn?.(`[${this.#options.serverId}] invalidation failed`, error),
      )
  }

  #emit(event: WatchEvent, concerns: (watch: WatchHandle) => boolean): void {
    for (const watch of [...this.#options.watches()]) {
      if (watch.refused || !concerns(watch)) continue
      try {
        watch.emit(event)
      } catch (error) {
        this.#options.logger?.warn?.(`[${this.#options.serverId}] a watch listener threw`, error)
      }
    }
  }
}
