// One server's resource (or template) list as one consistent pass, shared by every consumer
// of a client.
// A walk appends pages and never asks again for a page its pass already has; the pass goes
// stale as a unit (its stalest page), and nothing refetches on a timer: a stale or
// invalidated list is walked again from page 1 once, in the background, and the new pass
// replaces the pages when it has caught up with them, keeping what did not change: the same
// resource objects and page arrays (structuralSharing.ts), the same generation when nothing
// changed. A load waiting for pages the shown pass can still give goes first (a
// `list_changed` in the middle of a long walk does not stall it while page 1 is walked
// again); the revalidation then catches up with what was shown. Per page the work is the
// page's own: pages are kept as they arrived (no concatenation), and subscribers hear at
// most once a tick. What changed is published once, where it is known (`onChange`): a page
// shown is `appended`; a revalidation that replaces the pages is `patched` with what the
// structural sharing saw (added / changed / removed); a partition change is a `reset`.
import { abortReason } from './abortable.ts'
import { CursorCycleError, InvalidCursorError } from './errors.ts'
import type {
  ListChange,
  ListSnapshot,
  ResourceListLoadOptions,
  SharedList,
} from './resourceClient.ts'
import { type ListPatch, StructuralSharing } from './structuralSharing.ts'
import type { Page, Resource, ResourceTemplate } from './types.ts'

/** The two lists a server has, the item each holds, and the method that pages it. */
export type ListKind = 'resources' | 'templates'
export interface ListItem {
  resources: Resource
  templates: ResourceTemplate
}
export const LIST_METHOD = {
  resources: 'resources/list',
  templates: 'resources/templates/list',
} as const

export interface SharedListHost<T> {
  serverId: string
  /** The list method, for errors (`resources/list`, `resources/templates/list`). */
  method: string
  /** What identifies an item across passes (a resource's URI, a template's URI template). */
  keyOf(item: T): string
  /** Pages the walk takes on its own before `capped` (load({ beyondCap }) goes on). */
  maxPages: number
  /** One page through the cache of record, with the time its data was received. */
  fetchPage(
    cursor: string | undefined,
    signal: AbortSignal,
  ): Promise<{ page: Page<T>; receivedAt: number }>
  /** The partition pages are fetched under now (a change drops the pass). */
  partition(): string
  now(): number
  /** Waited for before each page of a revalidation after its first (it is not urgent). @default none */
  pace?: (signal: AbortSignal) => Promise<void>
}

/** A resource list's host: items are keyed by URI. */
export type ResourceListHost = Omit<SharedListHost<Resource>, 'keyOf' | 'method'>

/** The pages of one walk from page 1. */
interface Pass<T extends object> {
  readonly pages: (readonly T[])[]
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
  sharing: StructuralSharing<T> | undefined
}

interface Waiter<T> {
  target: number
  beyondCap: boolean
  resolve: (snapshot: ListSnapshot<T>) => void
}

const newPass = <T extends object>(
  partition: string,
  keyOf: (item: T) => string,
  replacing?: Pass<T>,
): Pass<T> => ({
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
      ? new StructuralSharing(replacing.pages, keyOf)
      : undefined,
})

/** A SharedList and what its owner (the client) does to it. */
export interface OwnedList<T> extends SharedList<T> {
  /** `list_changed`: the pass is stale; walked again now if someone listens or walks. */
  invalidate(): void
  /** The partition changed: the pages go (a new generation, empty). */
  reset(): void
  /** The server was removed: the walk stops, loads resolve, listeners go. */
  close(): void
}

export type OwnedResourceList = OwnedList<Resource>

/** A shared list pass over any page source (the client makes two per server). */
export function createSharedList<T extends object>(host: SharedListHost<T>): OwnedList<T> {
  return new PassList(host)
}

/** A shared resource list over any page source. */
export function createResourceList(host: ResourceListHost): OwnedResourceList {
  return new PassList<Resource>({
    ...host,
    method: 'resources/list',
    keyOf: (resource) => resource.uri,
  })
}

class PassList<T extends object> implements OwnedList<T> {
  readonly #host: SharedListHost<T>
  #shown: Pass<T>
  /** A pass from page 1 walked behind the shown one (a revalidation). */
  #background: Pass<T> | undefined
  #generation = 0
  /** The version of the shown pages: one more per change told (`onChange`). */
  #version = 0
  /** Changes made since the last publish, told right after it. */
  readonly #changes: ListChange<T>[] = []
  readonly #changeListeners = new Set<(change: ListChange<T>) => void>()
  #error: Error | undefined
  /** Invalidated while a revalidation ran: the next use walks again. */
  #invalidated = false
  #walking: AbortController | undefined
  readonly #waiters = new Set<Waiter<T>>()
  readonly #listeners = new Set<() => void>()
  #snapshot: ListSnapshot<T>
  #notifyQueued = false
  #closed = false

  constructor(host: SharedListHost<T>) {
    this.#host = host
    this.#shown = newPass(host.partition(), host.keyOf)
    this.#snapshot = this.#build()
  }

  getSnapshot = (): ListSnapshot<T> => this.#snapshot

  onChange = (listener: (change: ListChange<T>) => void): (() => void) => {
    this.#changeListeners.add(listener)
    this.#arrived()
    return () => this.#changeListeners.delete(listener)
  }

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener)
    this.#arrived()
    return () => this.#listeners.delete(listener)
  }

  /** A consumer arriving at a stale, idle list: walk it again once, in the background. */
  #arrived(): void {
    this.#checkPartition()
    if (!this.#walking && this.#shown.pages.length > 0 && this.#isStale()) this.refresh()
  }

  load(options: ResourceListLoadOptions = {}): Promise<ListSnapshot<T>> {
    const { signal } = options
    if (this.#closed) return Promise.resolve(this.#snapshot)
    if (signal?.aborted) return Promise.resolve(this.#snapshot)
    this.#checkPartition()
    const pages = options.pages ?? Number.POSITIVE_INFINITY
    return new Promise((resolve) => {
      const waiter: Waiter<T> = {
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
    if (this.#listeners.size > 0 || this.#changeListeners.size > 0 || this.#walking) this.refresh()
    else this.#publish()
  }

  reset(): void {
    this.#walking?.abort(new Error('The list was reset'))
    this.#walking = undefined
    this.#background = undefined
    this.#shown = newPass(this.#host.partition(), this.#host.keyOf)
    this.#generation += 1
    this.#error = undefined
    this.#told({ type: 'reset', version: this.#version + 1 })
    this.#publish()
    this.#settleWaiters()
  }

  close(): void {
    this.#closed = true
    this.#walking?.abort(new Error('The server was removed'))
    this.#settleWaiters()
    this.#listeners.clear()
    this.#changeListeners.clear()
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
        let fetched: Awaited<ReturnType<SharedListHost<T>['fetchPage']>>
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
  #append(pass: Pass<T>, page: Page<T>, receivedAt: number): boolean {
    const items = pass.sharing ? pass.sharing.share(pass.pages.length, page.items) : page.items
    if (pass === this.#shown && items === page.items) pass.sharing = undefined
    pass.pages.push(items)
    if (pass === this.#shown) this.#told({ type: 'appended', version: this.#version + 1, items })
    pass.loaded += page.items.length
    pass.staleAt = Math.min(pass.staleAt, receivedAt + page.ttlMs)
    const next = page.nextCursor
    if (next === undefined) {
      pass.complete = true
      pass.nextCursor = undefined
      // A revalidation's is read once more when it replaces the shown pages (`#promote`).
      if (pass === this.#shown) pass.sharing = undefined
    } else if (pass.seen.has(next)) {
      // A → B → A: reported, never followed; there is no cursor to go on from.
      pass.nextCursor = undefined
      this.#fail(pass, new CursorCycleError(this.#host.method, next, this.#host.serverId))
      return false
    } else pass.nextCursor = next
    return true
  }

  /** A pass from page 1 that will replace the shown one, reusing its objects. */
  #revalidation(): Pass<T> {
    const pass = newPass(this.#host.partition(), this.#host.keyOf, this.#shown)
    // What the shown pass kept of the one before it: replaced with it.
    this.#shown.sharing = undefined
    return pass
  }

  #promote(pass: Pass<T>): void {
    const shown = this.#shown.pages
    // Every page the very array it replaces: nothing changed, the generation (and the
    // snapshot's pages array) stays, and consumers have nothing to rebuild.
    const unchanged =
      pass.pages.length === shown.length && pass.pages.every((page, i) => page === shown[i])
    if (!unchanged) this.#told(this.#replacement(shown, pass))
    // From here on its pages are appended (it shares on for what an insertion pushed past).
    if (pass.complete) pass.sharing = undefined
    this.#shown = pass
    this.#background = undefined
    if (!unchanged) this.#generation += 1
    // Invalidated again while this pass ran: it may hold pages from before the change.
    if (this.#invalidated) pass.staleAt = Number.NEGATIVE_INFINITY
    this.#invalidated = false
  }

  /** What `pass` changes in the shown `pages`, as the structural sharing saw it. */
  #replacement(pages: readonly (readonly T[])[], pass: Pass<T>): ListChange<T> {
    const version = this.#version + 1
    if (pages.length === 0) return { type: 'appended', version, items: pass.pages.flat() }
    // No sharing (it never fails to have one over shown pages): everything was replaced.
    const patch: ListPatch<T> = pass.sharing?.patch(pass.complete) ?? {
      added: pass.pages.flat(),
      changed: [],
      removed: pages.flat(),
      displaced: [],
    }
    return { type: 'patched', version, ...patch }
  }

  #fail(pass: Pass<T>, error: unknown): void {
    this.#error = error instanceof Error ? error : new Error(String(error))
    // A failed revalidation leaves the shown pages as they were.
    if (pass === this.#background) this.#background = undefined
    this.#publish()
  }

  /**
   * The pass the next page is for: the shown one while loads wait for pages it can still
   * give (it has a cursor to go on from), else the revalidation, if one runs.
   */
  #passToWalk(): Pass<T> | undefined {
    const shown = this.#shown
    if (!this.#wantsMore(shown)) return this.#background
    const canGoOn = shown.pages.length > 0 && shown.nextCursor !== undefined && !shown.cursorLost
    return !this.#background || canGoOn ? shown : this.#background
  }

  #wantsMore(pass: Pass<T>): boolean {
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

  #release(waiter: Waiter<T>): void {
    if (!this.#waiters.delete(waiter)) return
    waiter.resolve(this.#snapshot)
  }

  /**
   * Takes out the loads whose pages are in, or that can get no further (the shown pass is
   * complete and no revalidation runs: one that does may bring more pages).
   */
  #takeReached(): Waiter<T>[] {
    const reached: Waiter<T>[] = []
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

  /** A change of the shown pages, told after the next publish (the snapshot shows it then). */
  #told(change: ListChange<T>): void {
    this.#version = change.version
    this.#changes.push(change)
  }

  #publish(): void {
    this.#snapshot = this.#build()
    this.#tellChanges()
    if (this.#notifyQueued || this.#listeners.size === 0) return
    this.#notifyQueued = true
    queueMicrotask(() => {
      this.#notifyQueued = false
      for (const listener of [...this.#listeners]) listener()
    })
  }

  #tellChanges(): void {
    while (this.#changes.length > 0) {
      const change = this.#changes.shift() as ListChange<T>
      for (const listener of [...this.#changeListeners]) {
        try {
          listener(change)
        } catch (error) {
          // One consumer's failure is its own: the others still hear, the walk goes on.
          queueMicrotask(() => {
            throw error
          })
        }
      }
    }
  }

  #build(): ListSnapshot<T> {
    const pass = this.#shown
    const previous = this.#snapshot as ListSnapshot<T> | undefined
    const pages =
      previous &&
      previous.pages.length === pass.pages.length &&
      previous.generation === this.#generation
        ? previous.pages
        : pass.pages.slice()
    const capped =
      !pass.complete && pass.nextCursor !== undefined && pass.pages.length >= this.#host.maxPages
    const next: ListSnapshot<T> = {
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
      version: this.#version,
      staleAt: pass.staleAt,
    }
    if (previous && sameSnapshot(previous, next)) return previous
    return next
  }
}

function sameSnapshot<T>(a: ListSnapshot<T>, b: ListSnapshot<T>): boolean {
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
    a.version === b.version &&
    a.staleAt === b.staleAt
  )
}
