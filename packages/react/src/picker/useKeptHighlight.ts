// BEHAVIOUR: the highlight survives list changes. A row that vanished (list_changed, a
// collapse) hands it to its nearest navigable neighbour; a new query starts from its best
// result (the first resource or template).
import { useLayoutEffect, useRef } from 'react'
import { isNavigable, type PickerRow } from './pickerRow.ts'
import type { PickerStore, PickerView } from './pickerStore.ts'

export function useKeptHighlight(
  store: PickerStore,
  rows: readonly PickerRow[],
  rowIndex: ReadonlyMap<string, number>,
  query: string,
  view: PickerView,
): void {
  const lastIndex = useRef(0)
  const lastQuery = useRef(query)
  useLayoutEffect(() => {
    const state = store.getState()
    if (query !== lastQuery.current) {
      lastQuery.current = query
      if (query !== '') {
        const best =
          rows.find((r) => r.kind === 'resource' || r.kind === 'template') ??
          rows.find((r) => isNavigable(r, view))
        state.highlight(best?.id ?? null)
        lastIndex.current = 0
        return
      }
    }
    const current = state.highlightedId === null ? undefined : rowIndex.get(state.highlightedId)
    if (current !== undefined) {
      lastIndex.current = current
      return
    }
    if (state.highlightedId === null && query === '') return
    const from = Math.min(state.highlightedId === null ? 0 : lastIndex.current, rows.length - 1)
    const next =
      rows.slice(from).find((r) => isNavigable(r, view)) ??
      rows.slice(0, from).findLast((r) => isNavigable(r, view))
    state.highlight(next?.id ?? null)
  }, [rows, rowIndex, store, query, view])
}
