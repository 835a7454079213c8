// BEHAVIOUR: the virtual window over the rows (fixed row height; the arithmetic is in
// rowWindow.ts). It follows the scroll element's scroll offset (a passive listener) and
// its size (a ResizeObserver), and re-renders only when the rows in view change, not on
// every pixel scrolled. `initialRect` stands in for layout where there is none (tests, SSR,
// a hidden panel): a 0×0 measurement keeps it instead of collapsing the window to nothing.
// No `window` or `document` at import or in render, so it renders on a server.
import {
  type MutableRefObject,
  useCallback,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react'
import {
  itemOf,
  type PickerRowWindow,
  type PickerScrollAlign,
  type RowsInView,
  renderedRange,
  rowsInView,
  scrollOffsetFor,
} from './rowWindow.ts'

export interface PickerRowWindowOptions {
  /** Row height in px. @default 32 */
  estimateRowHeight?: number | undefined
  /** Rows rendered beyond the viewport. @default 10 */
  overscan?: number | undefined
  /** Viewport size before layout. */
  initialRect?: { width: number; height: number } | undefined
}

/** What `usePickerRowWindow` returns. */
export interface PickerWindow {
  /** The row window (what `usePicker().virtualizer` is). */
  rowWindow: PickerRowWindow
  /** The scrolling element (set by `getListProps`). */
  scrollRef: MutableRefObject<HTMLElement | null>
  /** Row height in px. */
  rowHeight: number
  /** Rows per page (PageUp/PageDown). */
  pageSize: () => number
  /** Whether row `index` is in the DOM now. */
  isRendered: (index: number) => boolean
}

/** What a render depends on: the rows in view and the viewport's height. */
interface Shown extends RowsInView {
  height: number
}

const sameShown = (a: Shown, b: Shown) =>
  a.first === b.first && a.last === b.last && a.height === b.height

export function usePickerRowWindow(count: number, options: PickerRowWindowOptions): PickerWindow {
  const scrollRef = useRef<HTMLElement | null>(null)
  const rowHeight = options.estimateRowHeight ?? 32
  const overscan = options.overscan ?? 10
  const initialHeight = options.initialRect?.height ?? 0
  const [shown, setShown] = useState<Shown>(() => ({
    ...rowsInView(0, initialHeight, rowHeight),
    height: initialHeight,
  }))
  // The latest numbers, read by the listeners and by scrollToIndex between renders.
  const live = useRef({
    count,
    rowHeight,
    initialRect: options.initialRect,
    shown,
    height: initialHeight,
  })
  live.current.count = count
  live.current.rowHeight = rowHeight
  live.current.initialRect = options.initialRect

  /** Reads the element's scroll offset and height; re-renders when the rows in view change. */
  const sync = useCallback((el: HTMLElement) => {
    const now = live.current
    const rect = now.initialRect
    const unlaid = el.clientHeight === 0 && el.clientWidth === 0
    const height = unlaid && rect ? rect.height : el.clientHeight
    now.height = height
    const next = { ...rowsInView(el.scrollTop, height, now.rowHeight), height }
    if (sameShown(now.shown, next)) return
    now.shown = next
    setShown(next)
  }, [])

  // Follows the scroll element `getListProps` gives the ref, and the next one if it changes.
  const attached = useRef<{ el: HTMLElement; detach: () => void } | null>(null)
  useLayoutEffect(() => {
    const el = scrollRef.current
    if (attached.current?.el === el) return
    attached.current?.detach()
    attached.current = el ? { el, detach: follow(el, () => sync(el)) } : null
    if (el) sync(el)
  })
  // A new row height or stand-in size moves the rows in view without a scroll.
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-measured when these change
  useLayoutEffect(() => {
    if (scrollRef.current) sync(scrollRef.current)
  }, [sync, rowHeight, initialHeight])
  useLayoutEffect(
    () => () => {
      attached.current?.detach()
      attached.current = null
    },
    [],
  )

  const scrollToIndex = useCallback(
    (index: number, scroll?: { align?: PickerScrollAlign | undefined }) => {
      const el = scrollRef.current
      const now = live.current
      if (!el || now.count === 0) return
      const at = Math.min(now.count - 1, Math.max(0, index))
      const view = { top: el.scrollTop, height: now.height }
      const offset = scrollOffsetFor(at, scroll?.align ?? 'auto', view, now.rowHeight, now.count)
      if (offset === null) return
      el.scrollTop = offset
      // The rows at the new offset render with the change that asked for them, not a frame
      // later when the scroll event arrives.
      sync(el)
    },
    [sync],
  )

  const { first, last } = renderedRange(shown, count, overscan)
  const items = useMemo(
    () => Array.from({ length: last - first + 1 }, (_, i) => itemOf(first + i, rowHeight)),
    [first, last, rowHeight],
  )
  const rowWindow = useMemo<PickerRowWindow>(
    () => ({
      getVirtualItems: () => items,
      getTotalSize: () => count * rowHeight,
      itemAt: (index) =>
        index >= 0 && index < count && Number.isInteger(index)
          ? itemOf(index, rowHeight)
          : undefined,
      scrollToIndex,
      viewportHeight: shown.height,
      rowHeight,
    }),
    [items, count, rowHeight, scrollToIndex, shown.height],
  )
  return {
    rowWindow,
    scrollRef,
    rowHeight,
    // Unknown before layout without `initialRect`: 320 px, a usual popup's height.
    pageSize: () => Math.max(1, Math.floor((shown.height || 320) / rowHeight) - 1),
    isRendered: (index) => index >= first && index <= last,
  }
}

/** Calls `onChange` on each scroll of `el` and each change of its size; returns the undo. */
function follow(el: HTMLElement, onChange: () => void): () => void {
  el.addEventListener('scroll', onChange, { passive: true })
  const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(onChange)
  observer?.observe(el)
  return () => {
    el.removeEventListener('scroll', onChange)
    observer?.disconnect()
  }
}
