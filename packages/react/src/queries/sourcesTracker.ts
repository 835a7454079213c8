// Per-server list and template observers behind one subscribe/getSnapshot pair, so a
// single hook can follow any number of servers (useQueries has no infinite variant).
// One server failing only changes its own entry: the others' items stay. The same per-server
// watch carries list_changed and `updated(uri)` for the resources it is asked to follow.
import {
  DEFAULT_MAX_PAGES,
  type Page,
  type Resource,
  type ResourceClient,
  type ServerSnapshot,
  type Watch,
  type WatchTarget,
} from '@resource-kit/client'
import { createTimeSlicer, type TimeSlicer } from '@resource-kit/search'
import {
  type InfiniteData,
  InfiniteQueryObserver,
  type InfiniteQueryObserverResult,
  QueryObserver,
  type QueryObserverResult,
} from '@tanstack/react-query'
import type { PickerSource } from '../shared/sourceTypes.ts'
import type { reactKeys } from './queryKeys.ts'
import {
  resourceListInfiniteOptions,
  type TemplateList,
  templateListOptions,
} from './queryOptions.ts'

export interface SourcesTrackerOptions {
  /** Resources loaded automatically per batch before "more available" shows. @default no limit (see `maxPages`) */
  batchSize?: number
  /** Pages walked automatically per batch, in the background. @default DEFAULT_MAX_PAGES (the client's cap, 1000) */
  maxPages?: number
  /**
   * Resolves when the page is idle: the background walk asks for each next page then, so
   * it never competes with typing. @default scheduler.postTask at background priority, else requestIdleCallback
   */
  whenIdle?: () => Promise<void>
  /** Watch `list_changed` on servers that support it. @default true */
  watch?: boolean
}

/** A resource on one server. */
export interface WatchedResource {
  serverId: string
  uri: string
}

/** Called when a server says a followed resource changed (`notifications/resources/updated`). */
export type ResourceUpdatedListener = (serverId: string, uri: string) => void

type ListData = InfiniteData<Page<Resource>, unknown>
type ListResult = InfiniteQueryObserverResult<ListData>
type ListKey = ReturnType<typeof reactKeys.resourceList>
type TemplateKey = ReturnType<typeof reactKeys.templateList>

interface Entry {
  server: ServerSnapshot
  list: InfiniteQueryObserver<Page<Resource>, Error, ListData, ListKey, string | undefined>
  templates: QueryObserver<TemplateList, Error, TemplateList, TemplateList, TemplateKey>
  budget: number
  pageBudget: number
  /** A next page waits for an idle period. */
  waiting: boolean
  disposed: boolean
  unsubscribe: (() => void)[]
  watch?: Watch
  items: { pages: unknown; resources: Resource[] }
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
  #updatedListeners = new Set<ResourceUpdatedListener>()

  constructor(client: ResourceClient, options: SourcesTrackerOptions = {}) {
    this.#client = client
    this.#batchSize = options.batchSize ?? Number.POSITIVE_INFINITY
    this.#maxPages = options.maxPages ?? DEFAULT_MAX_PAGES
    this.#slicer = createTimeSlicer(options.whenIdle ? { whenIdle: options.whenIdle } : {})
    this.#watch = options.watch ?? true
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

  /** Listen for `updated(uri)` of the followed resources; returns the unsubscribe. */
  onResourceUpdated(listener: ResourceUpdatedListener): () => void {
    this.#updatedListeners.add(listener)
    return () => this.#updatedListeners.delete(listener)
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
  }

  #create(server: ServerSnapshot): Entry {
    const client = this.#client
    const qc = client.queryClient
    const entry: Entry = {
      server,
      list: new InfiniteQueryObserver(qc, {
        ...resourceListInfiniteOptions(client, server.id),
        enabled: false,
      }),
      templates: new QueryObserver(qc, {
        ...templateListOptions(client, server.id),
        enabled: false,
      }),
      budget: this.#batchSize,
      pageBudget: this.#maxPages,
      waiting: false,
      disposed: false,
      unsubscribe: [],
      items: { pages: undefined, resources: [] },
    }
    entry.unsubscribe.push(
      entry.list.subscribe((result) => {
        this.#autoLoad(entry, result)
        this.#update()
      }),
      entry.templates.subscribe(() => this.#update()),
    )
    this.#configure(entry)
    return entry
  }

  #configure(entry: Entry): void {
    const { server } = entry
    const enabled = server.status === 'ready' && server.capabilities?.resources !== undefined
    entry.list.setOptions({ ...resourceListInfiniteOptions(this.#client, server.id), enabled })
    entry.templates.setOptions({ ...templateListOptions(this.#client, server.id), enabled })
    const resources = server.capabilities?.resources
    const target: WatchTarget = {
      listChanged: this.#watch && enabled && resources?.listChanged === true,
      uris: enabled && resources?.subscribe === true ? (this.#followed.get(server.id) ?? []) : [],
    }
    const wantsWatch = target.listChanged === true || (target.uris?.length ?? 0) > 0
    if (wantsWatch && entry.watch) {
      entry.watch.update(target)
    } else if (wantsWatch) {
      // The client invalidates the lists (ours included) on list_changed, and the read on
      // updated(uri); the tracker only tells its listeners which resource changed.
      const watch = this.#client.watch(server.id, target)
      watch.onEvent((event) => {
        if (event.type !== 'updated') return
        for (const listener of [...this.#updatedListeners]) listener(server.id, event.uri)
      })
      entry.watch = watch
    } else if (entry.watch) {
      void entry.watch.close()
      entry.watch = undefined
    }
  }

  #autoLoad(entry: Entry, result: ListResult): void {
    if (entry.waiting || !wantsNextPage(entry, result)) return
    // The next page is asked for in an idle period: the walk goes on in the background
    // while the page stays responsive.
    entry.waiting = true
    this.#slicer.idle().then(
      () => {
        entry.waiting = false
        if (entry.disposed) return
        if (wantsNextPage(entry, entry.list.getCurrentResult())) void entry.list.fetchNextPage()
        else this.#update()
      },
      () => {
        entry.waiting = false
        if (!entry.disposed) this.#update()
      },
    )
  }

  #dispose(id: string, entry: Entry): void {
    entry.disposed = true
    for (const off of entry.unsubscribe) off()
    void entry.watch?.close()
    this.#entries.delete(id)
  }

  #update(): void {
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

  #toSource(entry: Entry): PickerSource {
    const { server } = entry
    const list = entry.list.getCurrentResult()
    const templates = entry.templates.getCurrentResult()
    const pages = list.data?.pages
    if (entry.items.pages !== pages) {
      entry.items = { pages, resources: pages ? pages.flatMap((p) => p.items) : [] }
    }
    const resources = entry.items.resources
    const base = {
      serverId: server.id,
      serverName:
        server.serverInfo?.title ?? server.serverInfo?.name ?? server.auth?.serverName ?? server.id,
      icons: server.serverInfo?.icons,
      resources,
      templates: templates.data?.items ?? [],
    }
    const source = withStatus(base, entry, list, templates, this.#client, () => {
      entry.budget = countItems(list) + this.#batchSize
      entry.pageBudget = (list.data?.pages.length ?? 0) + this.#maxPages
      void entry.list.fetchNextPage()
    })
    // Reuse the previous object when nothing visible changed (stable identity for React).
    const prev = entry.source
    if (prev && shallowEqual(prev, source)) return prev
    entry.source = source
    return source
  }
}

/** Whether the walk continues: more pages, none in flight, within this batch's bounds. */
function wantsNextPage(entry: Entry, result: ListResult): boolean {
  if (!result.hasNextPage || result.isFetching || result.isError) return false
  return countItems(result) < entry.budget && (result.data?.pages.length ?? 0) < entry.pageBudget
}

function countItems(result: { data?: InfiniteData<Page<Resource>, unknown> }): number {
  let n = 0
  for (const page of result.data?.pages ?? []) n += page.items.length
  return n
}

function withStatus(
  base: Omit<PickerSource, 'status'>,
  entry: Entry,
  list: ListResult,
  templates: QueryObserverResult<TemplateList, Error>,
  client: ResourceClient,
  loadMore: () => void,
): PickerSource {
  const { server } = entry
  // The failure shows as the server's status; a rejected retry must not go unhandled.
  const reconnect = () => {
    client.reconnect(server.id).catch(() => {})
  }
  switch (server.status) {
    case 'connecting':
      return { ...base, status: 'connecting' }
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
        retry: reconnect,
      }
  }
  if (server.capabilities?.resources === undefined) return { ...base, status: 'empty' }
  if (list.isError) {
    const hasData = list.data !== undefined
    return {
      ...base,
      status: 'error',
      error: list.error,
      hasMore: hasData && list.hasNextPage,
      retry: () => void (hasData ? entry.list.fetchNextPage() : entry.list.refetch()),
    }
  }
  if (list.isPending) return { ...base, status: 'loading' }
  const hasMore = list.hasNextPage
  // A next page waiting for an idle period is loading too: the walk goes on.
  const loadingMore = list.isFetchingNextPage || entry.waiting
  const empty = base.resources.length === 0 && (base.templates?.length ?? 0) === 0 && !hasMore
  if (empty && templates.isPending) return { ...base, status: 'loading' }
  return {
    ...base,
    status: empty ? 'empty' : 'ready',
    hasMore,
    loadingMore,
    loadMore,
  }
}

function shallowEqual(a: PickerSource, b: PickerSource): boolean {
  const keys = Object.keys(b) as (keyof PickerSource)[]
  if (Object.keys(a).length !== keys.length) return false
  // Callbacks are recreated each time; they close over the same entry, so ignore them.
  return keys.every((k) => typeof b[k] === 'function' || a[k] === b[k])
}
