// Per-server lists and template observers behind one subscribe/getSnapshot pair, so a
// single hook can follow any number of servers. Each server's resources come from the
// client's shared list pass (`client.resourceList`): the background walk asks it for ten
// more pages per idle period and never re-asks a page the pass has, however stale it gets.
// Each server's resources and templates are its SourceFeed (sources/), applied from the
// client's list changes: a source carries the feed's place in its change log
// (`PickerSource.changes`), so the tree and the search index apply what changed.
// One server failing only changes its own entry: the others' items stay. Watches are not
// ours: each server's follow (list_changed, `updated(uri)` of the followed resources, marks
// from its list pass) goes through the client's one LiveResources (live/).
import {
  DEFAULT_MAX_PAGES,
  type ResourceClient,
  type ResourceList,
  type ResourceListSnapshot,
  type ResourceTemplateList,
  type ServerSnapshot,
  type TemplateListSnapshot,
} from '@resource-kit/client'
import { type InputQuiet, sharedInputQuiet, type TimeSlicer } from '@resource-kit/search/lazy'
import { type Follow, type FollowTarget, LiveResources } from '../live/liveResources.ts'
import { schedulerSlicer } from '../shared/schedulerSlicer.ts'
import type { PickerSource } from '../shared/sourceTypes.ts'
import { SourceFeed } from '../sources/sourceFeed.ts'

export interface SourcesTrackerOptions {
  /** Resources loaded automatically per batch before "more available" shows. @default no limit (see `maxPages`) */
  batchSize?: number
  /** Pages walked automatically per batch, in the background. @default DEFAULT_MAX_PAGES (the client's cap, 1000) */
  maxPages?: number
  /**
   * Resolves when the page is idle: the background walk asks for its next pages then, so
   * it never competes with typing. @default once no key, press or wheel came for 300 ms
   * (the page's shared `inputQuiet`), then an idle period (scheduler.postTask at
   * background priority, else requestIdleCallback); the client's `scheduler.idle` when it has one
   */
  whenIdle?: () => Promise<void>
  /** Watch `list_changed` on servers that support it. @default true */
  watch?: boolean
  /**
   * While pages arrive, listeners hear at most once per this many ms (the first page and
   * every status change at once): a walk of 1,000 pages is not 1,000 renders. The interval
   * grows with what is loaded, 1 ms per 10 resources up to 1 s (from 10,000): each publish
   * renders the picker and runs a shown query again over everything loaded. @default 100
   */
  publishIntervalMs?: number
  /**
   * While someone types, list changes wait until they pause (each publish is a render and an
   * index upsert beside the keystroke's own). @default the page's keys, pointer and wheel
   */
  inputQuiet?: Pick<InputQuiet, 'quiet' | 'settled'>
}

/** Pages the background walk asks for per idle period: the client fetches them back to back. */
const WALK_CHUNK = 10

/** Template pages walked (templates are few). */
const TEMPLATE_PAGES = 20

/**
 * The publish interval grows by this much per loaded resource, up to MAX_PUBLISH_INTERVAL_MS.
 * A publish is a render of the picker and a shown query run again over all that is loaded,
 * on the thread that also handles the walk's replies: with one every 100 ms, the picker's
 * walk of 100k took 20-22 s, with one per second 16-17 s (`bench:browser:profile`).
 */
const PUBLISH_MS_PER_RESOURCE = 0.1
const MAX_PUBLISH_INTERVAL_MS = 1000

/** A resource on one server. */
export interface WatchedResource {
  serverId: string
  uri: string
}

/** Called when a server says a followed resource changed (`notifications/resources/updated`). */
export type ResourceUpdatedListener = (serverId: string, uri: string) => void

interface Entry {
  server: ServerSnapshot
  /** The client's list pass for this server (kept once the server was ready, for its pages). */
  list?: ResourceList
  /** Unsubscribes from `list` while the server is ready. */
  offList?: () => void
  /** The client's template pass for this server (its changes reach `feed`). */
  templates?: ResourceTemplateList
  /** Unsubscribes from `templates` and stops its walk. */
  offTemplates?: () => void
  /** The server's resources and templates, applied from the passes' changes. */
  feed: SourceFeed
  budget: number
  pageBudget: number
  /** A load-more asked for pages past the client's cap. */
  beyondCap: boolean
  /**
   * Resources the list must hold again: a revalidation that displaced some (an insertion
   * pushed them past the last page walked) set it to what it holds plus those. The walk
   * goes on past the client's cap until then, so a list at the cap loses none it showed.
   */
  recoverTo: number
  /** The background walk in progress (WALK_CHUNK pages per idle period). */
  walk?: AbortController
  disposed: boolean
  unsubscribe: (() => void)[]
  /** This server's follow in LiveResources (list_changed, followed URIs, list marks). */
  follow?: Follow
  source?: PickerSource
}

export class SourcesTracker {
  #client: ResourceClient
  #batchSize: number
  #maxPages: number
  #slicer: TimeSlicer
  #watch: boolean
  #entries = new Map<string, Entry>()
  #listeners = new Set<() => void>()
  #snapshot: readonly PickerSource[] = []
  /** URIs to follow per server (see watchResources). */
  #followed = new Map<string, string[]>()
  #live: LiveResources
  /** The tracker made `#live` (no provider's): it closes it too. */
  #ownLive: boolean
  #publishIntervalMs: number
  /** A publish happened less than `publishIntervalMs` ago: list changes wait for the timer. */
  #cooling: unknown
  #pendingListChange = false
  #input: Pick<InputQuiet, 'quiet' | 'settled'>
  /** List changes wait for the person to stop typing. */
  #waitingForQuiet = false

  /** `live`: where watches and change marks live (the provider's); by default the tracker's own. */
  constructor(client: ResourceClient, options: SourcesTrackerOptions = {}, live?: LiveResources) {
    this.#client = client
    this.#batchSize = options.batchSize ?? Number.POSITIVE_INFINITY
    this.#maxPages = options.maxPages ?? DEFAULT_MAX_PAGES
    this.#slicer = schedulerSlicer(client.scheduler, options.whenIdle)
    this.#watch = options.watch ?? true
    this.#publishIntervalMs = options.publishIntervalMs ?? 100
    this.#input = options.inputQuiet ?? sharedInputQuiet()
    this.#ownLive = live === undefined
    this.#live = live ?? new LiveResources(client)
  }

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  getSnapshot = (): readonly PickerSource[] => this.#snapshot

  /**
   * Follow exactly these resources for `updated(uri)` (on servers that support subscribe);
   * their events reach `onResourceUpdated` listeners.
   */
  watchResources(resources: Iterable<WatchedResource>): void {
    const next = new Map<string, string[]>()
    for (const { serverId, uri } of resources) {
      const uris = next.get(serverId) ?? []
      if (!uris.includes(uri)) uris.push(uri)
      next.set(serverId, uris)
    }
    this.#followed = next
    for (const entry of this.#entries.values()) this.#configure(entry)
  }

  /** Listen for `updated(uri)` of the resources this tracker follows; returns the unsubscribe. */
  onResourceUpdated(listener: ResourceUpdatedListener): () => void {
    return this.#live.onResourceUpdated((serverId, uri) => {
      if (this.#followed.get(serverId)?.includes(uri)) listener(serverId, uri)
    })
  }

  /**
   * Takes options changed after construction: a larger batch or page budget walks on (for
   * servers no load-more went past), `watch` retargets each server's follow, the pacing
   * options apply from the next wait.
   */
  setOptions(options: SourcesTrackerOptions): void {
    const batchSize = options.batchSize ?? Number.POSITIVE_INFINITY
    const maxPages = options.maxPages ?? DEFAULT_MAX_PAGES
    const watch = options.watch ?? true
    if (batchSize !== this.#batchSize || maxPages !== this.#maxPages) {
      for (const entry of this.#entries.values()) {
        if (entry.beyondCap) continue
        entry.budget = batchSize
        entry.pageBudget = maxPages
      }
      this.#batchSize = batchSize
      this.#maxPages = maxPages
      for (const entry of this.#entries.values()) this.#startWalk(entry)
    }
    if (watch !== this.#watch) {
      this.#watch = watch
      for (const entry of this.#entries.values()) this.#configure(entry)
    }
    this.#publishIntervalMs = options.publishIntervalMs ?? 100
    if (options.inputQuiet) this.#input = options.inputQuiet
    if (options.whenIdle) this.#slicer = schedulerSlicer(this.#client.scheduler, options.whenIdle)
    this.#update()
  }

  /** Follow exactly these servers (in this order). */
  setServers(servers: readonly ServerSnapshot[]): void {
    const ids = new Set(servers.map((s) => s.id))
    for (const [id, entry] of this.#entries) {
      if (!ids.has(id)) this.#dispose(id, entry)
    }
    for (const server of servers) {
      const entry = this.#entries.get(server.id)
      if (!entry) this.#entries.set(server.id, this.#create(server))
      else if (entry.server !== server) {
        entry.server = server
        this.#configure(entry)
      }
    }
    // Keep the servers' order.
    const ordered = new Map<string, Entry>()
    for (const s of servers) {
      const entry = this.#entries.get(s.id)
      if (entry) ordered.set(s.id, entry)
    }
    this.#entries = ordered
    this.#update()
  }

  destroy(): void {
    for (const [id, entry] of this.#entries) this.#dispose(id, entry)
    this.#update()
    if (this.#cooling !== undefined) this.#client.scheduler.clearTimeout(this.#cooling)
    this.#cooling = undefined
    if (this.#ownLive) this.#live.destroy()
  }

  #create(server: ServerSnapshot): Entry {
    const entry: Entry = {
      server,
      feed: new SourceFeed(),
      budget: this.#batchSize,
      pageBudget: this.#maxPages,
      beyondCap: false,
      recoverTo: 0,
      disposed: false,
      unsubscribe: [],
    }
    this.#configure(entry)
    return entry
  }

  #configure(entry: Entry): void {
    const { server } = entry
    const enabled = server.status === 'ready' && server.capabilities?.resources !== undefined
    this.#follow(entry, enabled)
    const resources = server.capabilities?.resources
    // While the client reconnects (or waits to), the follows stay (its watch comes back with the session).
    const away = server.status === 'reconnecting' || server.status === 'offline'
    const followed = (enabled || away) && resources !== undefined
    const target: FollowTarget = {
      list: followed,
      listChanged: this.#watch && followed && resources?.listChanged === true,
      uris: followed && resources?.subscribe === true ? (this.#followed.get(server.id) ?? []) : [],
    }
    if (entry.follow) entry.follow.update(target)
    else entry.follow = this.#live.follow(server.id, target)
  }

  /**
   * Subscribes to the server's list passes while it is ready (and walks them); stops
   * otherwise, keeping what they listed (the feed applies their changes meanwhile).
   */
  #follow(entry: Entry, enabled: boolean): void {
    if (!enabled) {
      this.#stopWalk(entry)
      this.#unfollow(entry)
      return
    }
    // The same object for as long as the server stays; a removed and re-added one has a new pass.
    const list = this.#client.resourceList(entry.server.id)
    if (entry.list === list && entry.offList) return
    this.#unfollow(entry)
    this.#stopWalk(entry)
    const templates = this.#client.templateList(entry.server.id)
    // Another pass (the server was re-added): the feed starts again from it.
    entry.feed.follow(list, templates)
    entry.list = list
    entry.templates = templates
    const templatesLoad = new AbortController()
    const offTemplates = templates.subscribe(() => {
      if (!entry.disposed) this.#update()
    })
    entry.offTemplates = () => {
      templatesLoad.abort()
      offTemplates()
    }
    void templates.load({ pages: TEMPLATE_PAGES, signal: templatesLoad.signal })
    const offPages = list.subscribe(() => {
      if (entry.disposed) return
      // A revalidation replaced the pages, or another consumer walked: go on if this batch wants more.
      if (!entry.walk && wantsNextPage(entry, list.getSnapshot())) this.#startWalk(entry)
      this.#listChanged()
    })
    const offChanges = list.onChange((change) => {
      if (entry.disposed) return
      if (change.type === 'reset') entry.recoverTo = 0
      if (change.type !== 'patched' || change.displaced.length === 0) return
      // Pushed past the pages walked, not gone: walk them back in (past the cap if need be).
      entry.recoverTo = list.getSnapshot().loaded + change.displaced.length
      if (!entry.walk && wantsNextPage(entry, list.getSnapshot())) this.#startWalk(entry)
    })
    entry.offList = () => {
      offPages()
      offChanges()
    }
    // A pass that failed while the session was going (a sign-in, a reconnect) lists again
    // now that the server is ready: its error described the old session, not this one.
    this.#startWalk(entry, list.getSnapshot().error !== undefined)
  }

  #startWalk(entry: Entry, retry = false): void {
    const list = entry.list
    if (!list || entry.walk || entry.disposed || !entry.offList) return
    const snapshot = list.getSnapshot()
    if (!retry && !wantsNextPage(entry, snapshot)) return
    const controller = new AbortController()
    entry.walk = controller
    void this.#walk(entry, list, controller.signal).finally(() => {
      if (entry.walk !== controller) return
      entry.walk = undefined
      if (!entry.disposed) this.#update()
    })
  }

  /** One page now, then up to WALK_CHUNK more per idle period, while the batch wants more. */
  async #walk(entry: Entry, list: ResourceList, signal: AbortSignal): Promise<void> {
    let before = list.getSnapshot()
    for (let first = true; ; first = false) {
      if (!first) {
        try {
          await this.#slicer.idle(signal)
        } catch {
          return
        }
        if (signal.aborted || !wantsNextPage(entry, list.getSnapshot())) return
      }
      before = list.getSnapshot()
      const pages = first ? 1 : chunkOf(entry, before)
      const beyondCap = entry.beyondCap || recovering(entry, before)
      const after = await list.load({ pages, signal, beyondCap })
      if (signal.aborted || after.error) return
      // No page came (the list was closed or reset): stop rather than spin.
      if (after.generation === before.generation && after.pages.length === before.pages.length) {
        return
      }
      if (!wantsNextPage(entry, after)) return
    }
  }

  #stopWalk(entry: Entry): void {
    entry.walk?.abort()
    entry.walk = undefined
  }

  #unfollow(entry: Entry): void {
    entry.offList?.()
    entry.offList = undefined
    entry.offTemplates?.()
    entry.offTemplates = undefined
    entry.feed.stop()
  }

  #dispose(id: string, entry: Entry): void {
    entry.disposed = true
    this.#stopWalk(entry)
    this.#unfollow(entry)
    for (const off of entry.unsubscribe) off()
    entry.follow?.release()
    entry.follow = undefined
    this.#entries.delete(id)
  }

  /**
   * A list pass changed (a page, a revalidation, an error): published at once unless a
   * publish happened within `publishIntervalMs`, else when that interval ends, and not
   * while someone is typing (then once they pause).
   */
  #listChanged(): void {
    if (this.#cooling || this.#waitingForQuiet) {
      this.#pendingListChange = true
      return
    }
    if (!this.#input.quiet) {
      this.#pendingListChange = true
      this.#waitForQuiet()
      return
    }
    this.#update()
  }

  #waitForQuiet(): void {
    this.#waitingForQuiet = true
    void this.#input.settled().then(() => {
      this.#waitingForQuiet = false
      if (this.#pendingListChange && this.#entries.size > 0) this.#listChanged()
    })
  }

  #update(): void {
    this.#pendingListChange = false
    if (this.#publishIntervalMs > 0 && !this.#cooling && this.#entries.size > 0) {
      this.#cooling = this.#client.scheduler.setTimeout(() => {
        this.#cooling = undefined
        if (this.#pendingListChange) this.#listChanged()
      }, this.#publishInterval())
    }
    let changed = this.#snapshot.length !== this.#entries.size
    const next: PickerSource[] = []
    for (const entry of this.#entries.values()) {
      const source = this.#toSource(entry)
      if (source !== this.#snapshot[next.length]) changed = true
      next.push(source)
    }
    if (!changed) return
    this.#snapshot = next
    for (const listener of this.#listeners) listener()
  }

  /** The wait after a publish: `publishIntervalMs`, longer the more is loaded. */
  #publishInterval(): number {
    let loaded = 0
    for (const entry of this.#entries.values()) loaded += entry.list?.getSnapshot().loaded ?? 0
    const grown = Math.min(MAX_PUBLISH_INTERVAL_MS, loaded * PUBLISH_MS_PER_RESOURCE)
    return Math.max(this.#publishIntervalMs, grown)
  }

  #toSource(entry: Entry): PickerSource {
    const { server } = entry
    const list = entry.list?.getSnapshot()
    const templates = entry.templates?.getSnapshot()
    const base = {
      serverId: server.id,
      serverName:
        server.serverInfo?.title ?? server.serverInfo?.name ?? server.auth?.serverName ?? server.id,
      icons: server.serverInfo?.icons,
      resources: entry.feed.resources,
      templates: entry.feed.templates,
      changes: entry.feed.changes,
    }
    const source = withStatus(base, entry, list, templates, this.#client, {
      loadMore: () => {
        const current = entry.list?.getSnapshot()
        entry.budget = (current?.loaded ?? 0) + this.#batchSize
        entry.pageBudget = (current?.pages.length ?? 0) + this.#maxPages
        // Past the client's cap too: the user asked for more.
        entry.beyondCap = true
        this.#startWalk(entry)
        this.#update()
      },
      retry: () => {
        const current = entry.list?.getSnapshot()
        // A failed revalidation of a complete list: walk it again from page 1.
        if (current?.complete) entry.list?.refresh()
        else this.#startWalk(entry, true)
        this.#update()
      },
    })
    // Reuse the previous object when nothing visible changed (stable identity for React).
    const prev = entry.source
    if (prev && shallowEqual(prev, source)) return prev
    entry.source = source
    return source
  }
}

/** Pages for the walk's next load: a chunk, within the batch's page budget (one at a time under a resource budget). */
function chunkOf(entry: Entry, list: ResourceListSnapshot): number {
  if (Number.isFinite(entry.budget)) return 1
  return Math.max(1, Math.min(WALK_CHUNK, entry.pageBudget - list.pages.length))
}

/** The list holds fewer than before a revalidation displaced some of them (see `recoverTo`). */
function recovering(entry: Entry, list: ResourceListSnapshot): boolean {
  return list.loaded < entry.recoverTo
}

/**
 * Whether the walk goes on: more pages, no failure, within this batch's bounds and the cap
 * (past the cap and the page budget while resources a revalidation displaced are walked back).
 */
function wantsNextPage(entry: Entry, list: ResourceListSnapshot): boolean {
  if (list.error || list.complete) return false
  if (list.pages.length > 0 && list.nextCursor === undefined) return false
  const back = recovering(entry, list)
  if (list.capped && !entry.beyondCap && !back) return false
  return list.loaded < entry.budget && (list.pages.length < entry.pageBudget || back)
}

function withStatus(
  base: Omit<PickerSource, 'status'>,
  entry: Entry,
  list: ResourceListSnapshot | undefined,
  templates: TemplateListSnapshot | undefined,
  client: ResourceClient,
  actions: { loadMore: () => void; retry: () => void },
): PickerSource {
  const { server } = entry
  // The failure shows as the server's status; a rejected retry must not go unhandled.
  const reconnect = () => {
    client.reconnect(server.id).catch(() => {})
  }
  switch (server.status) {
    case 'connecting':
      return { ...base, status: 'connecting' }
    case 'reconnecting':
      // The rows loaded stay, shown as last known: the status row says the server is away.
      return { ...base, status: 'reconnecting', ...(server.error && { error: server.error }) }
    case 'offline':
      // Nothing answers: the client tries again on backoff; Retry tries now.
      return {
        ...base,
        status: 'offline',
        ...(server.error && { error: server.error }),
        retry: reconnect,
      }
    case 'needs-auth': {
      const auth = server.auth
      if (!auth) return { ...base, status: 'needs-auth', error: server.error, retry: reconnect }
      // A sign-in that fails shows as the server's status (the client keeps its error).
      const signIn = () => {
        auth.signIn().catch(() => {})
      }
      return {
        ...base,
        status: 'needs-auth',
        error: server.error,
        signIn,
        ...(auth.phase === 'signing-in' && { signingIn: true }),
      }
    }
    case 'error':
    case 'closed':
      return {
        ...base,
        status: 'error',
        error: server.error ?? new Error('Disconnected from the server'),
        // The server failed, not a list of a live one: its rows are marked as not live.
        serverDown: true,
        retry: reconnect,
      }
  }
  if (server.capabilities?.resources === undefined) return { ...base, status: 'empty' }
  if (!list) return { ...base, status: 'loading' }
  const hasData = list.pages.length > 0
  const hasMore = hasData && !list.complete && list.nextCursor !== undefined
  if (list.error && !entry.walk) {
    return { ...base, status: 'error', error: list.error, hasMore, retry: actions.retry }
  }
  if (!hasData) return { ...base, status: 'loading' }
  // A next page waiting for an idle period is loading too: the walk goes on.
  const loadingMore = entry.walk !== undefined || list.loading
  const empty = base.resources.length === 0 && (base.templates?.length ?? 0) === 0 && !hasMore
  // Templates not listed yet (nor failed): the server may still have some.
  const templatesPending =
    !templates || (templates.pages.length === 0 && !templates.error && !templates.complete)
  if (empty && templatesPending) return { ...base, status: 'loading' }
  return {
    ...base,
    status: empty ? 'empty' : 'ready',
    hasMore,
    loadingMore,
    loadMore: actions.loadMore,
  }
}

function shallowEqual(a: PickerSource, b: PickerSource): boolean {
  const keys = Object.keys(b) as (keyof PickerSource)[]
  if (Object.keys(a).length !== keys.length) return false
  // Callbacks are recreated each time; they close over the same entry, so ignore them.
  return keys.every((k) => typeof b[k] === 'function' || a[k] === b[k])
}
