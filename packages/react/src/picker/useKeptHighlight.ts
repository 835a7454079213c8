// BEHAVIOUR: the highlight the person chose survives list changes. A row that vanished
// (list_changed, a collapse) hands it to its nearest navigable neighbour. A query's best row
// is not this hook's (useQueryHighlight.ts: no write-back). Rows are read by index, from
// where the highlight was: a screenful of rows, not every row loaded.
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
  view: PickerView,
  /** The query's best row is shown (useQueryHighlight): nothing to keep. */
  auto: boolean,
): void {
  const lastIndex = useRef(0)
  useLayoutEffect(() => {
    if (auto) return
    const state = store.getState()
    const navigable = (r: PickerRow) => isNavigable(r, view)
    const current = state.highlightedId === null ? -1 : rows.indexOf(state.highlightedId)
    if (current >= 0) {
      lastIndex.current = current
      return
    }
    if (state.highlightedId === null && query === '') return
    const from = Math.min(state.highlightedId === null ? 0 : lastIndex.current, rows.length - 1)
    const next = seek(rows, from, 1, navigable) ?? seek(rows, from - 1, -1, navigable)
    state.highlight(next?.id ?? null)
  }, [rows, store, query, view, auto])
}
