// The composer's edits: each replaces part of a text node (the `@query`, or the typed
// value after a draft) with chips, drafts or text, and leaves the caret after it.
import { caretAfter, createChip, DRAFT_ATTR, type TriggerMatch } from './editorDom.ts'
import type { MentionRef } from './mentionToken.ts'

function selectionOf(node: Node): Selection | null {
  return node.ownerDocument?.getSelection() ?? null
}

/** Replace `[start, end)` of `node` with `nodes`; returns the text node that follows them. */
function replaceText(node: Text, start: number, end: number, nodes: Node[]): Text {
  const after = node.splitText(Math.min(end, node.length))
  node.splitText(Math.min(start, node.length)).remove()
  after.before(...nodes)
  if (node.length === 0 && node.parentNode) node.remove()
  return after
}

/** A chip (and one space) in place of the trigger; the caret goes after the space. */
export function insertChip(trigger: TriggerMatch, mention: MentionRef): HTMLElement {
  const chip = createChip(trigger.node.ownerDocument, mention)
  const start = trigger.draft ? 0 : trigger.start
  const after = replaceText(trigger.node, start, trigger.end, [chip])
  trigger.draft?.remove()
  if (!after.data.startsWith(' ')) after.insertData(0, ' ')
  selectionOf(after)?.collapse(after, 1)
  return chip
}

/** A chip (and a space) at the caret, or at the end when the caret is not in `root`. */
export function insertChipAtCaret(root: HTMLElement, mention: MentionRef): HTMLElement {
  const doc = root.ownerDocument
  const selection = doc.getSelection()
  let text: Text
  let offset: number
  const anchor = selection?.anchorNode
  if (selection && anchor && anchor.nodeType === Node.TEXT_NODE && root.contains(anchor)) {
    text = anchor as Text
    offset = selection.anchorOffset
  } else {
    text = doc.createTextNode('')
    const inRoot = anchor instanceof Element && root.contains(anchor)
    const parent = inRoot ? anchor : root
    const at = inRoot ? parent.childNodes[selection?.anchorOffset ?? 0] : null
    parent.insertBefore(text, at ?? null)
    offset = 0
  }
  const before = text.data.slice(0, offset)
  const chip = createChip(doc, mention)
  // Keep a space between the chip and the word before it.
  const lead = before && !/\s$/.test(before) ? [doc.createTextNode(' ')] : []
  const after = replaceText(text, offset, offset, [...lead, chip])
  if (!after.data.startsWith(' ')) after.insertData(0, ' ')
  selection?.collapse(after, 1)
  return chip
}

/**
 * A chip (and a space) at the end of the draft, the selection left alone: setting it in
 * the editor would move focus there (a side picker that mentions keeps its focus).
 */
export function appendChip(root: HTMLElement, mention: MentionRef): HTMLElement {
  const doc = root.ownerDocument
  const chip = createChip(doc, mention)
  const lead = /(^|\s)$/.test(root.textContent ?? '') ? [] : [doc.createTextNode(' ')]
  const nodes = [...lead, chip, doc.createTextNode(' ')]
  // An emptied contenteditable may end in a <br>: the chip goes before it, on the same line.
  const last = root.lastChild
  if (last?.nodeName === 'BR') last.before(...nodes)
  else root.append(...nodes)
  return chip
}

/** Turn the `@query` into a template draft chip; the caret goes right after it. */
export function insertDraft(trigger: TriggerMatch, text: string): HTMLElement {
  const doc = trigger.node.ownerDocument
  const draft = doc.createElement('span')
  draft.setAttribute(DRAFT_ATTR, '')
  draft.setAttribute('contenteditable', 'false')
  draft.className = 'rk-mention rk-mention-draft'
  draft.textContent = text
  replaceText(trigger.node, trigger.start, trigger.end, [draft])
  caretAfter(draft, selectionOf(draft))
  return draft
}

/** Show the next question in the draft and clear the value typed for the last one. */
export function updateDraft(draft: HTMLElement, trigger: TriggerMatch | null, text: string): void {
  draft.textContent = text
  if (trigger?.draft === draft) trigger.node.deleteData(0, trigger.end)
  caretAfter(draft, selectionOf(draft))
}

/** Cancel a draft: `text` (the original `@query`) replaces it and the value typed in it. */
export function replaceDraftWithText(
  draft: HTMLElement,
  trigger: TriggerMatch | null,
  text: string,
): void {
  const doc = draft.ownerDocument
  const inDraft = trigger?.draft === draft
  const next = draft.nextSibling
  const node = next?.nodeType === Node.TEXT_NODE ? (next as Text) : doc.createTextNode('')
  if (node !== next) draft.after(node)
  if (inDraft) node.deleteData(0, trigger.end)
  node.insertData(0, text)
  draft.remove()
  if (inDraft) doc.getSelection()?.collapse(node, text.length)
}

/** Insert pasted or dropped text as plain text at the caret (line breaks kept). */
export function insertPlainText(root: HTMLElement, text: string): void {
  if (!text) return
  const doc = root.ownerDocument
  // execCommand keeps the browser's undo history; it is still the only API that does.
  if (
    typeof doc.execCommand === 'function' &&
    doc.queryCommandSupported?.('insertText') &&
    doc.execCommand('insertText', false, text)
  ) {
    root.dispatchEvent(new Event('input', { bubbles: true }))
    return
  }
  const selection = doc.getSelection()
  const range = selection && selection.rangeCount > 0 ? selection.getRangeAt(0) : null
  if (!range || !root.contains(range.startContainer)) {
    root.append(doc.createTextNode(text))
    return
  }
  range.deleteContents()
  const node = doc.createTextNode(text)
  range.insertNode(node)
  selection?.collapse(node, node.length)
}

/** Replace the value typed after a draft with `value`; the caret goes to its end. */
export function replaceDraftValue(trigger: TriggerMatch, value: string): void {
  trigger.node.replaceData(0, trigger.end, value)
  trigger.node.ownerDocument.getSelection()?.collapse(trigger.node, value.length)
}
