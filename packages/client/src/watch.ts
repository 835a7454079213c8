// One consumer's view of a server's subscriptions: its own watched set, a snapshot of how
// far the server honours it, and the events that concern it. The per-server engine
// (subscriptions.ts) owns the stream; a Watch only derives from it (its snapshot and
// listeners are the WatchView every watch shares).
import type { WatchEvent, WatchSnapshot, WatchStatus, WatchTarget } from './resourceClient.ts'
import type { SubscriptionFilter } from './session.ts'
import { intersectFilters, isEmptyFilter, sameFilter, toFilter } from './subscriptionsFilter.ts'
import { WatchView } from './watchView.ts'

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

export class WatchHandle extends WatchView {
  readonly #owner: WatchOwner
  #requested: SubscriptionFilter
  #seq: number
  #honored?: SubscriptionFilter
  #closed = false
  #closing?: Promise<void>
  /** The server refused what this watch asks for (until the watch asks for something else). */
  #refusal?: Error
  #view: EngineView

  constructor(owner: WatchOwner, target: WatchTarget, view: EngineView) {
    const requested = toFilter(target)
    super({ status: 'connecting', requested, attempt: 0 })
    this.#owner = owner
    this.#requested = requested
    this.#view = view
    this.#seq = owner.changed(this)
    this.publish(this.#derive())
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
    this.publish(this.#derive())
  }

  /** Deliver an event to this watch's listeners (the engine has already checked it concerns us). */
  emit(event: WatchEvent): void {
    if (this.#closed) return
    this.tell(event)
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
