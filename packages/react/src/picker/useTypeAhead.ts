// BEHAVIOUR: type-ahead on the focused list or tree (APG): printable keys typed within
// 500 ms of each other build a prefix; the highlight moves to the next row whose label
// starts with it (collection/typeAhead's rule). The rows are read by index from the
// highlight on, so a match near it costs a few rows, not a copy of every row loaded.
import { type KeyboardEvent, useCallback, useRef } from 'react'
import { typeAhead } from '../collection/index.ts'
import { isNavigable } from './pickerRow.ts'
import type { PickerRows } from './pickerRows.ts'
import type { PickerView } from './pickerStore.ts'

const PAUSE_MS = 500

/** Handles a printable key: true when it was one (the highlight moved to `onFound`'s row). */
export type TypeAheadHandler = (event: KeyboardEvent, highlightedIndex: number) => boolean

export function useTypeAhead(
  rows: PickerRows,
  view: PickerView,
  onFound: (index: number) => void,
): TypeAheadHandler {
  const typed = useRef({ text: '', at: 0 })
  return useCallback<TypeAheadHandler>(
    (event, highlightedIndex) => {
      if (event.key.length !== 1 || event.ctrlKey || event.metaKey || event.altKey) return false
      const t = typed.current
      t.text = event.timeStamp - t.at > PAUSE_MS ? event.key : t.text + event.key
      t.at = event.timeStamp
      const found = typeAhead(
        rows,
        (row) => (isNavigable(row, view) ? row.label : undefined),
        highlightedIndex,
        t.text,
      )
      if (found >= 0) onFound(found)
      event.preventDefault()
      return true
    },
    [rows, view, onFound],
  )
}
