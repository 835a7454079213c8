// Its own file so the worker search's page side (workerSearch.ts) can compare items without
// importing the index: the index and fuse.js load on first use (lazy.ts).
import type { SearchableItem } from './types.ts'

/**
 * Whether two items index the same: their searchable fields are equal. The one field
 * comparison of the package (`replace` and `upsert` here, `setItems` of the worker search),
 * for hosts that hand whole lists; the React package applies the client's list changes and
 * never calls `setItems`.
 */
export function sameFields(a: SearchableItem, b: SearchableItem): boolean {
  return (
    a.name === b.name &&
    a.title === b.title &&
    a.uri === b.uri &&
    a.description === b.description &&
    a.scope === b.scope
  )
}
