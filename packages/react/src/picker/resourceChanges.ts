// Which resources changed between two loads of the same servers, for the "updated" mark.
// A first load or a load-more marks nothing; after a reload, new URIs and changed
// metadata count.
import type { Resource } from '@resource-kit/client'
import { resourceKey } from '../shared/ids.ts'
import type { PickerSource } from '../shared/sourceTypes.ts'

function differs(a: Resource, b: Resource): boolean {
  return (
    a.name !== b.name ||
    a.title !== b.title ||
    a.mimeType !== b.mimeType ||
    a.size !== b.size ||
    a.annotations?.lastModified !== b.annotations?.lastModified
  )
}

// Load-more appends pages and keeps the loaded items as they are: nothing changed.
function isAppend(old: readonly Resource[], next: readonly Resource[]): boolean {
  return next.length > old.length && old.every((r, i) => next[i] === r)
}

/** Selection keys of resources that are new or changed in `next` compared with `prev`. */
export function changedResourceKeys(
  prev: readonly PickerSource[],
  next: readonly PickerSource[],
): string[] {
  const before = new Map(prev.map((s) => [s.serverId, s]))
  const changed: string[] = []
  for (const source of next) {
    const oldSource = before.get(source.serverId)
    // A first load is not a change.
    if (!oldSource || (oldSource.status !== 'ready' && oldSource.status !== 'empty')) continue
    const old = oldSource.resources
    if (old === source.resources || isAppend(old, source.resources)) continue
    const byUri = new Map(old.map((r) => [r.uri, r]))
    for (const r of source.resources) {
      const o = byUri.get(r.uri)
      if (!o || differs(o, r)) changed.push(resourceKey(source.serverId, r.uri))
    }
  }
  return changed
}
