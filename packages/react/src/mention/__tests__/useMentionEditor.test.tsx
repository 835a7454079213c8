import { act, render } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { type MentionEditor, useMentionEditor } from '../useMentionEditor.ts'

function Harness(props: {
  defaultValue?: string
  onValueChange?: (value: string) => void
  api: { current: MentionEditor | null }
}) {
  const editor = useMentionEditor({ ...props, hasDraft: () => false })
  props.api.current = editor
  return <div ref={editor.editorRef} contentEditable suppressContentEditableWarning />
}

describe('useMentionEditor', () => {
  it('restores the initial draft with its chips, and reports changes', () => {
    const api: { current: MentionEditor | null } = { current: null }
    const onValueChange = vi.fn()
    const value = 'see @[A](mcp://demo/file:///a.md) now'
    const { container } = render(
      <Harness api={api} defaultValue={value} onValueChange={onValueChange} />,
    )
    expect(container.querySelector('[data-rk-mention]')?.textContent).toBe('@A')
    expect(api.current?.getValue()).toBe(value)
    act(() => api.current?.write('plain'))
    act(() => api.current?.emitChange())
    expect(onValueChange).toHaveBeenLastCalledWith('plain', [{ type: 'text', text: 'plain' }])
  })

  it('empties the element when nothing is left, so the placeholder shows', () => {
    const api: { current: MentionEditor | null } = { current: null }
    const { container } = render(<Harness api={api} />)
    const root = container.firstElementChild as HTMLElement
    root.append(document.createElement('br'))
    act(() => api.current?.emitChange())
    expect(root.childNodes).toHaveLength(0)
    act(() => api.current?.write('x'))
    act(() => api.current?.clear())
    expect(api.current?.segments()).toEqual([])
  })
})
