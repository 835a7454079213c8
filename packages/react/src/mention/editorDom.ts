// The composer's DOM: a contenteditable element holding text, line breaks and mention
// chips (`contenteditable="false"` spans). The DOM is the editing surface; `readSegments`
// turns it into MentionSegment[] and `writeSegments` back. Pastes and drops are inserted
// as plain text and formatting commands are refused (see useMentionComposer), so nothing
// but text, breaks and our chips ever lands in it.
import type { MentionRef, MentionSegment } from './mentionToken.ts'

/** Marks a finished mention chip. */
export const CHIP_ATTR = 'data-rk-mention'
/** Marks the template mention being completed (its variables are still asked). */
export const DRAFT_ATTR = 'data-rk-mention-draft'

const chipData = new WeakMap<Element, MentionRef>()

/** A chip element for one mention; its text is `@label`. */
export function createChip(doc: Document, mention: MentionRef): HTMLSpanElement {
  const chip = doc.createElement('span')
  chip.setAttribute(CHIP_ATTR, '')
  chip.setAttribute('contenteditable', 'false')
  chip.className = 'rk-mention'
  chip.dataset.serverId = mention.serverId
  chip.dataset.uri = mention.uri
  chip.title = `${mention.serverId}: ${mention.uri}`
  chip.textContent = `@${mention.label}`
  chipData.set(chip, mention)
  return chip
}

/** The mention a chip stands for (null for anything else). */
export function chipMention(node: Node): MentionRef | null {
  if (!(node instanceof Element) || !node.hasAttribute(CHIP_ATTR)) return null
  return (
    chipData.get(node) ?? {
      serverId: node.getAttribute('data-server-id') ?? '',
      uri: node.getAttribute('data-uri') ?? '',
      label: (node.textContent ?? '').replace(/^@/, ''),
    }
  )
}

/** The editor's content as segments. A template draft still being completed reads as its text. */
export function readSegments(root: Node): MentionSegment[] {
  const out: MentionSegment[] = []
  const pushText = (text: string) => {
    if (!text) return
    const last = out[out.length - 1]
    if (last?.type === 'text') out[out.length - 1] = { type: 'text', text: last.text + text }
    else out.push({ type: 'text', text })
  }
  const walk = (node: Node) => {
    node.childNodes.forEach((child, index) => {
      const mention = chipMention(child)
      if (mention) out.push({ type: 'mention', mention })
      else if (child.nodeType === Node.TEXT_NODE) pushText(child.nodeValue ?? '')
      else if (child.nodeName === 'BR') {
        // A trailing <br> is the browser's placeholder for an empty last line.
        if (index < node.childNodes.length - 1) pushText('\n')
      } else if (child.nodeName === 'DIV' || child.nodeName === 'P') {
        if (out.length > 0) pushText('\n')
        walk(child)
      } else walk(child)
    })
  }
  walk(root)
  return out
}

/** Replace the editor's content with `segments`. */
export function writeSegments(root: HTMLElement, segments: readonly MentionSegment[]): void {
  const doc = root.ownerDocument
  root.replaceChildren(
    ...segments.map((s) =>
      s.type === 'text' ? doc.createTextNode(s.text) : createChip(doc, s.mention),
    ),
  )
}

/** Where an `@` query starts and ends, in one text node. */
export interface TriggerMatch {
  node: Text
  /** Offset of the `@` (or of the first value character in a template draft). */
  start: number
  /** The caret offset. */
  end: number
  /** What was typed after the `@` (or after the draft). */
  query: string
  /** The template draft this query continues, if any. */
  draft: HTMLElement | null
}

const MAX_QUERY = 120

/** The `@query` (or template-draft value) right before a collapsed caret in `root`. */
export function findTrigger(root: HTMLElement, selection: Selection | null): TriggerMatch | null {
  if (!selection || selection.rangeCount === 0 || !selection.isCollapsed) return null
  let node = selection.anchorNode
  let offset = selection.anchorOffset
  if (!node || !root.contains(node)) return null
  if (node.nodeType === Node.ELEMENT_NODE) {
    // Caret between children: only meaningful right after a draft.
    const before = node.childNodes[offset - 1]
    if (before instanceof HTMLElement && before.hasAttribute(DRAFT_ATTR)) {
      // Give the value a text node to live in, and put the caret there (once).
      let text = before.nextSibling
      if (text?.nodeType !== Node.TEXT_NODE) {
        text = root.ownerDocument.createTextNode('')
        before.after(text)
      }
      selection.collapse(text, 0)
      return { node: text as Text, start: 0, end: 0, query: '', draft: before }
    }
    return null
  }
  if (node.nodeType !== Node.TEXT_NODE || insideChip(root, node)) return null
  // Adjacent text nodes are one run of text.
  let text = (node.nodeValue ?? '').slice(0, offset)
  let first = node as Text
  while (first.previousSibling?.nodeType === Node.TEXT_NODE) {
    first = first.previousSibling as Text
    text = (first.nodeValue ?? '') + text
  }
  if (first !== node) {
    // Merge the run into its first node by hand: normalize() would remove an empty first
    // node (the one made after a draft), and the caret could not be put back into it.
    for (let next = first.nextSibling; next?.nodeType === Node.TEXT_NODE; ) {
      const following: ChildNode | null = next.nextSibling
      first.appendData(next.nodeValue ?? '')
      next.remove()
      next = following
    }
    node = first
    offset = text.length
    selection.collapse(node, offset)
  }
  const prev = first.previousSibling
  if (prev instanceof HTMLElement && prev.hasAttribute(DRAFT_ATTR)) {
    if (text.includes('\n') || text.length > MAX_QUERY) return null
    return { node: node as Text, start: 0, end: offset, query: text, draft: prev }
  }
  // A space may continue the query (multi-word titles): the composer ends the mention
  // once a query with a space matches nothing. A line break always ends it.
  const match = /(?:^|[\s([{"'])@([^\s@][^\n@]*|)$/.exec(text)
  const query = match?.[1]
  if (query === undefined || query.length > MAX_QUERY) return null
  const start = offset - query.length - 1
  return { node: node as Text, start, end: offset, query, draft: null }
}

function insideChip(root: HTMLElement, node: Node): boolean {
  for (let n = node.parentElement; n && n !== root; n = n.parentElement) {
    if (n.hasAttribute(CHIP_ATTR) || n.hasAttribute(DRAFT_ATTR)) return true
  }
  return false
}

/** Put the caret right after `node` (in the following text node when there is one). */
export function caretAfter(node: Node, selection: Selection | null): void {
  if (!selection) return
  const next = node.nextSibling
  if (next?.nodeType === Node.TEXT_NODE) selection.collapse(next, 0)
  else {
    const parent = node.parentNode
    if (parent)
      selection.collapse(parent, Array.prototype.indexOf.call(parent.childNodes, node) + 1)
  }
}

/** The screen rectangle of a text range (the `@` of a query), for placing the popup. */
export function rangeRect(node: Text, start: number, end: number): DOMRect {
  const range = node.ownerDocument.createRange()
  const length = node.length
  range.setStart(node, Math.min(start, length))
  range.setEnd(node, Math.min(Math.max(end, start + 1), length))
  const rect = range.getBoundingClientRect()
  if (rect.width > 0 || rect.height > 0) return rect
  // An empty text node has no box: fall back to its neighbour or the editor.
  const neighbour = node.previousSibling ?? node.parentElement
  return neighbour instanceof Element ? neighbour.getBoundingClientRect() : rect
}
