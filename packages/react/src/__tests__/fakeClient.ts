// A ResourceClient over plain in-memory data, for hook and part tests in happy-dom.
// It is not a mock of MCP: integration tests run the real client against real servers.

import type {
  CompleteOptions,
  CompletionResult,
  Page,
  ReadResult,
  Resource,
  ResourceClient,
  ResourceTemplate,
  ServerSnapshot,
  Watch,
  WatchEvent,
  WatchSnapshot,
  WatchTarget,
} from '@resource-kit/client'
import {
  createResourceList,
  createSharedList,
  DEFAULT_MAX_PAGES,
  defaultScheduler,
  type OwnedList,
  type OwnedResourceList,
  ResourceTooLargeError,
  resourceKeys,
} from '@resource-kit/client'
import { QueryClient } from '@tanstack/react-query'

export interface FakeServer {
  snapshot: ServerSnapshot
  /** Pages of the resource list, in order (each has `nextCursor` = next index, if any). */
  pages: Resource[][]
  /** Makes a list page fail. */
  failPage?: (index: number) => Error | undefined
  templates?: ResourceTemplate[]
  reads?: Record<string, ReadResult | Error>
  complete?: (options: CompleteOptions) => CompletionResult | Promise<CompletionResult>
  /** How long each list page stays fresh. @default 60_000 */
  ttlMs?: number
  /** The resource list's page cap (the client's `maxPages`). @default DEFAULT_MAX_PAGES */
  maxPages?: number
}

export interface FakeClient extends ResourceClient {
  servers: Map<string, FakeServer>
  setServer(id: string, patch: Partial<FakeServer>): void
  /** Sends an event to every open watch of a server. */
  emit(serverId: string, event: WatchEvent): void
  calls: {
    list: { serverId: string; cursor?: string }[]
    complete: CompleteOptions[]
    reconnect: string[]
    /** The server of each `watch()` opened. */
    watch: string[]
  }
}

export function readySnapshot(id: string, name = id): ServerSnapshot {
  return {
    id,
    status: 'ready',
    era: 'modern',
    capabilities: { resources: { listChanged: true, subscribe: true }, completions: {} },
    serverInfo: { name, version: '1.0.0' },
  }
}

export function createFakeClient(servers: FakeServer[] = []): FakeClient {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const map = new Map(servers.map((s) => [s.snapshot.id, s]))
  let snapshots: readonly ServerSnapshot[] = servers.map((s) => s.snapshot)
  const listeners = new Set<() => void>()
  const watchers = new Map<string, Set<(e: WatchEvent) => void>>()
  const calls: FakeClient['calls'] = { list: [], complete: [], reconnect: [], watch: [] }
  const lists = new Map<string, OwnedResourceList>()
  const templateLists = new Map<string, OwnedList<ResourceTemplate>>()
  const server = (id: string) => {
    const s = map.get(id)
    if (!s) throw new Error(`Unknown server: ${id}`)
    return s
  }
  const notify = () => {
    snapshots = [...map.values()].map((s) => s.snapshot)
    for (const l of listeners) l()
  }

  const client: FakeClient = {
    queryClient,
    scheduler: defaultScheduler,
    partition: 'default',
    partitionOf: () => 'default',
    completeSignIn: async () => false,
    servers: map,
    calls,
    setServer(id, patch) {
      const s = map.get(id) ?? { snapshot: readySnapshot(id), pages: [] }
      map.set(id, { ...s, ...patch })
      notify()
    },
    emit(serverId, event) {
      // As the real client does: events invalidate the cache, then reach listeners.
      if (event.type === 'listChanged' || event.type === 'resynced')
        void client.invalidateLists(serverId)
      if (event.type === 'updated') void client.invalidateRead(serverId, event.uri)
      for (const l of watchers.get(serverId) ?? []) l(event)
    },
    addServer(id) {
      client.setServer(id, {})
      return server(id).snapshot
    },
    async removeServer(id) {
      lists.get(id)?.close()
      lists.delete(id)
      templateLists.get(id)?.close()
      templateLists.delete(id)
      map.delete(id)
      notify()
    },
    async reconnect(id) {
      calls.reconnect.push(id)
    },
    getServer: (id) => map.get(id)?.snapshot,
    getServers: () => snapshots,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    async ready(id) {
      return server(id).snapshot
    },
    async listResources(serverId, options = {}): Promise<Page<Resource>> {
      calls.list.push({ serverId, cursor: options.cursor })
      const s = server(serverId)
      const index = options.cursor === undefined ? 0 : Number(options.cursor)
      const error = s.failPage?.(index)
      if (error) throw error
      const items = s.pages[index] ?? []
      const next = index + 1 < s.pages.length ? String(index + 1) : undefined
      return {
        items,
        ...(next !== undefined && { nextCursor: next }),
        ttlMs: s.ttlMs ?? 60_000,
        cacheScope: 'public',
      }
    },
    async listTemplates(serverId) {
      return { items: server(serverId).templates ?? [], ttlMs: 60_000, cacheScope: 'public' }
    },
    async *resourcePages(serverId) {
      yield await client.listResources(serverId)
    },
    async *templatePages(serverId) {
      yield await client.listTemplates(serverId)
    },
    async walkResources(serverId) {
      const items = server(serverId).pages.flat()
      return { items, complete: true, pages: server(serverId).pages.length }
    },
    resourceList(serverId) {
      let list = lists.get(serverId)
      if (!list) {
        // The real list over this fake's pages.
        list = createResourceList({
          serverId,
          maxPages: server(serverId).maxPages ?? DEFAULT_MAX_PAGES,
          partition: () => 'default',
          now: () => Date.now(),
          fetchPage: async (cursor, signal) => ({
            page: await client.listResources(serverId, {
              signal,
              ...(cursor !== undefined && { cursor }),
            }),
            receivedAt: Date.now(),
          }),
        })
        lists.set(serverId, list)
      }
      return list
    },
    templateList(serverId) {
      let list = templateLists.get(serverId)
      if (!list) {
        // The real list pass over this fake's templates (one page).
        list = createSharedList<ResourceTemplate>({
          serverId,
          method: 'resources/templates/list',
          keyOf: (template) => template.uriTemplate,
          maxPages: DEFAULT_MAX_PAGES,
          partition: () => 'default',
          now: () => Date.now(),
          fetchPage: async () => ({
            page: await client.listTemplates(serverId),
            receivedAt: Date.now(),
          }),
        })
        templateLists.set(serverId, list)
      }
      return list
    },
    readQuery(serverId, uri, options = {}) {
      // The client's key, as the real client's: one entry per read, whoever reads.
      const { maxBytes } = options
      return {
        queryKey: resourceKeys.read(serverId, this.partitionOf(serverId), uri),
        queryFn: () => client.read(serverId, uri),
        staleTime: (query) => query.state.data?.ttlMs ?? 0,
        gcTime: 300_000,
        retry: false,
        ...(maxBytes !== undefined && {
          select: (data: ReadResult) => {
            const size = data.contents.reduce(
              (sum, c) => sum + ('text' in c ? c.text.length : c.blob.length),
              0,
            )
            if (size > maxBytes) throw new ResourceTooLargeError(uri, size, maxBytes, serverId)
            return data
          },
        }),
      }
    },
    async walkTemplates(serverId) {
      return { items: server(serverId).templates ?? [], complete: true, pages: 1 }
    },
    async read(serverId, uri) {
      const result = server(serverId).reads?.[uri]
      if (result instanceof Error) throw result
      if (!result) {
        const error = new Error(`Resource not found: ${uri}`)
        error.name = 'ResourceNotFoundError'
        throw error
      }
      return result
    },
    async complete(serverId, options) {
      calls.complete.push(options)
      const fn = server(serverId).complete
      return fn ? fn(options) : { values: [] }
    },
    watch(serverId: string, target: WatchTarget): Watch {
      calls.watch.push(serverId)
      const set = watchers.get(serverId) ?? new Set()
      watchers.set(serverId, set)
      // Live at once, honouring what it asks (as a server with every capability would).
      const snapshotOf = (t: WatchTarget): WatchSnapshot => {
        const filter = {
          ...(t.listChanged && { resourcesListChanged: true }),
          ...(t.uris?.length && { resourceSubscriptions: [...t.uris] }),
        }
        return { status: 'live', requested: filter, honored: filter, attempt: 0 }
      }
      let current = target
      let snapshot = snapshotOf(target)
      const statusListeners = new Set<() => void>()
      const own = new Set<(e: WatchEvent) => void>()
      return {
        getSnapshot: () => snapshot,
        subscribe: (listener) => {
          statusListeners.add(listener)
          return () => statusListeners.delete(listener)
        },
        onEvent(listener) {
          // As the real engine: an updated(uri) reaches only the watches that follow it.
          const filtered = (e: WatchEvent) => {
            if (e.type !== 'updated' || current.uris?.includes(e.uri)) listener(e)
          }
          set.add(filtered)
          own.add(filtered)
          return () => {
            set.delete(filtered)
            own.delete(filtered)
          }
        },
        update(next) {
          current = next
          snapshot = snapshotOf(next)
          for (const l of statusListeners) l()
        },
        async close() {
          for (const l of own) set.delete(l)
        },
      }
    },
    async invalidateLists(serverId) {
      await Promise.all([
        queryClient.invalidateQueries({
          queryKey: ['mcp', serverId, 'default', 'resources', 'list'],
        }),
        queryClient.invalidateQueries({
          queryKey: ['mcp', serverId, 'default', 'templates', 'list'],
        }),
      ])
      lists.get(serverId)?.invalidate()
      templateLists.get(serverId)?.invalidate()
    },
    async invalidateRead(serverId, uri) {
      await queryClient.invalidateQueries({
        queryKey: ['mcp', serverId, 'default', 'resources', 'read', uri],
      })
    },
    async close() {},
  }
  return client
}

/** `count` resources named file-0… under file:///project/. */
export function makeResources(count: number, prefix = 'file:///project/src/'): Resource[] {
  return Array.from({ length: count }, (_, i) => ({
    uri: `${prefix}file-${i}.ts`,
    name: `file-${i}.ts`,
    mimeType: 'text/typescript',
    size: 100 + i,
  }))
}
