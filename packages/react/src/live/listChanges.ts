// What a reload of one server's list changed, for the change marks: new URIs, changed
// metadata, and URIs gone — gone only when the reload proves it (the list is complete, or a
// resource listed after it is still there: a shorter reload of a paged list only shifts its
// tail out). By object identity: the client keeps an unchanged resource's object.
import type { Resource } from '@resource-kit/client'
import { diffResources } from '../shared/resourceDiff.ts'

/** URIs by kind of change. */
export interface ListChanges {
  /** Listed now, not before. */
  added: string[]
  /** Listed before and now, with another name, title, type, size or last-modified. */
  updated: string[]
  /** Listed before, no longer listed. */
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

/**
 * What changed from `before` to `after`, two generations of a list pass (`complete`: each
 * is the whole list). Resources past the end of an incomplete `before` were not listed yet,
 * not added.
 */
export function listChanges(
  before: readonly Resource[],
  after: readonly Resource[],
  complete: { before: boolean; after: boolean },
): ListChanges {
  const changes: ListChanges = { added: [], updated: [], removed: [] }
  const diff = diffResources(before, after, false)
  if (diff.kind === 'appended' && complete.before) {
    for (const r of diff.added) changes.added.push(r.uri)
  }
  if (diff.kind !== 'changed') return changes
  const gone = new Set(diff.removed)
  const goneByUri = new Map(diff.removed.map((r) => [r.uri, r]))
  const again = new Set<string>()
  for (const r of diff.added) {
    again.add(r.uri)
    const old = goneByUri.get(r.uri)
    if (!old) changes.added.push(r.uri)
    else if (differs(old, r)) changes.updated.push(r.uri)
  }
  const listed = (r: Resource) => !gone.has(r) || again.has(r.uri)
  // Gone for sure: everything is listed, or something listed after it still is.
  const proven = complete.after ? before.length : before.findLastIndex(listed)
  for (let i = 0; i < proven; i++) {
    const r = before[i] as Resource
    if (!listed(r)) changes.removed.push(r.uri)
  }
  return changes
}
