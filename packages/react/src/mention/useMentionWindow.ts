// BEHAVIOUR: the popup's rows in the DOM are those in view (and a few beyond), not all of
// them: laying out and rendering 50 two-line rows on each keystroke was most of a key's
// frame at 100k resources. The rows stay in the document's flow (a spacer before and
// after stands in for the rows above and below), so the listbox keeps its own look and
// height; the highlighted row is always rendered, so `aria-activedescendant` names an
// element and `scrollIntoView` can bring it into view. Without layout (tests, SSR) every
// row renders.
import { defaultRangeExtractor, useVirtualizer } from '@tanstack/react-virtual'
import { type CSSProperties, useRef } from 'react'

/** A row's height before it is measured: a name and a detail line. */
const ESTIMATED_ROW_PX = 46
/** Rows rendered beyond each edge of the view (scrolling by wheel or arrow shows no gap). */
const OVERSCAN = 3

export interface MentionWindow {
  /** The indices of the rows to render, in order (contiguous). */
  indices: number[]
  /** For the listbox: its scroll element, and the heights of the rows not rendered. */
  listRef: { readonly current: HTMLUListElement | null }
  listStyle: CSSProperties | undefined
  /** For each rendered row (which carries `data-index`): its real height replaces the estimate. */
  rowRef: (element: HTMLElement | null) => void
}

/** The window of `count` rows of the listbox, always holding `activeIndex`. */
export function useMentionWindow(count: number, activeIndex: number): MentionWindow {
  const listRef = useRef<HTMLUListElement | null>(null)
  const active = useRef(activeIndex)
  active.current = activeIndex
  const virtualizer = useVirtualizer<HTMLUListElement, HTMLElement>({
    count,
    getScrollElement: () => listRef.current,
    estimateSize: () => ESTIMATED_ROW_PX,
    overscan: OVERSCAN,
    // Contiguous, so the rows stay in flow: the range grows to reach the highlighted row
    // (for one frame when the highlight jumps, until `scrollIntoView` moves the view).
    rangeExtractor: (range) => {
      const indices = defaultRangeExtractor(range)
      const target = Math.min(active.current, range.count - 1)
      const first = Math.min(indices[0] ?? 0, target)
      const last = Math.max(indices.at(-1) ?? -1, target)
      return Array.from({ length: Math.max(0, last - first + 1) }, (_, i) => first + i)
    },
  })
  const measured = (virtualizer.scrollRect?.height ?? 0) > 0
  if (!measured) {
    // No layout to window by: every row, as without a window.
    return {
      indices: Array.from({ length: count }, (_, i) => i),
      listRef,
      listStyle: undefined,
      rowRef: () => {},
    }
  }
  const items = virtualizer.getVirtualItems()
  const first = items[0]
  const last = items.at(-1)
  const above = first ? first.start : 0
  const below = last ? Math.max(0, virtualizer.getTotalSize() - last.end) : 0
  return {
    indices: items.map((item) => item.index),
    listRef,
    // The heights of the rows above and below, given to the listbox's `::before` and
    // `::after` (mention.css): padding would count in the scroll box's own height.
    listStyle: {
      '--rk-mention-above': `${above}px`,
      '--rk-mention-below': `${below}px`,
    } as CSSProperties,
    rowRef: virtualizer.measureElement,
  }
}
