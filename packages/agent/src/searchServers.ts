// One search over every server: walk each server's resource list within bounds (pages
// come from the client's cache while fresh), index them in @resource-kit/search, and rank
// them together. A server that fails, or has not finished by the deadline, is reported
// with what it listed before, never dropped silently; the others are still searched. A
// server that offers no resources (tools only) is skipped, not failed. Templates are
// searched beside the resources (`db://{schema}/{table}` for "database table").
import type { Resource, ResourceClient, ResourceTemplate } from '@resource-kit/client'
import { createResourceSearch } from '@resource-kit/search'
import { type MatchedField, matchedFields } from './matchSnippet.ts'
import { resourceItem, type ServerItem, templateItem } from './serverItem.ts'

export interface SearchServersOptions {
  /** Servers to search. @default every server of the client */
  servers?: readonly string[]
  /** Most hits to return. @default 10 */
  limit?: number
  /** Pages walked per server. @default 50 */
  maxPages?: number
  /** Resources indexed per server. @default 20000 */
  maxItems?: number
  /**
   * Each server's walk stops at this deadline: what it listed by then is searched, and the
   * server is reported with `stoppedBy: 'timeout'`. The others' hits are kept.
   * @default none (a hung server holds the search until `signal` aborts it)
   */
  timeoutMs?: number
  /** Cancels the whole search (it rejects with the signal's reason). */
  signal?: AbortSignal
  /** Called after each page: for a progress line. */
  onProgress?: (progress: SearchProgress) => void
}

export interface SearchProgress {
  server: string
  pages: number
  resources: number
}

interface SearchHitBase {
  server: string
  /** 0 is the best match, 1 the worst. */
  score: number
  /** Why it matched. */
  matched: MatchedField[]
}

/** A resource or a template (to fill) that matched, with its server. */
export type ServerSearchHit = SearchHitBase &
  ({ kind: 'resource'; resource: Resource } | { kind: 'template'; template: ResourceTemplate })

/** How far the walk of one server got. */
export interface ServerSearchReport {
  server: string
  /** Resources searched. */
  resources: number
  /** Templates searched. */
  templates: number
  pages: number
  /** True when the whole list was walked (or there is none: `skipped`). */
  complete: boolean
  stoppedBy?: 'maxPages' | 'maxItems' | 'error' | 'timeout'
  /** The server offers no resources (a tools-only server): not searched, not a failure. */
  skipped?: 'no_resources'
  error?: Error
  /** The template list failed (its resources are still searched). */
  templatesError?: Error
}

export interface SearchServersResult {
  hits: ServerSearchHit[]
  servers: ServerSearchReport[]
}

export async function searchServers(
  client: ResourceClient,
  query: string,
  options: SearchServersOptions = {},
): Promise<SearchServersResult> {
  const servers = options.servers ?? client.getServers().map((server) => server.id)
  const deadline = startDeadline(options.timeoutMs)
  let walks: { items: ServerItem[]; report: ServerSearchReport }[]
  try {
    walks = await Promise.all(
      servers.map((server) => walkServer(client, server, options, deadline)),
    )
  } finally {
    deadline?.clear()
  }
  const items: ServerItem[] = []
  for (const walk of walks) items.push(...walk.items)
  const search = createResourceSearch<ServerItem>({ limit: options.limit ?? 10 })
  search.setItems(items)
  const hits = search.search(query).map((hit): ServerSearchHit => {
    const { item } = hit
    const base = {
      server: item.server,
      score: hit.score,
      matched: matchedFields(item, hit.matches),
    }
    return item.kind === 'resource'
      ? { ...base, kind: 'resource', resource: item.resource }
      : { ...base, kind: 'template', template: item.template }
  })
  return { hits, servers: walks.map((walk) => walk.report) }
}

interface Deadline {
  signal: AbortSignal
  reached: Promise<DeadlineError>
  clear(): void
}

/** Thrown (and reported) for a server whose walk had not finished by the deadline. */
class DeadlineError extends Error {
  override readonly name = 'TimeoutError'
}

function startDeadline(timeoutMs: number | undefined): Deadline | undefined {
  if (timeoutMs === undefined || !Number.isFinite(timeoutMs) || timeoutMs <= 0) return undefined
  const controller = new AbortController()
  let timer: ReturnType<typeof setTimeout> | undefined
  const reached = new Promise<DeadlineError>((resolve) => {
    timer = setTimeout(() => {
      const error = new DeadlineError(`its list was not walked within ${timeoutMs} ms`)
      controller.abort(error)
      resolve(error)
    }, timeoutMs)
  })
  return { signal: controller.signal, reached, clear: () => clearTimeout(timer) }
}

async function walkServer(
  client: ResourceClient,
  server: string,
  options: SearchServersOptions,
  deadline: Deadline | undefined,
): Promise<{ items: ServerItem[]; report: ServerSearchReport }> {
  const maxPages = options.maxPages ?? 50
  const maxItems = options.maxItems ?? 20_000
  const resources: ServerItem[] = []
  const templates: ServerItem[] = []
  let pages = 0
  let templatesError: Error | undefined
  const report = (extra: Partial<ServerSearchReport>) => ({
    items: [...templates, ...resources],
    report: {
      server,
      resources: resources.length,
      templates: templates.length,
      pages,
      complete: false,
      ...(templatesError && { templatesError }),
      ...extra,
    },
  })
  const signals = [options.signal, deadline?.signal].filter((signal) => signal !== undefined)
  const signal = signals.length > 1 ? AbortSignal.any(signals) : signals[0]
  /** The resource walk: how it ended. */
  const walkResources = async (): Promise<Partial<ServerSearchReport>> => {
    for await (const page of client.resourcePages(server, { ...(signal && { signal }) })) {
      pages += 1
      for (const resource of page.items.slice(0, maxItems - resources.length)) {
        // Two servers may list the same URI: the id keeps both.
        resources.push(resourceItem(`${server}\u0000${resource.uri}`, server, resource))
      }
      options.onProgress?.({ server, pages, resources: resources.length })
      if (page.nextCursor === undefined) return { complete: true }
      if (resources.length >= maxItems) return { stoppedBy: 'maxItems' }
      if (pages >= maxPages) return { stoppedBy: 'maxPages' }
    }
    // The iterator ended with a cursor left (a cursor cycle it detected).
    return { stoppedBy: 'error' }
  }
  /** The templates, after the resources: a failure here keeps the resources searched. */
  const walkTemplates = async () => {
    try {
      for await (const page of client.templatePages(server, { ...(signal && { signal }) })) {
        for (const template of page.items.slice(0, maxItems - templates.length)) {
          const id = `${server}\u0000template\u0000${template.uriTemplate}`
          templates.push(templateItem(id, server, template))
        }
        if (templates.length >= maxItems) return
      }
    } catch (error) {
      if (signal?.aborted) throw error
      templatesError = error as Error
    }
  }
  const walking = (async () => {
    try {
      const ready = await client.ready(server, { ...(signal && { signal }) })
      if (ready.capabilities && ready.capabilities.resources === undefined)
        return report({ complete: true, skipped: 'no_resources' })
      const ended = await walkResources()
      await walkTemplates()
      return report(ended)
    } catch (error) {
      if (options.signal?.aborted) throw error
      if (deadline?.signal.aborted) return report({ stoppedBy: 'timeout', error: error as Error })
      return report({ stoppedBy: 'error', error: error as Error })
    }
  })()
  if (!deadline) return walking
  // A walk that ignores the abort still ends at the deadline, with what it listed.
  walking.catch(() => {})
  return Promise.race([
    walking,
    deadline.reached.then((error) => report({ stoppedBy: 'timeout', error })),
  ])
}
