// BEHAVIOUR: the highlight survives list changes. A row that vanished (list_changed, a
// collapse) hands it to its nearest navigable neighbour; a new query starts from its best
// result (the first resource or template) once its hits are shown, unless the person moved
// the highlight while they were on their way. Rows are read by index, from where the
// highlight was: a screenful of rows, not every row loaded.
import { useLayoutEffect, useRef } from 'react'
import { isNavigable, type PickerRow } from './pickerRow.ts'
import type { PickerRows } from './pickerRows.ts'
import type { PickerStore, PickerView } from './pickerStore.ts'

/** The first row from `from` on (or, with `step` -1, back from it) that `test` accepts. */
function seek(
  rows: PickerRows,
  from: number,
  step: 1 | -1,
  test: (row: PickerRow) => boolean,
): PickerRow | undefined {
  for (let i = from; i >= 0 && i < rows.length; i += step) {
    const row = rows.at(i)
    if (row && test(row)) return row
  }
  return undefined
}

export function useKeptHighlight(
  store: PickerStore,
  rows: PickerRows,
  query: string,
  shownSearch: string,
  view: PickerView,
): void {
  const lastIndex = useRef(0)
  const lastQuery = useRef(query)
  const lastShown = useRef(shownSearch)
  // The highlight this hook gave the best row itself; a different one was the person's choice.
  const auto = useRef<string | null>(null)
  useLayoutEffect(() => {
    const state = store.getState()
    const navigable = (r: PickerRow) => isNavigable(r, view)
    const highlightBest = () => {
      const best =
        seek(rows, 0, 1, (r) => r.kind === 'resource' || r.kind === 'template') ??
        seek(rows, 0, 1, navigable)
      state.highlight(best?.id ?? null)
      auto.current = best?.id ?? null
      lastIndex.current = 0
    }
    const typed = query !== lastQuery.current
    const arrived = shownSearch !== lastShown.current
    lastQuery.current = query
    lastShown.current = shownSearch
    // A new query starts from its best row: when typed (the rows before its hits stay until
    // they come) and again when its hits arrive, unless the person moved the highlight since.
    if (
      (typed && query !== '') ||
      (arrived && shownSearch !== '' && state.highlightedId === auto.current)
    ) {
      highlightBest()
      return
    }
    const current = state.highlightedId === null ? -1 : rows.indexOf(state.highlightedId)
    if (current >= 0) {
      lastIndex.current = current
      return
    }
    if (state.highlightedId === null && query === '') return
    const from = Math.min(state.highlightedId === null ? 0 : lastIndex.current, rows.length - 1)
    const next = seek(rows, from, 1, navigable) ?? seek(rows, from - 1, -1, navigable)
    state.highlight(next?.id ?? null)
  }, [rows, store, query, shownSearch, view])
}
