// One search over every server: walk each server's resource list within bounds (pages
// come from the client's cache while fresh), index them in @resource-kit/search, and rank
// them together. A server that fails is reported with what it listed before, never
// dropped silently; the others are still searched.
import type { Resource, ResourceClient } from '@resource-kit/client'
import { createResourceSearch } from '@resource-kit/search'
import { type MatchedField, matchedFields } from './matchSnippet.ts'

export interface SearchServersOptions {
  /** Servers to search. @default every server of the client */
  servers?: readonly string[]
  /** Most hits to return. @default 10 */
  limit?: number
  /** Pages walked per server. @default 50 */
  maxPages?: number
  /** Resources indexed per server. @default 20000 */
  maxItems?: number
  signal?: AbortSignal
  /** Called after each page: for a progress line. */
  onProgress?: (progress: SearchProgress) => void
}

export interface SearchProgress {
  server: string
  pages: number
  resources: number
}

export interface ServerSearchHit {
  server: string
  resource: Resource
  /** 0 is the best match, 1 the worst. */
  score: number
  /** Why it matched. */
  matched: MatchedField[]
}

/** How far the walk of one server got. */
export interface ServerSearchReport {
  server: string
  /** Resources searched. */
  resources: number
  pages: number
  /** True when the whole list was walked. */
  complete: boolean
  stoppedBy?: 'maxPages' | 'maxItems' | 'error'
  error?: Error
}

export interface SearchServersResult {
  hits: ServerSearchHit[]
  servers: ServerSearchReport[]
}

interface Indexed {
  id: string
  server: string
  name: string
  title?: string
  uri: string
  description?: string
  resource: Resource
}

export async function searchServers(
  client: ResourceClient,
  query: string,
  options: SearchServersOptions = {},
): Promise<SearchServersResult> {
  const servers = options.servers ?? client.getServers().map((server) => server.id)
  const walks = await Promise.all(servers.map((server) => walkServer(client, server, options)))
  const items: Indexed[] = []
  for (const walk of walks) items.push(...walk.items)
  const search = createResourceSearch<Indexed>({ limit: options.limit ?? 10 })
  search.setItems(items)
  const hits = search.search(query).map(
    (hit): ServerSearchHit => ({
      server: hit.item.server,
      resource: hit.item.resource,
      score: hit.score,
      matched: matchedFields(hit.item, hit.matches),
    }),
  )
  return { hits, servers: walks.map((walk) => walk.report) }
}

async function walkServer(
  client: ResourceClient,
  server: string,
  options: SearchServersOptions,
): Promise<{ items: Indexed[]; report: ServerSearchReport }> {
  const maxPages = options.maxPages ?? 50
  const maxItems = options.maxItems ?? 20_000
  const items: Indexed[] = []
  let pages = 0
  const report = (extra: Partial<ServerSearchReport>) => ({
    items,
    report: { server, resources: items.length, pages, complete: false, ...extra },
  })
  try {
    for await (const page of client.resourcePages(server, { signal: options.signal })) {
      pages += 1
      for (const resource of page.items.slice(0, maxItems - items.length)) {
        items.push({
          // Two servers may list the same URI: the id keeps both.
          id: `${server}\u0000${resource.uri}`,
          server,
          name: resource.name,
          ...(resource.title !== undefined && { title: resource.title }),
          uri: resource.uri,
          ...(resource.description !== undefined && { description: resource.description }),
          resource,
        })
      }
      options.onProgress?.({ server, pages, resources: items.length })
      if (page.nextCursor === undefined) return report({ complete: true })
      if (items.length >= maxItems) return report({ stoppedBy: 'maxItems' })
      if (pages >= maxPages) return report({ stoppedBy: 'maxPages' })
    }
    // The iterator ended with a cursor left (a cursor cycle it detected).
    return report({ stoppedBy: 'error' })
  } catch (error) {
    if (options.signal?.aborted) throw error
    return report({ stoppedBy: 'error', error: error as Error })
  }
}
