// BEHAVIOUR: the arithmetic of the picker's row window. Every row has the same height, so a
// row's place is its index × the height and the rows in view follow from the scroll offset
// and the viewport's height alone: no measurement, no per-row cache. Pure, so it is tested
// without a DOM; `usePickerRowWindow` feeds it the scroll element's numbers.

/** A row in (or near) the viewport: where the list places it, in px from the top. */
export interface PickerVirtualItem {
  index: number
  /** The React key (the index: rows on screen are keyed by place). */
  key: number
  start: number
  end: number
  size: number
}

/** Where `scrollToIndex` puts the row: `auto` scrolls only when it is not fully in view. */
export type PickerScrollAlign = 'auto' | 'start' | 'center' | 'end'

/** The picker's row window (`usePicker().virtualizer`): fixed-height rows, keyed by index. */
export interface PickerRowWindow {
  /** The rows in (and near) the viewport, in order. */
  getVirtualItems: () => PickerVirtualItem[]
  /** The height of all rows, in px. */
  getTotalSize: () => number
  /** The place of row `index`, rendered or not (e.g. a group's header scrolled past). */
  itemAt: (index: number) => PickerVirtualItem | undefined
  /** Scrolls row `index` into view. @default align 'auto' */
  scrollToIndex: (index: number, options?: { align?: PickerScrollAlign | undefined }) => void
  /** The viewport's height in px (`initialRect`'s before layout; 0 when unknown). */
  viewportHeight: number
  /** Row height in px. */
  rowHeight: number
}

/** The rows in view, before overscan and before the count clamps them. */
export interface RowsInView {
  first: number
  last: number
}

/** The rows a viewport of `height` px scrolled to `top` shows (at least the row at `top`). */
export function rowsInView(top: number, height: number, rowHeight: number): RowsInView {
  const first = Math.max(0, Math.floor(top / rowHeight))
  const last = Math.max(first, Math.ceil((top + height) / rowHeight) - 1)
  return { first, last }
}

/** The first and last index to render: the rows in view and `overscan` more each side. */
export function renderedRange(
  inView: RowsInView,
  count: number,
  overscan: number,
): { first: number; last: number } {
  if (count === 0) return { first: 0, last: -1 }
  const last = Math.min(count - 1, inView.last + overscan)
  const first = Math.max(0, Math.min(inView.first, last) - overscan)
  return { first, last }
}

export function itemOf(index: number, rowHeight: number): PickerVirtualItem {
  const start = index * rowHeight
  return { index, key: index, start, end: start + rowHeight, size: rowHeight }
}

/**
 * The scroll offset that brings row `index` into view, or null when it needs none. `auto`
 * leaves a row fully in view where it is, else moves the least: its top edge to the top,
 * or its bottom edge to the bottom.
 */
export function scrollOffsetFor(
  index: number,
  align: PickerScrollAlign,
  view: { top: number; height: number },
  rowHeight: number,
  count: number,
): number | null {
  const start = index * rowHeight
  const end = start + rowHeight
  let offset: number
  if (align === 'start') offset = start
  else if (align === 'end') offset = end - view.height
  else if (align === 'center') offset = start + rowHeight / 2 - view.height / 2
  else if (start < view.top) offset = start
  else if (end > view.top + view.height) offset = end - view.height
  else return null
  const most = Math.max(0, count * rowHeight - view.height)
  return Math.min(most, Math.max(0, offset))
}
