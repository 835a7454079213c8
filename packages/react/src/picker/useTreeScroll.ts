// BEHAVIOUR: the scroll position follows the person, not the data. While later pages stream
// in (or a reload reorders), the row they were looking at stays where it was on screen: the
// highlighted row when it was visible, else the first visible row. Expanding a folder
// scrolls its children into view (a lazy folder once its children have arrived), keeping
// the folder itself on screen. A new search's hits start at the top. Rows have a fixed
// height, so positions are index × height.
import { useCallback, useLayoutEffect, useRef } from 'react'
import type { PickerRows } from './pickerRows.ts'
import type { PickerWindow } from './usePickerRowWindow.ts'

/** What the rows show: a new view or search starts fresh, it is not anchored. */
export interface ShownSet {
  view: string
  /** The search the rows show ('' for none). */
  search: string
}

interface Seen {
  rows: PickerRows
  shown: ShownSet
}

/** What `useTreeScroll` returns. */
export interface TreeScroll {
  /** Scroll the children of row `id` into view once they are rows. */
  revealChildren: (id: string) => void
}

export function useTreeScroll(
  win: PickerWindow,
  rows: PickerRows,
  highlightedId: string | null,
  { view, search }: ShownSet,
  /** The highlighted row's id now. */
  highlighted: () => string | null,
): TreeScroll {
  const seen = useRef<Seen>({ rows, shown: { view, search } })
  const reveal = useRef<string | null>(null)
  const { scrollRef, rowHeight } = win

  // Anchor: runs before the browser paints the new rows.
  useLayoutEffect(() => {
    const before = seen.current
    seen.current = { rows, shown: { view, search } }
    const el = scrollRef.current
    if (!el) return
    const fresh = before.shown.view !== view || before.shown.search !== search
    // A new search's hits show from the top, or around the row the person moved to.
    if (fresh && search !== '' && before.shown.search !== search) {
      // The highlight as the kept-highlight effect just left it (this render's is older).
      const lit = highlighted()
      const at = lit === null ? -1 : rows.indexOf(lit)
      const below = el.clientHeight > 0 && (at + 1) * rowHeight > el.clientHeight
      el.scrollTop = below ? at * rowHeight - Math.floor(el.clientHeight / 2) : 0
    }
    if (before.rows === rows || fresh || el.clientHeight === 0) return
    const top = el.scrollTop
    const first = Math.floor(top / rowHeight)
    const last = Math.floor((top + el.clientHeight - 1) / rowHeight)
    const lit = highlightedId === null ? -1 : before.rows.indexOf(highlightedId)
    const anchor = lit >= first && lit <= last ? lit : first
    const id = before.rows.at(anchor)?.id
    const now = id === undefined ? -1 : rows.indexOf(id)
    if (now >= 0 && now !== anchor) el.scrollTop = top + (now - anchor) * rowHeight
  }, [rows, view, search, highlightedId, highlighted, scrollRef, rowHeight])

  // Reveal: after the anchor, so the folder stays put and its children come into view.
  useLayoutEffect(() => {
    const id = reveal.current
    const el = scrollRef.current
    if (id === null || !el || el.clientHeight === 0) return
    const at = rows.indexOf(id)
    const folder = rows.at(at)
    if (!folder?.expanded) {
      reveal.current = null
      return
    }
    // Past the children in view (a screenful is enough to decide the scroll), not all of them.
    const enough = at + 1 + Math.ceil(el.clientHeight / rowHeight)
    let end = at + 1
    while (end < rows.length && end <= enough && (rows.at(end)?.depth ?? 0) > folder.depth) end++
    const next = rows.at(at + 1)
    const waiting = next?.kind === 'message' && next.tone === 'loading'
    if (!waiting) reveal.current = null
    const bottom = end * rowHeight
    const viewBottom = el.scrollTop + el.clientHeight
    if (bottom > viewBottom) {
      el.scrollTop = Math.min(at * rowHeight, bottom - el.clientHeight)
    }
  }, [rows, scrollRef, rowHeight])

  const revealChildren = useCallback((id: string) => {
    reveal.current = id
  }, [])
  return { revealChildren }
}
