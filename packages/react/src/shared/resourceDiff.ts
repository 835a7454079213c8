// What changed between two loads of one server's list, by object identity: the client
// keeps a resource's object while its content stays the same (also across a revalidation),
// so an unchanged resource is the same object and a changed one is a new object. Costs one
// pass over the lists (a Set over the part after the common start), never a comparison of
// fields: the tree, the search index and the change marks then work on `added`/`removed`.
// Two lists of one list generation (`PickerSource.listGeneration`) are a prefix and its
// extension: their diff costs the new tail, not a pass over everything loaded.
import type { Resource } from '@resource-kit/client'

export type ResourceDiff =
  /** The same resources (in any order). */
  | { kind: 'same' }
  /** The earlier resources stayed in place and `added` follow them (a new page). */
  | { kind: 'appended'; added: readonly Resource[] }
  /** Anything else: `removed` are gone (or replaced), `added` are new (or replacements). */
  | { kind: 'changed'; removed: readonly Resource[]; added: readonly Resource[] }

const SAME: ResourceDiff = { kind: 'same' }

/**
 * The difference from `prev` to `next` (each object counted once). `sameGeneration`: the
 * producer says `next` only appended to `prev` (one generation of the client's list pass).
 */
export function diffResources(
  prev: readonly Resource[],
  next: readonly Resource[],
  sameGeneration: boolean,
): ResourceDiff {
  if (prev === next) return SAME
  if (sameGeneration && prev.length <= next.length) {
    return prev.length === next.length ? SAME : { kind: 'appended', added: next.slice(prev.length) }
  }
  const common = Math.min(prev.length, next.length)
  let start = 0
  while (start < common && prev[start] === next[start]) start++
  if (start === prev.length) {
    return start === next.length ? SAME : { kind: 'appended', added: next.slice(start) }
  }
  const left = new Set<Resource>()
  for (let i = start; i < prev.length; i++) left.add(prev[i] as Resource)
  const added: Resource[] = []
  for (let i = start; i < next.length; i++) {
    const resource = next[i] as Resource
    if (!left.delete(resource)) added.push(resource)
  }
  // Only the order changed: the tree and the list sort by their own keys, nothing moves.
  if (left.size === 0 && added.length === 0) return SAME
  return { kind: 'changed', removed: [...left], added }
}
