import { act, render } from '@testing-library/react'
import { StrictMode } from 'react'
import { describe, expect, it } from 'vitest'
import { scrollOffsetFor } from '../rowWindow.ts'
import {
  type PickerRowWindowOptions,
  type PickerWindow,
  usePickerRowWindow,
} from '../usePickerRowWindow.ts'

const ROW = 20

/** happy-dom has no layout: the scroll element's size is what the test says it is. */
function laidOut(el: HTMLElement, width: number, height: number) {
  Object.defineProperty(el, 'clientHeight', { configurable: true, value: height })
  Object.defineProperty(el, 'clientWidth', { configurable: true, value: width })
}

interface Seen {
  win: PickerWindow | null
  renders: number
}

function List({
  count,
  options,
  height,
  seen,
}: {
  count: number
  options: PickerRowWindowOptions
  height: number | undefined
  seen: Seen
}) {
  const win = usePickerRowWindow(count, { estimateRowHeight: ROW, ...options })
  seen.win = win
  seen.renders++
  return (
    <div
      data-testid="scroller"
      ref={(el) => {
        if (el && height !== undefined) laidOut(el, 300, height)
        win.scrollRef.current = el
      }}
    >
      {win.rowWindow.getVirtualItems().map((item) => (
        <div key={item.key} data-index={item.index} />
      ))}
    </div>
  )
}

function mount(count: number, options: PickerRowWindowOptions, size?: { height: number }) {
  const seen: Seen = { win: null, renders: 0 }
  const view = render(
    <StrictMode>
      <List count={count} options={options} height={size?.height} seen={seen} />
    </StrictMode>,
  )
  const el = view.getByTestId('scroller')
  const rendered = () =>
    [...el.querySelectorAll('[data-index]')].map((n) => Number(n.getAttribute('data-index')))
  const scrollTo = (top: number) =>
    act(() => {
      el.scrollTop = top
      el.dispatchEvent(new Event('scroll'))
    })
  const setOptions = (next: PickerRowWindowOptions) =>
    view.rerender(
      <StrictMode>
        <List count={count} options={next} height={size?.height} seen={seen} />
      </StrictMode>,
    )
  return { el, seen, rendered, scrollTo, setOptions, win: () => seen.win! }
}

const span = (first: number, last: number) =>
  Array.from({ length: last - first + 1 }, (_, i) => first + i)

describe('usePickerRowWindow', () => {
  it('renders the rows in view and `overscan` more each side, from the scroll offset and height', () => {
    const { rendered, scrollTo, win } = mount(1000, { overscan: 2 }, { height: 100 })
    // 100 px of 20 px rows at the top: rows 0–4, and 2 below.
    expect(rendered()).toEqual(span(0, 6))
    // At 205 px, rows 10 (partly) to 15 (partly) are in view.
    scrollTo(205)
    expect(rendered()).toEqual(span(8, 17))
    expect(win().rowWindow.getVirtualItems()[0]).toEqual({
      index: 8,
      key: 8,
      start: 160,
      end: 180,
      size: 20,
    })
    expect(win().rowWindow.getTotalSize()).toBe(20_000)
    expect(win().isRendered(17)).toBe(true)
    expect(win().isRendered(18)).toBe(false)
    // The end of the list: no row past the last.
    scrollTo(19_900)
    expect(rendered()).toEqual(span(993, 999))
  })

  it('keeps initialRect while the element measures 0×0 (no layout, a hidden panel)', () => {
    const { rendered, win } = mount(1000, { overscan: 1, initialRect: { width: 300, height: 200 } })
    expect(rendered()).toEqual(span(0, 10))
    expect(win().rowWindow.viewportHeight).toBe(200)
    expect(win().pageSize()).toBe(9)
  })

  it('places the rows again when the row height changes, without a scroll', () => {
    const { rendered, scrollTo, setOptions, win } = mount(1000, { overscan: 0 }, { height: 100 })
    scrollTo(400)
    expect(rendered()).toEqual(span(20, 24))
    setOptions({ overscan: 0, estimateRowHeight: 40 })
    expect(rendered()).toEqual(span(10, 12))
    expect(win().rowWindow.itemAt(10)).toMatchObject({ start: 400, size: 40 })
  })

  it('re-renders only when the rows in view change, not on each pixel scrolled', () => {
    // 110 px of 20 px rows: rows 0–5 are in view from 0 to 10 px scrolled, 0–6 past that.
    const { seen, scrollTo, rendered } = mount(1000, { overscan: 2 }, { height: 110 })
    expect(rendered()).toEqual(span(0, 7))
    const before = seen.renders
    scrollTo(4)
    scrollTo(10)
    expect(seen.renders).toBe(before)
    scrollTo(15)
    expect(seen.renders).toBeGreaterThan(before)
    expect(rendered()).toEqual(span(0, 8))
  })

  it('scrolls a row into view with align auto only when it is not fully in view, and the least', () => {
    const { el, win, rendered, scrollTo } = mount(1000, { overscan: 0 }, { height: 100 })
    scrollTo(200)
    // Rows 10–14 are fully in view: nothing moves.
    act(() => win().rowWindow.scrollToIndex(14, { align: 'auto' }))
    expect(el.scrollTop).toBe(200)
    act(() => win().rowWindow.scrollToIndex(10))
    expect(el.scrollTop).toBe(200)
    // Row 15 is below: its bottom edge comes to the bottom.
    act(() => win().rowWindow.scrollToIndex(15, { align: 'auto' }))
    expect(el.scrollTop).toBe(220)
    // The row is rendered with the scroll, before any scroll event.
    expect(rendered()).toEqual(span(11, 15))
    // Row 3 is above: its top edge comes to the top.
    act(() => win().rowWindow.scrollToIndex(3, { align: 'auto' }))
    expect(el.scrollTop).toBe(60)
    act(() => win().rowWindow.scrollToIndex(500, { align: 'center' }))
    expect(el.scrollTop).toBe(500 * 20 + 10 - 50)
  })
})

describe('scrollOffsetFor', () => {
  const view = { top: 200, height: 100 }
  it('aligns a row to the start, the end or the centre, within the list', () => {
    expect(scrollOffsetFor(30, 'start', view, ROW, 1000)).toBe(600)
    expect(scrollOffsetFor(30, 'end', view, ROW, 1000)).toBe(520)
    expect(scrollOffsetFor(30, 'center', view, ROW, 1000)).toBe(560)
    expect(scrollOffsetFor(1, 'end', view, ROW, 1000)).toBe(0)
    expect(scrollOffsetFor(999, 'start', view, ROW, 1000)).toBe(19_900)
  })

  it('leaves a row fully in view where it is with auto, and moves a partly hidden one', () => {
    expect(scrollOffsetFor(10, 'auto', view, ROW, 1000)).toBeNull()
    expect(scrollOffsetFor(14, 'auto', view, ROW, 1000)).toBeNull()
    expect(scrollOffsetFor(10, 'auto', { top: 190, height: 100 }, ROW, 1000)).toBeNull()
    expect(scrollOffsetFor(9, 'auto', { top: 195, height: 100 }, ROW, 1000)).toBe(180)
    expect(scrollOffsetFor(14, 'auto', { top: 195, height: 100 }, ROW, 1000)).toBe(200)
  })
})
