// A watch on the page: the backend holds the real one (one subscription engine per server,
// shared by every page); this is a view of it kept across channel drops. While the channel
// is down the watch reads `reconnecting`; when the backend has it live again, everything it
// watches is invalidated and a `resynced` event says so (what changed meanwhile was not heard).
// Its snapshot and listeners are the WatchView every watch shares.
import { isPlainObject } from '../isPlainObject.ts'
import type { WatchStatus, WatchTarget } from '../resourceClient.ts'
import type { SubscriptionFilter } from '../session.ts'
import { toFilter } from '../subscriptionsFilter.ts'
import { WatchView } from '../watchView.ts'
import { decodeError } from './decodeError.ts'

const STATUSES: readonly WatchStatus[] = [
  'connecting',
  'live',
  'reconnecting',
  'unsupported',
  'closed',
  'error',
]

export interface BridgeWatchHost {
  open(watch: BridgeWatch): void
  update(watch: BridgeWatch): void
  close(watch: BridgeWatch): void
  invalidateRead(serverId: string, uri: string): Promise<void>
  invalidateLists(serverId: string): Promise<void>
}

export class BridgeWatch extends WatchView {
  readonly id: number
  readonly serverId: string
  target: WatchTarget
  readonly #host: BridgeWatchHost
  /** The channel dropped since the backend last said live: the next live is a resync. */
  #resyncDue = false

  constructor(id: number, serverId: string, target: WatchTarget, host: BridgeWatchHost) {
    super({ status: 'connecting', requested: toFilter(target), attempt: 0 })
    this.id = id
    this.serverId = serverId
    this.target = target
    this.#host = host
  }

  get #closed(): boolean {
    return this.getSnapshot().status === 'closed'
  }

  update(target: WatchTarget): void {
    if (this.#closed) return
    this.target = target
    this.publish({ ...this.getSnapshot(), requested: toFilter(target) })
    this.#host.update(this)
  }

  async close(): Promise<void> {
    if (this.#closed) return
    this.publish({ ...this.getSnapshot(), status: 'closed' })
    this.#host.close(this)
  }

  /** The channel dropped: the backend's watch is gone with it. */
  dropped(error: Error): void {
    if (this.#closed) return
    this.#resyncDue = true
    const snapshot = this.getSnapshot()
    this.publish({ ...snapshot, status: 'reconnecting', error, attempt: snapshot.attempt + 1 })
  }

  /** A snapshot from the backend (untrusted). */
  received(value: unknown): void {
    if (this.#closed || !isPlainObject(value)) return
    const status = STATUSES.find((known) => known === value.status)
    if (!status || status === 'closed') return
    const honored = readFilter(value.honored)
    const attempt =
      typeof value.attempt === 'number' && Number.isSafeInteger(value.attempt) && value.attempt >= 0
        ? value.attempt
        : 0
    this.publish({
      status,
      requested: toFilter(this.target),
      ...(honored && { honored }),
      ...(value.error !== undefined && { error: decodeError(value.error, this.serverId) }),
      attempt,
    })
    if (status === 'live' && this.#resyncDue) {
      this.#resyncDue = false
      void this.#resync()
    }
  }

  /** An event from the backend (untrusted): the page's own cache is invalidated first. */
  async event(value: unknown): Promise<void> {
    if (this.#closed || !isPlainObject(value)) return
    if (value.type === 'updated' && typeof value.uri === 'string') {
      await this.#host.invalidateRead(this.serverId, value.uri)
      this.tell({ type: 'updated', uri: value.uri })
    } else if (value.type === 'listChanged') {
      await this.#host.invalidateLists(this.serverId)
      this.tell({ type: 'listChanged' })
    } else if (value.type === 'resynced') {
      await this.#invalidateWatched()
      this.tell({ type: 'resynced' })
    }
  }

  async #resync(): Promise<void> {
    await this.#invalidateWatched()
    this.tell({ type: 'resynced' })
  }

  async #invalidateWatched(): Promise<void> {
    const filter = toFilter(this.target)
    await Promise.all([
      ...(filter.resourcesListChanged ? [this.#host.invalidateLists(this.serverId)] : []),
      ...(filter.resourceSubscriptions ?? []).map((uri) =>
        this.#host.invalidateRead(this.serverId, uri),
      ),
    ])
  }
}

function readFilter(value: unknown): SubscriptionFilter | undefined {
  if (!isPlainObject(value)) return undefined
  const uris = Array.isArray(value.resourceSubscriptions)
    ? value.resourceSubscriptions.filter((uri): uri is string => typeof uri === 'string')
    : undefined
  return {
    ...(value.resourcesListChanged === true && { resourcesListChanged: true }),
    ...(uris && { resourceSubscriptions: uris }),
  }
}
