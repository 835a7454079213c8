// One consumer's view of a server's subscriptions: its own watched set, a snapshot of how
// far the server honours it, and the events that concern it. The per-server engine
// (subscriptions.ts) owns the stream; a Watch only derives from it.
import type {
  Watch,
  WatchEvent,
  WatchSnapshot,
  WatchStatus,
  WatchTarget,
} from './resourceClient.ts'
import type { SubscriptionFilter } from './session.ts'
import { intersectFilters, isEmptyFilter, sameFilter, toFilter } from './subscriptionsFilter.ts'

/** The engine's state, as every watch of one server sees it. */
export interface EngineView {
  status: 'idle' | WatchStatus
  /** What the current channel honours. */
  honored?: SubscriptionFilter
  /** The demand version the current channel was opened or retargeted for. */
  coveredSeq: number
  error?: Error
  attempt: number
}

/** What a watch needs from the engine that owns it. */
export interface WatchOwner {
  /** The watch changed its target: returns the new demand version. */
  changed(watch: WatchHandle): number
  /** The watch closed: resolves once the stream no longer carries it. */
  removed(watch: WatchHandle): Promise<void>
}

export class WatchHandle implements Watch {
  readonly #owner: WatchOwner
  readonly #listeners = new Set<() => void>()
  readonly #eventListeners = new Set<(event: WatchEvent) => void>()
  #requested: SubscriptionFilter
  #seq: number
  #honored?: SubscriptionFilter
  #closed = false
  #closing?: Promise<void>
  /** The server refused what this watch asks for (until the watch asks for something else). */
  #refusal?: Error
  #view: EngineView
  #snapshot: WatchSnapshot

  constructor(owner: WatchOwner, target: WatchTarget, view: EngineView) {
    this.#owner = owner
    this.#requested = toFilter(target)
    this.#view = view
    this.#seq = owner.changed(this)
    this.#snapshot = this.#derive()
  }

  /** What this watch asks for, as a filter. */
  get requested(): SubscriptionFilter {
    return this.#requested
  }

  get closed(): boolean {
    return this.#closed
  }

  /** The server's refusal of this watch's filter, if it refused it. */
  get refused(): Error | undefined {
    return this.#refusal
  }

  /** The server refused this watch's filter: the watch fails with the server's error. */
  refuse(error: Error): void {
    if (this.#closed) return
    this.#refusal = error
    this.refresh(this.#view)
  }

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

  update(target: WatchTarget): void {
    if (this.#closed) return
    const next = toFilter(target)
    if (sameFilter(next, this.#requested)) return
    this.#requested = next
    this.#refusal = undefined
    this.#seq = this.#owner.changed(this)
    this.refresh(this.#view)
  }

  close(): Promise<void> {
    if (!this.#closing) {
      this.#closed = true
      this.refresh(this.#view)
      this.#closing = this.#owner.removed(this)
    }
    return this.#closing
  }

  /** Recompute the snapshot from the engine's state; listeners hear only real changes. */
  refresh(view: EngineView): void {
    this.#view = view
    const next = this.#derive()
    if (sameSnapshot(next, this.#snapshot)) return
    this.#snapshot = next
    for (const listener of [...this.#listeners]) listener()
  }

  /** Deliver an event to this watch's listeners (the engine has already checked it concerns us). */
  emit(event: WatchEvent): void {
    if (this.#closed) return
    for (const listener of [...this.#eventListeners]) listener(event)
  }

  #derive(): WatchSnapshot {
    const view = this.#view
    const requested = this.#requested
    if (view.status === 'live' && view.honored && this.#seq <= view.coveredSeq) {
      this.#honored = intersectFilters(requested, view.honored)
    } else if (view.status === 'unsupported') {
      this.#honored = {}
    }
    const snapshot: WatchSnapshot = { status: this.#status(), requested, attempt: 0 }
    if (this.#honored) snapshot.honored = this.#honored
    if (snapshot.status === 'error') {
      const error = this.#refusal ?? view.error
      if (error) snapshot.error = error
    }
    if (snapshot.status === 'reconnecting') {
      snapshot.attempt = view.attempt
      if (view.error) snapshot.error = view.error
    }
    return snapshot
  }

  #status(): WatchStatus {
    if (this.#closed) return 'closed'
    if (this.#refusal) return 'error'
    if (isEmptyFilter(this.#requested)) return 'live'
    const status = this.#view.status
    if (status === 'idle') return 'connecting'
    if (status !== 'live') return status
    // Not yet carried by the stream (a new watch): still connecting.
    if (!this.#honored) return 'connecting'
    return isEmptyFilter(this.#honored) ? 'unsupported' : 'live'
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
