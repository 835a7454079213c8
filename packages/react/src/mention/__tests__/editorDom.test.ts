import { describe, expect, it } from 'vitest'
import { DRAFT_ATTR, findTrigger, readSegments, writeSegments } from '../editorDom.ts'
import type { MentionSegment } from '../mentionToken.ts'

function editor(): HTMLDivElement {
  const root = document.createElement('div')
  root.contentEditable = 'true'
  document.body.replaceChildren(root)
  return root
}

function caret(node: Node, offset: number): Selection {
  const selection = document.getSelection()!
  selection.collapse(node, offset)
  return selection
}

const mention = { serverId: 'demo', uri: 'file:///a.md', label: 'a.md' }

describe('editorDom', () => {
  it('writes segments as text and chips, and reads them back', () => {
    const root = editor()
    const segments: MentionSegment[] = [
      { type: 'text', text: 'see ' },
      { type: 'mention', mention },
      { type: 'text', text: ' and\nmore' },
    ]
    writeSegments(root, segments)
    expect(root.querySelector('[data-rk-mention]')?.textContent).toBe('@a.md')
    expect(readSegments(root)).toEqual(segments)
  })

  it('reads line breaks the browser inserts (<br>, <div>) as newlines, ignoring a trailing <br>', () => {
    const root = editor()
    root.innerHTML = 'one<br>two<div>three</div><br>'
    expect(readSegments(root)).toEqual([{ type: 'text', text: 'one\ntwo\nthree' }])
  })

  it('finds the @query before the caret, not an @ inside a word', () => {
    const root = editor()
    const text = document.createTextNode('mail a@b and @rea')
    root.append(text)
    expect(findTrigger(root, caret(text, text.length))).toMatchObject({
      query: 'rea',
      start: 13,
      end: 17,
    })
    expect(findTrigger(root, caret(text, 8))).toBeNull()
  })

  it('continues a template draft: the text after it is the value being typed', () => {
    const root = editor()
    const draft = document.createElement('span')
    draft.setAttribute(DRAFT_ATTR, '')
    const value = document.createTextNode('pro')
    root.append('x ', draft, value)
    expect(findTrigger(root, caret(value, 3))).toMatchObject({ query: 'pro', start: 0, draft })
  })
})
