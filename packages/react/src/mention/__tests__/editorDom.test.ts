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

  it('lets a space continue the query, but not a line break or a leading space', () => {
    const root = editor()
    const text = document.createTextNode('see @read me')
    root.append(text)
    expect(findTrigger(root, caret(text, text.length))).toMatchObject({
      query: 'read me',
      start: 4,
    })
    text.data = 'see @ me'
    expect(findTrigger(root, caret(text, text.length))).toBeNull()
    text.data = 'see @read\nme'
    expect(findTrigger(root, caret(text, text.length))).toBeNull()
  })

  it('reads the first keystroke of a value typed into a new text node after the draft', () => {
    const root = editor()
    const draft = document.createElement('span')
    draft.setAttribute(DRAFT_ATTR, '')
    // findTrigger left an empty text node after the draft; the browser typed into another.
    const empty = document.createTextNode('')
    const typed = document.createTextNode('p')
    root.append(draft, empty, typed)
    const selection = caret(typed, 1)
    const match = findTrigger(root, selection)
    expect(match).toMatchObject({ query: 'p', start: 0, end: 1, draft })
    // The edits of the next keystrokes work on this node: it must still be in the editor.
    expect(match?.node.isConnected).toBe(true)
    expect(selection.anchorNode).toBe(match?.node)
    expect(selection.anchorOffset).toBe(1)
  })
})
