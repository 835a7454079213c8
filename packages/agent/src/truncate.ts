// Cutting a text to a budget: the largest part from `offset` that fits, ended at a line
// break when one is near, never inside a surrogate pair, with a marker that says what
// was left out and how to ask for the rest. The marker is the host's words: it is kept
// apart from the server's text (a server could write a fake one into its content), and
// the budget pays for both. Offsets are UTF-16 code units (JavaScript string indexes),
// which the model passes back as they came.
import type { Measure } from './budget.ts'

export interface TextPart {
  /** The part of the text: the server's words only. */
  text: string
  /** Set when the part is not the end: what was left out and how to get the rest. */
  marker?: string
  /** Where this part starts in the whole text. */
  offset: number
  /** Where the next part starts; absent when this part reaches the end. */
  nextOffset?: number
  /** Length of the whole text. */
  totalLength: number
  truncated: boolean
}

/** A line break this close to the cut (as a share of the part) is a better place to end. */
const LINE_BREAK_WINDOW = 0.2

/** The marker ending a truncated part; `next` is the offset to pass back, `how` says how. */
export function truncationMarker(offset: number, next: number, total: number, how: string): string {
  return `[… truncated: characters ${offset}–${next} of ${total} shown. ${how}]`
}

/**
 * The part of `text` from `offset` that fits `measure` together with its marker (text and
 * marker priced apart). `how(next)` tells the model how to continue from the offset `next`.
 */
export function takePart(
  text: string,
  offset: number,
  measure: Measure,
  how: (next: number) => string,
): TextPart {
  const total = text.length
  const start = clampOffset(offset, text)
  const rest = text.slice(start)
  if (measure.cost(rest) <= measure.limit) {
    return { text: rest, offset: start, totalLength: total, truncated: false }
  }
  // Room for the marker, priced with the widest numbers it can show.
  const room = Math.max(
    0,
    measure.limit - measure.cost(truncationMarker(total, total, total, how(total))),
  )
  let end = start + largestFit(rest, room, measure)
  if (end > start && isHighSurrogate(text.charCodeAt(end - 1))) end -= 1
  const lineBreak = text.lastIndexOf('\n', end - 1)
  if (lineBreak >= start && end - (lineBreak + 1) <= (end - start) * LINE_BREAK_WINDOW) {
    end = lineBreak + 1
  }
  // Always move on, even when the budget cannot hold one character besides the marker.
  if (end === start) end = start + (isHighSurrogate(text.charCodeAt(start)) ? 2 : 1)
  return {
    text: text.slice(start, end),
    marker: truncationMarker(start, end, total, how(end)),
    offset: start,
    nextOffset: end,
    totalLength: total,
    truncated: true,
  }
}

/**
 * The longest prefix length of `text` that costs at most `room` (cost grows with length).
 * The upper bound is found by doubling first, so a 10 MB text cut to a small budget is
 * never measured whole.
 */
function largestFit(text: string, room: number, measure: Measure): number {
  let low = 0
  let high = Math.min(text.length, 64)
  while (high < text.length && measure.cost(text.slice(0, high)) <= room) {
    low = high
    high = Math.min(text.length, high * 2)
  }
  while (low < high) {
    const middle = Math.ceil((low + high) / 2)
    if (measure.cost(text.slice(0, middle)) <= room) low = middle
    else high = middle - 1
  }
  return low
}

function clampOffset(offset: unknown, text: string): number {
  const value = typeof offset === 'number' && Number.isFinite(offset) ? Math.floor(offset) : 0
  const clamped = Math.min(Math.max(0, value), text.length)
  // An offset inside a surrogate pair starts at the pair.
  return clamped > 0 && isHighSurrogate(text.charCodeAt(clamped - 1)) ? clamped - 1 : clamped
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff
}
