// Where a read came from and whether it is current: the fetch time is the cache entry's
// (the client's one cache of record), `lastModified` the server's annotation, found on the
// content item or on the resource as listed in the same cache. Always the server's own
// partition (`partitionOf`): a signed-in server's entries live under its principal.
import { type Resource, type ResourceClient, resourceKeys } from '@resource-kit/client'
import type { Source } from './types.ts'

export interface SourceInput {
  server: string
  uri: string
  ttlMs: number
  /** When the call that produced this read started: anything fetched since is fresh. */
  calledAt: number
  now: number
  /** An `annotations.lastModified` seen on the content item, if any. */
  lastModified?: string
}

export function sourceOf(client: ResourceClient, input: SourceInput): Source {
  const state = client.queryClient.getQueryState(
    resourceKeys.read(input.server, client.partitionOf(input.server), input.uri),
  )
  // Reads answered after an input request are not cached: they were fetched just now.
  const fetchedAt =
    state?.dataUpdatedAt && state.dataUpdatedAt > 0 ? state.dataUpdatedAt : input.now
  const ttlMs = Math.max(0, input.ttlMs)
  const fresh = fetchedAt >= input.calledAt || input.now - fetchedAt < ttlMs
  const lastModified =
    validTimestamp(input.lastModified) ??
    validTimestamp(listedResource(client, input.server, input.uri)?.annotations?.lastModified)
  return {
    server: input.server,
    uri: input.uri,
    ...(lastModified && { lastModified }),
    fetchedAt: new Date(fetchedAt).toISOString(),
    ttlMs,
    fresh,
  }
}

/** The resource as some cached list page has it (for annotations a read does not carry). */
export function listedResource(
  client: ResourceClient,
  server: string,
  uri: string,
): Resource | undefined {
  const pages = client.queryClient.getQueriesData<{ items?: Resource[] }>({
    queryKey: resourceKeys.lists(server, client.partitionOf(server)),
  })
  for (const [, page] of pages) {
    const found = page?.items?.find((item) => item.uri === uri)
    if (found) return found
  }
  return undefined
}

function validTimestamp(value: unknown): string | undefined {
  return typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? value : undefined
}
