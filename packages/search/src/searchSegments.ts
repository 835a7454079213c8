// The items of a search as a list of segments (searchSegment.ts) plus where each id lives,
// kept small by merging: a new segment is merged with the one before it while that one is
// not more than twice as big (so sizes fall geometrically: a few dozen segments at most),
// but never into a segment of MAX_MERGED items or more, so that no single update re-indexes
// more than that. A segment with more than half of its items struck out is rebuilt.
// Costs: an append indexes the new items (plus, amortized, a few merges of them);
// a removal strikes items out in O(1) each.

import { sameFields } from './sameFields.ts'
import { SearchSegment } from './searchSegment.ts'
import type { SearchableItem } from './types.ts'

/**
 * No merge builds a segment bigger than this (the most a single update may re-index). In a
 * worker a search waits for the update in progress: 4,096 items index in ~25 ms here, 32,768
 * took 430-500 ms (and the whole walk twice the work); a search over the ~25 segments of
 * 100,000 items costs ~10-15% more than over the ~6 of 32,768 (demo resources, Node).
 */
export const MAX_MERGED = 4096

interface Location<T extends SearchableItem> {
  segment: SearchSegment<T>
  item: number
}

function isSearchable<I>(item: I): item is I & SearchableItem {
  if (item === null || typeof item !== 'object') return false
  const { id, name, uri } = item as unknown as Record<string, unknown>
  return typeof id === 'string' && typeof name === 'string' && typeof uri === 'string'
}

export class SearchSegments<T extends SearchableItem> {
  segments: SearchSegment<T>[] = []
  /** Items indexed since creation, counting re-indexing by merges and rebuilds: the work done. */
  indexed = 0
  readonly #where = new Map<string, Location<T>>()

  get size(): number {
    return this.#where.size
  }

  /** Replaces everything with `items` in one segment (duplicates of an id: the last one is found). */
  reset(items: readonly T[]): void {
    this.#where.clear()
    const valid = (Array.isArray(items) ? items : []).filter(isSearchable) as T[]
    const unique = new Map<string, T>()
    for (const item of valid) {
      unique.delete(item.id)
      unique.set(item.id, item)
    }
    const segment = new SearchSegment([...unique.values()])
    this.segments = segment.size > 0 ? [segment] : []
    this.#locate(segment)
  }

  /**
   * Adds `items`, replacing those whose id is known. Costs what changed: an item whose
   * searchable fields are unchanged is swapped in place (hits return the new object).
   */
  upsert(items: readonly T[]): void {
    const fresh = new Map<string, T>()
    for (const item of Array.isArray(items) ? items : []) {
      if (!isSearchable(item)) continue
      const known = this.#where.get(item.id)
      if (known && sameFields(known.segment.corpus.items[known.item]!, item)) {
        known.segment.corpus.items[known.item] = item as T
        fresh.delete(item.id)
        continue
      }
      if (known) this.#strike(known)
      fresh.set(item.id, item as T)
    }
    if (fresh.size === 0) return
    this.#append([...fresh.values()])
  }

  /** Removes the items with these ids (unknown ids are ignored). */
  remove(ids: Iterable<string>): void {
    for (const id of ids) {
      const known = this.#where.get(id)
      if (known) this.#strike(known)
    }
  }

  /**
   * Makes the items exactly `items`, in proportion to the difference: a list that grew by a
   * page indexes that page. A very different list is rebuilt in one segment.
   */
  replace(items: readonly T[]): void {
    const list = Array.isArray(items) ? items : []
    const seen = new Set<string>()
    const changed: T[] = []
    for (const item of list) {
      if (!isSearchable(item)) continue
      seen.add(item.id)
      const known = this.#where.get(item.id)
      if (!known || !sameFields(known.segment.corpus.items[known.item]!, item)) changed.push(item)
      else known.segment.corpus.items[known.item] = item
    }
    const removed: string[] = []
    for (const id of this.#where.keys()) if (!seen.has(id)) removed.push(id)
    if (this.#where.size === 0 || changed.length + removed.length > seen.size / 2) {
      this.reset(list)
      return
    }
    this.remove(removed)
    this.upsert(changed)
  }

  #strike(location: Location<T>): void {
    const { segment, item } = location
    this.#where.delete(segment.corpus.items[item]!.id)
    segment.strike(item)
    if (segment.live === 0) this.segments = this.segments.filter((s) => s !== segment)
    else if (segment.live < segment.size / 2) this.#rebuild(segment)
  }

  #rebuild(segment: SearchSegment<T>): void {
    const rebuilt = new SearchSegment(segment.liveItems())
    this.segments = this.segments.map((s) => (s === segment ? rebuilt : s))
    this.#locate(rebuilt)
  }

  /** Appends `items` as a segment, merged with the segments before it while they are not much bigger. */
  #append(items: T[]): void {
    const parts = [items]
    let live = items.length
    while (this.segments.length > 0) {
      const previous = this.segments.at(-1)!
      if (previous.live > 2 * live || previous.live + live > MAX_MERGED) break
      this.segments.pop()
      parts.unshift(previous.liveItems())
      live += previous.live
    }
    const segment = new SearchSegment(parts.length === 1 ? items : parts.flat())
    this.segments.push(segment)
    this.#locate(segment)
  }

  #locate(segment: SearchSegment<T>): void {
    this.indexed += segment.size
    for (let item = 0; item < segment.size; item++)
      if (segment.isLive(item)) this.#where.set(segment.corpus.items[item]!.id, { segment, item })
  }
}
