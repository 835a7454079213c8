// What changed between two loads of one server's list, by object identity: the client
// keeps a resource's object while its content stays the same (also across a revalidation),
// so an unchanged resource is the same object and a changed one is a new object. Costs one
// pass over the lists (a Set over the part after the common start), never a comparison of
// fields: the tree, the search index and the change marks then work on `added`/`removed`.
// A list grown by `appendResources` is known to extend the lists it grew from, so a walk's
// diffs cost its new pages, not a pass over everything loaded at every publish.
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
 * Lists grown only by appending, by line: any two lists of one line are a prefix and its
 * extension. A token per line, not the earlier list: a walk's hundred copies would stay alive.
 */
const lines = new WeakMap<readonly Resource[], object>()

/** `head` then every page's resources, recorded as extending `head` (diffing them costs the pages). */
export function appendResources(
  head: readonly Resource[],
  pages: readonly (readonly Resource[])[],
): readonly Resource[] {
  let out = head
  // One concat per run (a single copy into an array of the right size); arguments have a limit.
  for (let i = 0; i < pages.length; i += 10_000) out = out.concat(...pages.slice(i, i + 10_000))
  if (out === head) return head
  let line = lines.get(head)
  if (line === undefined) {
    line = {}
    lines.set(head, line)
  }
  lines.set(out, line)
  return out
}

/** The difference from `prev` to `next` (each object counted once). */
export function diffResources(prev: readonly Resource[], next: readonly Resource[]): ResourceDiff {
  if (prev === next) return SAME
  const line = lines.get(next)
  if (line !== undefined && lines.get(prev) === line && prev.length <= next.length) {
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
