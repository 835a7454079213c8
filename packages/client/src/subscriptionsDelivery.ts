// What the engine does with what reaches the watches: each coalesced notice of the server's
// intake (notificationIntake.ts, which has invalidated the cache of record for it already)
// becomes one event to each watch it concerns; a `gap` (delivery was interrupted) invalidates
// everything watched and tells every watch `resynced`.
import type { Notice } from './notificationIntake.ts'
import type { WatchEvent } from './resourceClient.ts'
import type { SubscriptionFilter } from './session.ts'
import type { SubscriptionHost } from './subscriptions.ts'
import { coversUri } from './subscriptionsFilter.ts'
import type { WatchHandle } from './watch.ts'

export interface DeliveryOptions {
  serverId: string
  host: SubscriptionHost
  logger?: Pick<Console, 'debug' | 'warn'>
  /** The watches open now. */
  watches(): Iterable<WatchHandle>
  /** What they ask for, together. */
  demand(): SubscriptionFilter
}

export class Delivery {
  readonly #options: DeliveryOptions

  constructor(options: DeliveryOptions) {
    this.#options = options
  }

  /** A notice of the intake: the watches it concerns hear it. */
  tell(notice: Notice): void {
    if (notice.type === 'listChanged') {
      this.#emit(notice, (watch) => Boolean(watch.requested.resourcesListChanged))
      return
    }
    this.#emit(notice, (watch) => coversUri(watch.requested, notice.uri))
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
