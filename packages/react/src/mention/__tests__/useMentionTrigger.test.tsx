import { act, renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useMentionTrigger } from '../useMentionTrigger.ts'

function editorWith(text: string) {
  const root = document.createElement('div')
  root.contentEditable = 'true'
  const node = document.createTextNode(text)
  root.append(node)
  document.body.replaceChildren(root)
  return { root, node, editorRef: { current: root } }
}

const caret = (node: Node, offset: number) => document.getSelection()?.collapse(node, offset)

describe('useMentionTrigger', () => {
  it('reads the @query at the caret, one session per @', () => {
    const { node, editorRef } = editorWith('hi @al')
    const { result } = renderHook(() => useMentionTrigger({ editorRef }))
    caret(node, node.length)
    act(() => result.current.sync())
    expect(result.current.trigger).toMatchObject({ query: 'al', inDraft: false })
    const first = result.current.trigger?.session
    node.appendData('pha')
    caret(node, node.length)
    act(() => result.current.sync())
    expect(result.current.trigger).toMatchObject({ query: 'alpha', session: first })
    node.appendData(' and @b')
    caret(node, node.length)
    act(() => result.current.sync())
    expect(result.current.trigger?.query).toBe('b')
    expect(result.current.trigger?.session).not.toBe(first)
    caret(node, 1)
    act(() => result.current.sync())
    expect(result.current.trigger).toBeNull()
  })

  it('remembers a dismissed popup and an ended session', () => {
    const { node, editorRef } = editorWith('@x')
    const { result } = renderHook(() => useMentionTrigger({ editorRef }))
    caret(node, 2)
    act(() => {
      result.current.sync()
      result.current.setDismissed(true)
    })
    expect(result.current.dismissed).toBe(true)
    const session = result.current.trigger?.session ?? -1
    expect(result.current.isEnded(session)).toBe(false)
    act(() => result.current.end(session))
    expect(result.current.isEnded(session)).toBe(true)
  })

  it('follows the selection while focused, and runs beforeSync first', () => {
    const { node, editorRef } = editorWith('@doc')
    const calls: string[] = []
    const { result } = renderHook(() =>
      useMentionTrigger({ editorRef, beforeSync: () => calls.push('before') }),
    )
    act(() => result.current.onFocusChange(true))
    expect(result.current.focused).toBe(true)
    act(() => {
      caret(node, 4)
      document.dispatchEvent(new Event('selectionchange'))
    })
    expect(result.current.trigger?.query).toBe('doc')
    expect(calls.length).toBeGreaterThan(0)
  })

  it('keeps the same state when the selection changes but the @query does not', () => {
    const { node, editorRef } = editorWith('@doc')
    let renders = 0
    const { result } = renderHook(() => {
      renders++
      return useMentionTrigger({ editorRef })
    })
    act(() => result.current.onFocusChange(true))
    act(() => {
      caret(node, 4)
      document.dispatchEvent(new Event('selectionchange'))
    })
    const trigger = result.current.trigger
    expect(trigger).toMatchObject({ query: 'doc' })
    const rendersBefore = renders
    // The `selectionchange` that follows each input: the caret is where it was.
    act(() => {
      caret(node, 4)
      document.dispatchEvent(new Event('selectionchange'))
    })
    expect(result.current.trigger).toBe(trigger)
    expect(renders).toBe(rendersBefore)
    act(() => {
      caret(node, 3)
      document.dispatchEvent(new Event('selectionchange'))
    })
    expect(result.current.trigger).toMatchObject({ query: 'do', session: trigger?.session })
    expect(result.current.trigger?.version).toBeGreaterThan(trigger?.version ?? 0)
  })
})
