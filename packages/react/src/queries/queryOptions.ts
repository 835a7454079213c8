// Option factories, not hook wrappers (as tRPC and the TanStack docs advise): the app
// passes them to useQuery / prefetchQuery as it likes. Staleness comes
// from the server's ttlMs, so a result is refetched exactly when the server says.
import type {
  CacheHints,
  CompletionResult,
  Page,
  ReadOptions,
  ResourceClient,
  ResourceTemplate,
} from '@resource-kit/client'
import { queryOptions } from '@tanstack/react-query'
import { reactKeys } from './queryKeys.ts'

/** The shortest TTL among cached pages (a list is as fresh as its stalest page). */
export function minTtl(results: readonly CacheHints[] | undefined): number {
  if (!results || results.length === 0) return 0
  let ttl = Number.POSITIVE_INFINITY
  for (const r of results) ttl = Math.min(ttl, r.ttlMs)
  return Number.isFinite(ttl) ? ttl : 0
}

/** Every template of a server, walked page by page up to a bound. */
export interface TemplateList extends CacheHints {
  items: ResourceTemplate[]
  /** False when the walk stopped at the page bound. */
  complete: boolean
}

/** One server's templates (bounded walk; templates are few). */
export function templateListOptions(
  client: ResourceClient,
  serverId: string,
  options: { /** Stop after this many pages. @default 20 */ maxPages?: number } = {},
) {
  const maxPages = options.maxPages ?? 20
  return queryOptions({
    queryKey: reactKeys.templateList(client, serverId),
    queryFn: async ({ signal }): Promise<TemplateList> => {
      const items: ResourceTemplate[] = []
      const pages: Page<ResourceTemplate>[] = []
      let complete = false
      for await (const page of client.templatePages(serverId, { signal, maxPages })) {
        pages.push(page)
        items.push(...page.items)
        complete = page.nextCursor === undefined
      }
      const scope = pages.some((p) => p.cacheScope === 'private') ? 'private' : 'public'
      return { items, complete, ttlMs: minTtl(pages), cacheScope: pages.length ? scope : 'private' }
    },
    staleTime: (query) => query.state.data?.ttlMs ?? 0,
  })
}

/**
 * One resource read, under the client's own key (`client.readQuery`): one cache entry per
 * read, whoever reads it. `maxBytes` rejects oversized contents with a clear error, per use.
 */
export function readOptions(
  client: ResourceClient,
  serverId: string,
  uri: string,
  options: Omit<ReadOptions, 'signal'> = {},
) {
  return queryOptions(client.readQuery(serverId, uri, options))
}

export interface CompletionOptionsInput {
  /** The template string as listed. */
  template: string
  /** The variable being completed and what is typed so far. */
  argument: { name: string; value: string }
  /** The other variables already filled in, sent as `context.arguments`. */
  context?: Record<string, string>
}

/** Suggestions for one template variable. Changing the key aborts the previous request. */
export function completionOptions(
  client: ResourceClient,
  serverId: string,
  input: CompletionOptionsInput,
) {
  const context = input.context ?? {}
  return queryOptions({
    queryKey: reactKeys.completion(
      client,
      serverId,
      input.template,
      input.argument.name,
      input.argument.value,
      context,
    ),
    queryFn: ({ signal }): Promise<CompletionResult> =>
      client.complete(serverId, {
        template: input.template,
        argument: input.argument,
        ...(Object.keys(context).length > 0 ? { context } : {}),
        signal,
      }),
    // Not cacheable per spec; keep briefly so backspacing does not re-ask.
    staleTime: 0,
    gcTime: 30_000,
    retry: false,
  })
}
