// BEHAVIOUR: the virtual window over the rows (@tanstack/react-virtual, fixed row height).
// It is given a count and a size, no row: items are keyed by index, so its measurements are
// made again only when the count changes (a flat array of numbers), never on a re-render.
// `initialRect` stands in for layout where there is none (tests, SSR, a hidden panel): a
// 0×0 measurement keeps it instead of collapsing the window to nothing.
import {
  observeElementRect,
  type Rect,
  useVirtualizer,
  type Virtualizer,
} from '@tanstack/react-virtual'
import { type MutableRefObject, useRef } from 'react'

export type PickerVirtualizer = Virtualizer<HTMLElement, HTMLElement>

export interface PickerVirtualizerOptions {
  /** Row height in px. @default 32 */
  estimateRowHeight?: number | undefined
  /** Rows rendered beyond the viewport. @default 10 */
  overscan?: number | undefined
  /** Viewport size before layout. */
  initialRect?: { width: number; height: number } | undefined
}

/** What `usePickerVirtualizer` returns. */
export interface PickerWindow {
  /** The virtualizer (scrollToIndex, measurements). */
  virtualizer: PickerVirtualizer
  /** The scrolling element (set by `getListProps`). */
  scrollRef: MutableRefObject<HTMLElement | null>
  /** Row height in px. */
  rowHeight: number
  /** Rows per page (PageUp/PageDown). */
  pageSize: () => number
  /** Whether row `index` is in the DOM now. */
  isRendered: (index: number) => boolean
}

export function usePickerVirtualizer(
  count: number,
  options: PickerVirtualizerOptions,
): PickerWindow {
  const scrollRef = useRef<HTMLElement | null>(null)
  const rowHeight = options.estimateRowHeight ?? 32
  const initialRect = options.initialRect
  const virtualizer = useVirtualizer<HTMLElement, HTMLElement>({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: options.overscan ?? 10,
    ...(initialRect
      ? {
          initialRect,
          observeElementRect: (instance: PickerVirtualizer, cb: (rect: Rect) => void) =>
            observeElementRect(instance, (rect) =>
              cb(rect.width === 0 && rect.height === 0 ? initialRect : rect),
            ),
        }
      : {}),
  })
  const items = virtualizer.getVirtualItems()
  const first = items[0]?.index ?? 0
  const last = items[items.length - 1]?.index ?? -1
  return {
    virtualizer,
    scrollRef,
    rowHeight,
    pageSize: () =>
      Math.max(1, Math.floor((virtualizer.scrollRect?.height ?? 320) / rowHeight) - 1),
    isRendered: (index) => index >= first && index <= last,
  }
}
