// One server's resource list as one consistent pass, shared by every consumer of a client.
// A walk appends pages and never asks again for a page its pass already has; the pass goes
// stale as a unit (its stalest page), and nothing refetches on a timer: a stale or
// invalidated list is walked again from page 1 once, in the background, and the new pass
// replaces the pages when it has caught up with them, keeping what did not change: the same
// resource objects and page arrays (structuralSharing.ts), the same generation when nothing
// changed. A load waiting for pages the shown pass can still give goes first (a
// `list_changed` in the middle of a long walk does not stall it while page 1 is walked
// again); the revalidation then catches up with what was shown. Per page the work is the
// page's own: pages are kept as they arrived (no concatenation), and subscribers hear at
// most once a tick.
import { abortReason } from './abortable.ts'
import { CursorCycleError, InvalidCursorError } from './errors.ts'
import type {
  ResourceList,
  ResourceListLoadOptions,
  ResourceListSnapshot,
} from './resourceClient.ts'
import { StructuralSharing } from './structuralSharing.ts'
import type { Page, Resource } from './types.ts'

export interface ResourceListHost {
  serverId: string
  /** Pages the walk takes on its own before `capped` (load({ beyondCap }) goes on). */
  maxPages: number
  /** One page through the cache of record, with the time its data was received. */
  fetchPage(
    cursor: string | undefined,
    signal: AbortSignal,
  ): Promise<{ page: Page<Resource>; receivedAt: number }>
  /** The partition pages are fetched under now (a change drops the pass). */
  partition(): string
  now(): number
  /** Waited for before each page of a revalidation after its first (it is not urgent). @default none */
  pace?: (signal: AbortSignal) => Promise<void>
}

/** The pages of one walk from page 1. */
interface Pass {
  readonly pages: (readonly Resource[])[]
  loaded: number
  nextCursor: string | undefined
  complete: boolean
  staleAt: number
  readonly seen: Set<string | undefined>
  readonly partition: string
  /** The server no longer knows `nextCursor`: only a revalidation goes on from here. */
  cursorLost: boolean
  /**
   * A revalidation's: the objects of the pass it replaces. Kept once it is shown, for the
   * resources an insertion pushed past the replaced pages, until it is complete or a page
   * keeps none of them.
   */
  sharing: StructuralSharing | undefined
}

interface Waiter {
  target: number
  beyondCap: boolean
  resolve: (snapshot: ResourceListSnapshot) => void
}

const newPass = (partition: string, replacing?: Pass): Pass => ({
  pages: [],
  loaded: 0,
  nextCursor: undefined,
  complete: false,
  staleAt: Number.POSITIVE_INFINITY,
  seen: new Set(),
  partition,
  cursorLost: false,
  // Never across partitions: another account's pass is not this one's to reuse.
  sharing:
    replacing && replacing.partition === partition && replacing.pages.length > 0
      ? new StructuralSharing(replacing.pages)
      : undefined,
})

/** A ResourceList and what its owner (the client) does to it. */
export interface OwnedResourceList extends ResourceList {
  /** `list_changed`: the pass is stale; walked again now if someone listens or walks. */
  invalidate(): void
  /** The partition changed: the pages go (a new generation, empty). */
  reset(): void
  /** The server was removed: the walk stops, loads resolve, listeners go. */
  close(): void
}

/** A shared list pass over any page source (the client makes one per server). */
export function createResourceList(host: ResourceListHost): OwnedResourceList {
  return new SharedResourceList(host)
}

class SharedResourceList implements OwnedResourceList {
  readonly #host: ResourceListHost
  #shown: Pass
  /** A pass from page 1 walked behind the shown one (a revalidation). */
  #background: Pass | undefined
  #generation = 0
  #error: Error | undefined
  /** Invalidated while a revalidation ran: the next use walks again. */
  #invalidated = false
  #walking: AbortController | undefined
  readonly #waiters = new Set<Waiter>()
  readonly #listeners = new Set<() => void>()
  #snapshot: ResourceListSnapshot
  #notifyQueued = false
  #closed = false

  constructor(host: ResourceListHost) {
    this.#host = host
    this.#shown = newPass(host.partition())
    this.#snapshot = this.#build()
  }

  getSnapshot = (): ResourceListSnapshot => this.#snapshot

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener)
    this.#checkPartition()
    // A consumer arriving at a stale, idle list: walk it again once, in the background.
    if (!this.#walking && this.#shown.pages.length > 0 && this.#isStale()) this.refresh()
    return () => this.#listeners.delete(listener)
  }

  load(options: ResourceListLoadOptions = {}): Promise<ResourceListSnapshot> {
    const { signal } = options
    if (this.#closed) return Promise.resolve(this.#snapshot)
    if (signal?.aborted) return Promise.resolve(this.#snapshot)
    this.#checkPartition()
    const pages = options.pages ?? Number.POSITIVE_INFINITY
    return new Promise((resolve) => {
      const waiter: Waiter = {
        target: this.#shown.pages.length + Math.max(1, pages),
        beyondCap: options.beyondCap === true,
        resolve: () => {},
      }
      const onAbort = () => {
        this.#release(waiter)
        // Nobody wants more: stop the page in flight (it will be asked again later). The walk
        // ends here, so a load that comes next starts its own at once.
        if (this.#waiters.size === 0 && !this.#background && this.#walking) {
          this.#walking.abort(abortReason(signal as AbortSignal))
          this.#walking = undefined
          this.#publish()
        }
      }
      waiter.resolve = (snapshot) => {
        signal?.removeEventListener('abort', onAbort)
        resolve(snapshot)
      }
      signal?.addEventListener('abort', onAbort, { once: true })
      this.#waiters.add(waiter)
      if (!this.#wantsMore(this.#shown) && !this.#background) {
        this.#release(waiter)
        return
      }
      this.#error = undefined
      this.#ensureWalking()
    })
  }

  refresh(): void {
    if (this.#closed) return
    if (this.#background) {
      this.#invalidated = true
      return
    }
    this.#invalidated = false
    this.#background = this.#revalidation()
    this.#error = undefined
    this.#publish()
    this.#ensureWalking()
  }

  invalidate(): void {
    this.#shown.staleAt = Number.NEGATIVE_INFINITY
    if (this.#listeners.size > 0 || this.#walking) this.refresh()
    else this.#publish()
  }

  reset(): void {
    this.#walking?.abort(new Error('The list was reset'))
    this.#walking = undefined
    this.#background = undefined
    this.#shown = newPass(this.#host.partition())
    this.#generation += 1
    this.#error = undefined
    this.#publish()
    this.#settleWaiters()
  }

  close(): void {
    this.#closed = true
    this.#walking?.abort(new Error('The server was removed'))
    this.#settleWaiters()
    this.#listeners.clear()
  }

  // WALK

  #ensureWalking(): void {
    if (this.#walking) return
    const controller = new AbortController()
    this.#walking = controller
    this.#publish()
    void this.#run(controller)
  }

  async #run(controller: AbortController): Promise<void> {
    try {
      for (;;) {
        if (this.#walking !== controller) return
        const pass = this.#passToWalk()
        if (!pass) return
        const cursor = pass.nextCursor
        pass.seen.add(cursor)
        let fetched: Awaited<ReturnType<ResourceListHost['fetchPage']>>
        try {
          fetched = await this.#host.fetchPage(cursor, controller.signal)
        } catch (error) {
          if (controller.signal.aborted || this.#walking !== controller) return
          if (error instanceof InvalidCursorError && pass === this.#shown) {
            // The server no longer knows this pass: walk it again from page 1 (once).
            pass.cursorLost = true
            this.#background ??= this.#revalidation()
            continue
          }
          this.#fail(pass, error)
          return
        }
        if (this.#walking !== controller || this.#closed) return
        if (pass.partition !== this.#host.partition()) {
          this.reset()
          return
        }
        if (!this.#append(pass, fetched.page, fetched.receivedAt)) return
        const caughtUp = pass.complete || pass.pages.length >= this.#shown.pages.length
        if (pass === this.#background && caughtUp) this.#promote(pass)
        const reached = this.#takeReached()
        // The last page this walk wanted: its loads get a snapshot that is no longer loading.
        if (!this.#background && !this.#wantsMore(this.#shown)) this.#walking = undefined
        this.#publish()
        for (const waiter of reached) waiter.resolve(this.#snapshot)
        // Nobody waits for more pages and the shown ones stay: a revalidation walks on slowly
        // (a load waiting for pages walks at full speed, revalidation included).
        if (this.#background && this.#waiters.size === 0 && this.#host.pace) {
          try {
            await this.#host.pace(controller.signal)
          } catch {
            return
          }
        }
      }
    } finally {
      if (this.#walking === controller) {
        this.#walking = undefined
        this.#publish()
        this.#settleWaiters()
      }
    }
  }

  /** Adds the page to its pass; false when its cursor loops back (the walk stops). */
  #append(pass: Pass, page: Page<Resource>, receivedAt: number): boolean {
    const items = pass.sharing ? pass.sharing.share(pass.pages.length, page.items) : page.items
    if (pass === this.#shown && items === page.items) pass.sharing = undefined
    pass.pages.push(items)
    pass.loaded += page.items.length
    pass.staleAt = Math.min(pass.staleAt, receivedAt + page.ttlMs)
    const next = page.nextCursor
    if (next === undefined) {
      pass.complete = true
      pass.nextCursor = undefined
      pass.sharing = undefined
    } else if (pass.seen.has(next)) {
      // A → B → A: reported, never followed; there is no cursor to go on from.
      pass.nextCursor = undefined
      this.#fail(pass, new CursorCycleError('resources/list', next, this.#host.serverId))
      return false
    } else pass.nextCursor = next
    return true
  }

  /** A pass from page 1 that will replace the shown one, reusing its objects. */
  #revalidation(): Pass {
    const pass = newPass(this.#host.partition(), this.#shown)
    // What the shown pass kept of the one before it: replaced with it.
    this.#shown.sharing = undefined
    return pass
  }

  #promote(pass: Pass): void {
    const shown = this.#shown.pages
    // Every page the very array it replaces: nothing changed, the generation (and the
    // snapshot's pages array) stays, and consumers have nothing to rebuild.
    const unchanged =
      pass.pages.length === shown.length && pass.pages.every((page, i) => page === shown[i])
    this.#shown = pass
    this.#background = undefined
    if (!unchanged) this.#generation += 1
    // Invalidated again while this pass ran: it may hold pages from before the change.
    if (this.#invalidated) pass.staleAt = Number.NEGATIVE_INFINITY
    this.#invalidated = false
  }

  #fail(pass: Pass, error: unknown): void {
    this.#error = error instanceof Error ? error : new Error(String(error))
    // A failed revalidation leaves the shown pages as they were.
    if (pass === this.#background) this.#background = undefined
    this.#publish()
  }

  /**
   * The pass the next page is for: the shown one while loads wait for pages it can still
   * give (it has a cursor to go on from), else the revalidation, if one runs.
   */
  #passToWalk(): Pass | undefined {
    const shown = this.#shown
    if (!this.#wantsMore(shown)) return this.#background
    const canGoOn = shown.pages.length > 0 && shown.nextCursor !== undefined && !shown.cursorLost
    return !this.#background || canGoOn ? shown : this.#background
  }

  #wantsMore(pass: Pass): boolean {
    if (pass.complete || (pass.pages.length > 0 && pass.nextCursor === undefined)) return false
    for (const waiter of this.#waiters) {
      const limit = waiter.beyondCap ? waiter.target : Math.min(waiter.target, this.#host.maxPages)
      if (pass.pages.length < limit) return true
    }
    return false
  }

  #isStale(): boolean {
    return this.#host.now() >= this.#shown.staleAt
  }

  #checkPartition(): void {
    if (this.#shown.partition !== this.#host.partition()) this.reset()
  }

  // WAITERS AND SUBSCRIBERS

  #release(waiter: Waiter): void {
    if (!this.#waiters.delete(waiter)) return
    waiter.resolve(this.#snapshot)
  }

  /**
   * Takes out the loads whose pages are in, or that can get no further (the shown pass is
   * complete and no revalidation runs: one that does may bring more pages).
   */
  #takeReached(): Waiter[] {
    const reached: Waiter[] = []
    const ended = this.#shown.complete && !this.#background
    for (const waiter of this.#waiters) {
      const limit = waiter.beyondCap ? waiter.target : Math.min(waiter.target, this.#host.maxPages)
      if (this.#shown.pages.length >= limit || ended) reached.push(waiter)
    }
    for (const waiter of reached) this.#waiters.delete(waiter)
    return reached
  }

  #settleWaiters(): void {
    for (const waiter of [...this.#waiters]) this.#release(waiter)
  }

  #publish(): void {
    this.#snapshot = this.#build()
    if (this.#notifyQueued || this.#listeners.size === 0) return
    this.#notifyQueued = true
    queueMicrotask(() => {
      this.#notifyQueued = false
      for (const listener of [...this.#listeners]) listener()
    })
  }

  #build(): ResourceListSnapshot {
    const pass = this.#shown
    const previous = this.#snapshot as ResourceListSnapshot | undefined
    const pages =
      previous &&
      previous.pages.length === pass.pages.length &&
      previous.generation === this.#generation
        ? previous.pages
        : pass.pages.slice()
    const capped =
      !pass.complete && pass.nextCursor !== undefined && pass.pages.length >= this.#host.maxPages
    const next: ResourceListSnapshot = {
      pages,
      loaded: pass.loaded,
      complete: pass.complete,
      capped,
      nextCursor: pass.nextCursor,
      // Walking for a load: the revalidation's own pages are not "loading".
      loading: this.#walking !== undefined && this.#passToWalk() === pass,
      revalidating: this.#background !== undefined,
      error: this.#error,
      generation: this.#generation,
      staleAt: pass.staleAt,
    }
    if (previous && sameSnapshot(previous, next)) return previous
    return next
  }
}

function sameSnapshot(a: ResourceListSnapshot, b: ResourceListSnapshot): boolean {
  return (
    a.pages === b.pages &&
    a.loaded === b.loaded &&
    a.complete === b.complete &&
    a.capped === b.capped &&
    a.nextCursor === b.nextCursor &&
    a.loading === b.loading &&
    a.revalidating === b.revalidating &&
    a.error === b.error &&
    a.generation === b.generation &&
    a.staleAt === b.staleAt
  )
}
