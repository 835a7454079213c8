import { expandTemplate, templateVariables } from '@resource-kit/client'
import { act, renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { findTrigger, readSegments, type TriggerMatch } from '../editorDom.ts'
import { useMentionDraft } from '../useMentionDraft.ts'

const template = { uriTemplate: 'db://{schema}/{table}{?limit}', name: 'Table' }

function setup(text = '@tab') {
  const root = document.createElement('div')
  root.contentEditable = 'true'
  root.append(document.createTextNode(text))
  document.body.replaceChildren(root)
  document.getSelection()?.collapse(root.firstChild as Text, text.length)
  const triggerRef: { current: TriggerMatch | null } = { current: null }
  const read = () => {
    triggerRef.current = findTrigger(root, document.getSelection())
  }
  read()
  const hook = renderHook(() => useMentionDraft({ triggerRef, templateVariables, expandTemplate }))
  /** Types `value` after the draft, as the browser would. */
  const type = (value: string) => {
    const draft = root.querySelector('[data-rk-mention-draft]') as HTMLElement
    const node = draft.nextSibling as Text
    node.data = value
    document.getSelection()?.collapse(node, value.length)
    read()
  }
  return { root, read, type, ...hook }
}

describe('useMentionDraft', () => {
  it('asks each variable in order, keeps answers, and ends in a chip of the expanded URI', () => {
    const { root, result, type, read } = setup()
    act(() => result.current.start('demo', template))
    expect(result.current.variable).toBe('schema')
    expect(result.current.draft?.optional).toEqual(new Set(['limit']))
    expect(root.textContent).toBe('@Table › schema: ')
    read()
    type('prod')
    act(() => result.current.answer('prod'))
    expect(root.querySelector('[data-rk-mention-draft]')?.textContent).toBe(
      '@Table › schema: prod › table: ',
    )
    read()
    act(() => result.current.answer('users'))
    read()
    act(() => result.current.answer(''))
    expect(result.current.draft).toBeNull()
    expect(readSegments(root)).toEqual([
      {
        type: 'mention',
        mention: { serverId: 'demo', uri: 'db://prod/users', label: 'Table: prod / users' },
      },
      { type: 'text', text: ' ' },
    ])
  })

  it('goes back a variable, then says so at the first; cancel puts the @query back', () => {
    const { root, result, read } = setup()
    act(() => result.current.start('demo', template))
    read()
    act(() => result.current.answer('prod'))
    act(() => {
      expect(result.current.back()).toBe(true)
    })
    expect(result.current.variable).toBe('schema')
    act(() => {
      expect(result.current.back()).toBe(false)
    })
    read()
    act(() => result.current.cancel())
    expect(result.current.draft).toBeNull()
    expect(root.textContent).toBe('@tab')
  })

  it('descends into a folder value: it becomes the typed value, the variable stays', () => {
    const { root, result, type } = setup()
    act(() => result.current.start('demo', template))
    type('sr')
    act(() => result.current.descend('src/'))
    expect(result.current.variable).toBe('schema')
    const draft = root.querySelector('[data-rk-mention-draft]')
    expect(draft?.nextSibling?.textContent).toBe('src/')
    expect(document.getSelection()?.anchorOffset).toBe(4)
  })

  it('drops a draft whose chip was deleted', () => {
    const { root, result } = setup()
    act(() => result.current.start('demo', template))
    root.querySelector('[data-rk-mention-draft]')?.remove()
    act(() => result.current.dropIfRemoved())
    expect(result.current.draft).toBeNull()
  })
})
