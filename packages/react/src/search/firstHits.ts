// A search's cost grows with its limit (at 100,000 resources, 500 hits cost about five
// times what a screen of them does: more candidates ranked, more highlights built), and a
// keystroke only needs the rows it shows. So a query asks first for a screen of hits, and
// for the rest only once it has held still; the rows already shown keep their places when
// the rest arrives (it may rank a few of them differently: they do not jump).
import type { SearchHit } from '@resource-kit/search/lazy'
import type { SearchItem } from './searchItems.ts'

/** Hits asked for first: more than a tall screen of rows, and a page-down or two. */
export const FIRST_HITS = 64

/** How long a query must hold before the rest of its hits are asked for, in ms. */
export const REST_AFTER_MS = 250

/** `first` in its order, then the hits of `all` not among them, at most `limit` in all. */
export function withFirstHits(
  first: readonly SearchHit<SearchItem>[],
  all: readonly SearchHit<SearchItem>[],
  limit: number,
): SearchHit<SearchItem>[] {
  const shown = new Set(first.map((hit) => hit.item.id))
  const rest = all.filter((hit) => !shown.has(hit.item.id))
  return [...first, ...rest].slice(0, limit)
}
