// Filter algebra for subscriptions: what watches ask for, merged per server, trimmed to
// the server's capabilities, and compared with what the server honoured.
import type { WatchTarget } from './resourceClient.ts'
import type { SubscriptionFilter } from './session.ts'
import type { ServerCapabilities } from './types.ts'

/** A watch target as a filter: URIs deduplicated in first-seen order, empty parts left out. */
export function toFilter(target: WatchTarget): SubscriptionFilter {
  const uris = [
    ...new Set((target.uris ?? []).filter((u) => typeof u === 'string' && u.length > 0)),
  ]
  return {
    ...(target.listChanged === true && { resourcesListChanged: true }),
    ...(uris.length > 0 && { resourceSubscriptions: uris }),
  }
}

/** Everything any of the filters asks for. */
export function unionFilters(filters: Iterable<SubscriptionFilter>): SubscriptionFilter {
  const uris = new Set<string>()
  let listChanged = false
  for (const filter of filters) {
    if (filter.resourcesListChanged) listChanged = true
    for (const uri of filter.resourceSubscriptions ?? []) uris.add(uri)
  }
  return {
    ...(listChanged && { resourcesListChanged: true }),
    ...(uris.size > 0 && { resourceSubscriptions: [...uris] }),
  }
}

/** What of `requested` the server honoured: a URI counts when the server kept it (or a URI above it). */
export function intersectFilters(
  requested: SubscriptionFilter,
  honored: SubscriptionFilter,
): SubscriptionFilter {
  const kept = honored.resourceSubscriptions ?? []
  const uris = (requested.resourceSubscriptions ?? []).filter((uri) =>
    kept.some((base) => isUriUnder(uri, base)),
  )
  return {
    ...(requested.resourcesListChanged &&
      honored.resourcesListChanged && { resourcesListChanged: true }),
    ...(uris.length > 0 && { resourceSubscriptions: uris }),
  }
}

/** Drops the parts a server cannot deliver by its declared capabilities. */
export function trimToCapabilities(
  filter: SubscriptionFilter,
  capabilities: ServerCapabilities,
): SubscriptionFilter {
  const resources = capabilities.resources
  return {
    ...(filter.resourcesListChanged &&
      resources?.listChanged === true && { resourcesListChanged: true }),
    ...(filter.resourceSubscriptions &&
      resources?.subscribe === true && { resourceSubscriptions: filter.resourceSubscriptions }),
  }
}

export function isEmptyFilter(filter: SubscriptionFilter): boolean {
  return !filter.resourcesListChanged && (filter.resourceSubscriptions?.length ?? 0) === 0
}

/** Same list flag and the same set of URIs (order does not matter). */
export function sameFilter(a: SubscriptionFilter, b: SubscriptionFilter): boolean {
  if (Boolean(a.resourcesListChanged) !== Boolean(b.resourcesListChanged)) return false
  const left = new Set(a.resourceSubscriptions ?? [])
  const right = new Set(b.resourceSubscriptions ?? [])
  return left.size === right.size && [...left].every((uri) => right.has(uri))
}

/** True when `filter` covers an `updated` notification for `uri` (the URI itself or one under it). */
export function coversUri(filter: SubscriptionFilter, uri: string): boolean {
  return (filter.resourceSubscriptions ?? []).some((base) => isUriUnder(uri, base))
}

/**
 * `uri` is `base` or a sub-resource of it: the spec lets `updated` name a URI under the
 * subscribed one (a file in a watched directory). A boundary character must follow the
 * base, so `file:///a` does not cover `file:///ab`.
 */
export function isUriUnder(uri: string, base: string): boolean {
  if (uri === base) return true
  if (!uri.startsWith(base)) return false
  return base.endsWith('/') || '/?#'.includes(uri.charAt(base.length))
}
