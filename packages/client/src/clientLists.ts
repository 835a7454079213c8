// The list side of a ResourceClient, one implementation for the direct client and the
// bridged page: a page through the cache of record (keyed per partition and cursor, fresh
// over invalidations, a rejected cursor drops the list's cached pages), page iteration and
// bounded walks over it, one shared list pass per server and kind (resourceList.ts), and
// their invalidation. A client brings only how a page is fetched (a Session, a bridge
// request) and validated, its partition per server and its clock.
import type { QueryKey } from '@tanstack/query-core'
import type { CacheOfRecord } from './cacheOfRecord.ts'
import { InvalidCursorError } from './errors.ts'
import { DEFAULT_MAX_PAGES, iteratePages, walkPages } from './paginate.ts'
import type { WalkOptions } from './resourceClient.ts'
import { resourceKeys } from './resourceKeys.ts'
import {
  createSharedList,
  LIST_METHOD,
  type ListItem,
  type ListKind,
  type OwnedList,
} from './resourceList.ts'
import { pageQuery } from './resourceQueries.ts'
import type { Page, WalkResult } from './types.ts'

export interface ClientListsHost {
  cache: CacheOfRecord
  /** How long unused pages stay cached. */
  gcTime: number
  /** One page from the server, validated (cached, stamped and timed here). */
  fetchPage(
    kind: ListKind,
    serverId: string,
    cursor: string | undefined,
    signal: AbortSignal,
  ): Promise<Page<ListItem[ListKind]>>
  /** The partition a server's pages are cached under now. */
  partitionOf(serverId: string): string
  /** The client's clock (the scheduler's). */
  now(): number
  /** Waited for before each page of a list revalidation after its first. */
  pace?: ((signal: AbortSignal) => Promise<void>) | undefined
  /** Waited for before each page (the direct client: the sign-in read, so the partition is known). */
  beforePage?(serverId: string): Promise<unknown> | undefined
  /** What a public list method rejects with. @default the error as it is */
  publicError?(error: unknown, method: string, serverId: string, signal?: AbortSignal): unknown
}

/** Keyed by URI (resources) or URI template (templates). */
const KEY_OF = {
  resources: (item: ListItem['resources']) => item.uri,
  templates: (item: ListItem['templates']) => item.uriTemplate,
}

export class ClientLists {
  readonly #host: ClientListsHost
  /** When each page this client fetched came, on its clock (the list's staleness reads it). */
  readonly #receivedAt = new WeakMap<object, number>()
  /** One shared resource list and one template list per server, made on first use. */
  readonly #lists = {
    resources: new Map<string, OwnedList<ListItem['resources']>>(),
    templates: new Map<string, OwnedList<ListItem['templates']>>(),
  }

  constructor(host: ClientListsHost) {
    this.#host = host
  }

  /** One page, shared with every caller of the same cursor. */
  async page<K extends ListKind>(
    kind: K,
    serverId: string,
    cursor: string | undefined,
    signal?: AbortSignal,
  ): Promise<Page<ListItem[K]>> {
    const host = this.#host
    await host.beforePage?.(serverId)
    const key = this.#key(kind, serverId, cursor)
    try {
      return (await host.cache.fetch(
        pageQuery(
          key,
          async (querySignal) => {
            const sentAt = host.cache.freshness.now()
            const page = await host.fetchPage(kind, serverId, cursor, querySignal)
            this.#receivedAt.set(page, host.now())
            return host.cache.freshness.stamp(page, sentAt)
          },
          host.gcTime,
        ),
        signal,
      )) as Page<ListItem[K]>
    } catch (error) {
      if (error instanceof InvalidCursorError) host.cache.dropList(key.slice(0, 5))
      throw host.publicError ? host.publicError(error, LIST_METHOD[kind], serverId, signal) : error
    }
  }

  /** Pages from `options.cursor` on, within `maxPages` and `maxItems`. */
  async *pages<K extends ListKind>(
    kind: K,
    serverId: string,
    options: WalkOptions = {},
  ): AsyncGenerator<Page<ListItem[K]>, void, undefined> {
    const maxPages = options.maxPages ?? DEFAULT_MAX_PAGES
    const maxItems = options.maxItems ?? Number.POSITIVE_INFINITY
    let pages = 0
    let items = 0
    for await (const page of iteratePages<ListItem[K]>(
      (cursor, signal) => this.page(kind, serverId, cursor, signal),
      { method: LIST_METHOD[kind], serverId, cursor: options.cursor, signal: options.signal },
    )) {
      yield page
      pages += 1
      items += page.items.length
      if (pages >= maxPages || items >= maxItems) return
    }
  }

  /** A bounded walk; after a rejected cursor one from page 1 starts over once. */
  async walk<K extends ListKind>(
    kind: K,
    serverId: string,
    options: WalkOptions = {},
  ): Promise<WalkResult<ListItem[K]>> {
    const walk = () =>
      walkPages<ListItem[K]>((cursor, signal) => this.page(kind, serverId, cursor, signal), {
        ...options,
        method: LIST_METHOD[kind],
        serverId,
      })
    const result = await walk()
    // The list's cached pages are gone (page()), so a walk from the start gets a consistent
    // snapshot by starting over (unless it was asked to start mid-list).
    if (result.error instanceof InvalidCursorError && options.cursor === undefined) return walk()
    return result
  }

  /** The server's shared list pass of `kind`, made on first use. */
  shared<K extends ListKind>(kind: K, serverId: string): OwnedList<ListItem[K]> {
    const lists = this.#lists[kind] as Map<string, OwnedList<ListItem[K]>>
    let list = lists.get(serverId)
    if (!list) {
      const host = this.#host
      list = createSharedList<ListItem[K]>({
        serverId,
        method: LIST_METHOD[kind],
        keyOf: KEY_OF[kind] as (item: ListItem[K]) => string,
        maxPages: DEFAULT_MAX_PAGES,
        partition: () => host.partitionOf(serverId),
        now: () => host.now(),
        pace: host.pace,
        fetchPage: async (cursor, signal) => {
          const page = await this.page(kind, serverId, cursor, signal)
          return { page, receivedAt: this.#receivedAtOf(page, this.#key(kind, serverId, cursor)) }
        },
      })
      lists.set(serverId, list)
    }
    return list
  }

  /** Both lists of a server are stale: the cached pages, then the shared passes. */
  async invalidate(serverId: string): Promise<void> {
    const partition = this.#host.partitionOf(serverId)
    const invalidated = Promise.all([
      this.#host.cache.invalidate({ queryKey: resourceKeys.lists(serverId, partition) }),
      this.#host.cache.invalidate({ queryKey: resourceKeys.templateLists(serverId, partition) }),
    ])
    // After query-core's own invalidation: the lists' walks from page 1 must not take the old pages.
    for (const lists of Object.values(this.#lists)) lists.get(serverId)?.invalidate()
    await invalidated
  }

  /** The server's passes start again empty (its signed-in account changed). */
  reset(serverId: string): void {
    for (const lists of Object.values(this.#lists)) lists.get(serverId)?.reset()
  }

  /** Ends the server's passes (it is removed). */
  remove(serverId: string): void {
    for (const lists of Object.values(this.#lists)) {
      lists.get(serverId)?.close()
      lists.delete(serverId)
    }
  }

  /** Ends every pass (the client closes). */
  close(): void {
    for (const lists of Object.values(this.#lists)) {
      for (const list of lists.values()) list.close()
      lists.clear()
    }
  }

  #key(kind: ListKind, serverId: string, cursor: string | undefined): QueryKey {
    const partition = this.#host.partitionOf(serverId)
    return kind === 'resources'
      ? resourceKeys.list(serverId, partition, cursor)
      : resourceKeys.templateList(serverId, partition, cursor)
  }

  /**
   * A page this client fetched came when it says; one served from a cache entry it did not
   * fetch (restored from a saved cache) is as old as that entry on query-core's clock.
   */
  #receivedAtOf(page: object, key: QueryKey): number {
    const fetched = this.#receivedAt.get(page)
    if (fetched !== undefined) return fetched
    const updatedAt = this.#host.cache.find(key)?.state.dataUpdatedAt
    return this.#host.now() - (updatedAt ? Math.max(0, queryCoreNow() - updatedAt) : 0)
  }
}

/** query-core's own clock (it stamps `dataUpdatedAt` with `Date.now()`; it takes no other). */
function queryCoreNow(): number {
  return Date.now()
}
