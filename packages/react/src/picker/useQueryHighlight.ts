// BEHAVIOUR: a query's best row (its first resource or template) is highlighted in the very
// render that shows the query's rows: worked out from the rows being rendered, never written
// back into the store after render (that was a second render per keystroke, and another
// when the hits came). It holds until the person moves the highlight (the store's changes):
// from then on the store's highlight is the one shown.
import { useState } from 'react'
import { isNavigable, type PickerRow } from './pickerRow.ts'
import type { PickerRows } from './pickerRows.ts'
import type { PickerView } from './pickerStore.ts'

interface QueryHighlight {
  query: string
  /** The store's highlight when the query was typed: once it changes, the person moved. */
  base: string | null
  /** The person moved the highlight during this query. */
  moved: boolean
  /** The rows' search the best row was picked for (the rows before the hits, then the hits). */
  shown: string | null
  id: string | null
}

/** The first resource or template row, else the first navigable one. */
export function bestRow(rows: PickerRows, view: PickerView): PickerRow | undefined {
  let fallback: PickerRow | undefined
  for (let i = 0; i < rows.length; i++) {
    const row = rows.at(i)
    if (!row) continue
    if (row.kind === 'resource' || row.kind === 'template') return row
    if (fallback === undefined && isNavigable(row, view)) fallback = row
  }
  return fallback
}

/**
 * The highlighted row's id: the query's best row while the person has not moved the
 * highlight since typing it, else the store's. Updated during render (React's pattern for
 * state derived from the previous render), so the rows and their highlight commit together.
 */
export function useQueryHighlight(
  stored: string | null,
  rows: PickerRows,
  query: string,
  shownSearch: string,
  view: PickerView,
): { highlightedId: string | null; auto: boolean } {
  const [state, setState] = useState<QueryHighlight | null>(null)
  let next = state
  if (query === '') next = null
  else {
    if (next === null || next.query !== query) {
      next = { query, base: stored, moved: false, shown: null, id: null }
    }
    if (!next.moved && stored !== next.base) next = { ...next, moved: true }
    const stale = next.shown !== shownSearch || next.id === null || rows.indexOf(next.id) < 0
    if (!next.moved && stale) {
      const id = bestRow(rows, view)?.id ?? null
      if (next.shown !== shownSearch || next.id !== id) next = { ...next, shown: shownSearch, id }
    }
  }
  if (next !== state) setState(next)
  if (next === null || next.moved) return { highlightedId: stored, auto: false }
  return { highlightedId: next.id, auto: true }
}
