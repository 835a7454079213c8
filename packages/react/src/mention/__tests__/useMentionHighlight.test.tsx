import { act, renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { type UseMentionHighlightOptions, useMentionHighlight } from '../useMentionHighlight.ts'

const base: UseMentionHighlightOptions = {
  count: 5,
  listKey: 'a',
  open: true,
  optionId: (i) => `opt-${i}`,
  editorRef: { current: null },
}

describe('useMentionHighlight', () => {
  it('starts at the first row, moves, and restarts when the list changes', () => {
    const { result, rerender } = renderHook((props) => useMentionHighlight(props), {
      initialProps: base,
    })
    expect(result.current).toMatchObject({ activeIndex: 0, activeDescendant: 'opt-0' })
    act(() => result.current.setActiveIndex(3))
    expect(result.current.activeDescendant).toBe('opt-3')
    rerender({ ...base, listKey: 'b' })
    expect(result.current.activeIndex).toBe(0)
  })

  it('has no active descendant while closed or empty', () => {
    const { result, rerender } = renderHook((props) => useMentionHighlight(props), {
      initialProps: { ...base, open: false },
    })
    expect(result.current.activeDescendant).toBeUndefined()
    rerender({ ...base, count: 0 })
    expect(result.current).toMatchObject({ activeIndex: 0, activeDescendant: undefined })
  })
})
