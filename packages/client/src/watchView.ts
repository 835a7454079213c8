// What every Watch is to its consumers, whoever drives it (the direct client's subscription
// engine, watch.ts; a bridged page's backend, bridge/bridgeWatch.ts): a snapshot with its
// listeners, and events in order. A subclass publishes snapshots and tells events.
import type { Watch, WatchEvent, WatchSnapshot, WatchTarget } from './resourceClient.ts'
import { sameFilter } from './subscriptionsFilter.ts'

export abstract class WatchView implements Watch {
  #snapshot: WatchSnapshot
  readonly #listeners = new Set<() => void>()
  readonly #eventListeners = new Set<(event: WatchEvent) => void>()

  constructor(initial: WatchSnapshot) {
    this.#snapshot = initial
  }

  abstract update(target: WatchTarget): void
  abstract close(): Promise<void>

  getSnapshot(): WatchSnapshot {
    return this.#snapshot
  }

  subscribe(listener: () => void): () => void {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  onEvent(listener: (event: WatchEvent) => void): () => void {
    this.#eventListeners.add(listener)
    return () => this.#eventListeners.delete(listener)
  }

  /** Makes `next` the snapshot; listeners hear only a real change. */
  protected publish(next: WatchSnapshot): void {
    if (sameSnapshot(next, this.#snapshot)) return
    this.#snapshot = next
    for (const listener of [...this.#listeners]) listener()
  }

  /** Tells `event` to the event listeners. */
  protected tell(event: WatchEvent): void {
    for (const listener of [...this.#eventListeners]) listener(event)
  }
}

function sameSnapshot(a: WatchSnapshot, b: WatchSnapshot): boolean {
  return (
    a.status === b.status &&
    a.attempt === b.attempt &&
    a.error === b.error &&
    a.requested === b.requested &&
    (a.honored === b.honored ||
      (a.honored !== undefined && b.honored !== undefined && sameFilter(a.honored, b.honored)))
  )
}
