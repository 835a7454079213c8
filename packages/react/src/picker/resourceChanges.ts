// Which resources changed between two loads of the same servers, for the "new", "updated"
// and "removed" marks. A first load or a load-more marks nothing; after a reload, new URIs
// are added, changed metadata is updated, and a URI that is gone is removed — when the
// reload proves it: the list is complete, or a resource listed after it is still there
// (a shorter reload of a paged list only shifts its tail out, it does not remove it).
import type { Resource } from '@resource-kit/client'
import { resourceKey } from '../shared/ids.ts'
import { diffResources } from '../shared/resourceDiff.ts'
import type { PickerSource } from '../shared/sourceTypes.ts'

/** Selection keys (`resourceKey(serverId, uri)`) by kind of change. */
export interface ResourceChanges {
  /** URIs listed now that were not before. */
  added: string[]
  /** URIs whose name, title, type, size or last-modified changed. */
  updated: string[]
  /** URIs listed before that the server no longer lists. */
  removed: string[]
}

function differs(a: Resource, b: Resource): boolean {
  return (
    a.name !== b.name ||
    a.title !== b.title ||
    a.mimeType !== b.mimeType ||
    a.size !== b.size ||
    a.annotations?.lastModified !== b.annotations?.lastModified
  )
}

function settled(source: PickerSource): boolean {
  return source.status === 'ready' || source.status === 'empty'
}

/** What changed in `next` compared with `prev`, server by server. */
export function resourceChanges(
  prev: readonly PickerSource[],
  next: readonly PickerSource[],
): ResourceChanges {
  const before = new Map(prev.map((s) => [s.serverId, s]))
  const changes: ResourceChanges = { added: [], updated: [], removed: [] }
  for (const source of next) {
    const oldSource = before.get(source.serverId)
    // A first load is not a change; neither is a server that is failing or reloading.
    if (!oldSource || !settled(oldSource) || !settled(source)) continue
    const old = oldSource.resources
    // By object: an unchanged resource is the same object (a load-more only appends).
    const diff = diffResources(old, source.resources)
    if (diff.kind !== 'changed') continue
    const removed = new Set(diff.removed)
    const removedByUri = new Map(diff.removed.map((r) => [r.uri, r]))
    const again = new Set<string>()
    for (const r of diff.added) {
      again.add(r.uri)
      const o = removedByUri.get(r.uri)
      if (!o) changes.added.push(resourceKey(source.serverId, r.uri))
      else if (differs(o, r)) changes.updated.push(resourceKey(source.serverId, r.uri))
    }
    const listed = (r: Resource) => !removed.has(r) || again.has(r.uri)
    // Gone for sure: everything is listed, or something listed after it still is.
    const proven = source.hasMore ? old.findLastIndex(listed) : old.length
    for (let i = 0; i < proven; i++) {
      const r = old[i] as Resource
      if (!listed(r)) changes.removed.push(resourceKey(source.serverId, r.uri))
    }
  }
  return changes
}

/**
 * What the next comparison starts from: each server's last settled list, so a reload that
 * passes through `loading` or `error` is compared with the list before it.
 */
export function changesBaseline(
  prev: readonly PickerSource[],
  next: readonly PickerSource[],
): readonly PickerSource[] {
  const before = new Map(prev.map((s) => [s.serverId, s]))
  return next.map((s) => (settled(s) ? s : (before.get(s.serverId) ?? s)))
}
