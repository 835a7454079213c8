// One field of every item, compacted into one string with a line break after each item:
// built from a single buffer (one decode instead of one per item), and searchable in one
// native `indexOf` pass. A match never crosses items: compact text has no line breaks.
// A bit per character records where words start, so a match can tell whether it runs
// from one word into the next from the middle of a word (a scattered match).
import { appendCompact } from './compact.ts'

export const ITEM_SEPARATOR = 10

export class FieldText {
  /** Every item's compact text, each followed by a line break. */
  readonly text: string
  /** Where each item starts in `text`; `start[count]` is the end. */
  readonly start: Int32Array
  /** Bit `p` is set when a word starts at `text[p]`. */
  readonly wordStarts: Uint8Array

  constructor(text: string, start: Int32Array, wordStarts: Uint8Array) {
    this.text = text
    this.start = start
    this.wordStarts = wordStarts
  }

  /** Whether a word starts at global position `position`. */
  isWordStart(position: number): boolean {
    return (this.wordStarts[position >> 3]! & (1 << (position & 7))) !== 0
  }

  /**
   * Whether a match of `length` at global `position` is scattered: it starts inside a word
   * and runs into the next one (`readme` in `thread-merge`). A match from a word start, or
   * within one word (`config` in `tsconfig`), is a run.
   */
  isScattered(position: number, length: number): boolean {
    if (this.isWordStart(position)) return false
    for (let p = position + 1; p < position + length; p++) if (this.isWordStart(p)) return true
    return false
  }

  /** The compact text of `item`. */
  of(item: number): string {
    return this.text.slice(this.start[item]!, this.start[item + 1]! - 1)
  }

  length(item: number): number {
    return this.start[item + 1]! - 1 - this.start[item]!
  }

  /** The item whose text holds `position`. */
  itemAt(position: number): number {
    let low = 0
    let high = this.start.length - 2
    while (low < high) {
      const middle = (low + high + 1) >>> 1
      if (this.start[middle]! <= position) low = middle
      else high = middle - 1
    }
    return low
  }
}

/** Builds a FieldText item by item; the buffer stays readable (`codes`) until `finish()`. */
export class FieldTextBuilder {
  codes: Uint16Array
  size = 0
  readonly #starts: Int32Array
  #wordStarts: Uint8Array
  #count = 0

  constructor(count: number, expectedLength: number) {
    this.codes = new Uint16Array(Math.max(16, expectedLength))
    this.#wordStarts = new Uint8Array((this.codes.length >> 3) + 1)
    this.#starts = new Int32Array(count + 1)
  }

  /** Appends the next item's field; `onWordStart` receives global positions. */
  append(value: string, maxLength: number, onWordStart?: (position: number) => void): void {
    if (this.size + maxLength + 1 > this.codes.length) {
      const grown = new Uint16Array(Math.max(this.codes.length * 2, this.size + maxLength + 1))
      grown.set(this.codes.subarray(0, this.size))
      this.codes = grown
      const bits = new Uint8Array((grown.length >> 3) + 1)
      bits.set(this.#wordStarts)
      this.#wordStarts = bits
    }
    this.#starts[this.#count++] = this.size
    const bits = this.#wordStarts
    const mark = (position: number) => {
      bits[position >> 3]! |= 1 << (position & 7)
      onWordStart?.(position)
    }
    this.size = appendCompact(value, maxLength, this.codes, this.size, mark)
    this.codes[this.size++] = ITEM_SEPARATOR
  }

  finish(): FieldText {
    this.#starts[this.#count] = this.size
    const text = decodeAll(this.codes, this.size)
    this.codes = new Uint16Array(0)
    return new FieldText(text, this.#starts, this.#wordStarts.slice(0, (this.size >> 3) + 1))
  }
}

function decodeAll(codes: Uint16Array, size: number): string {
  const used = codes.subarray(0, size)
  for (let i = 0; i < size; i++) {
    if (used[i]! > 127) return new TextDecoder('utf-16le').decode(used)
  }
  // ASCII only: a one-byte string (half the memory, faster to search).
  const bytes = new Uint8Array(size)
  bytes.set(used)
  return new TextDecoder('latin1').decode(bytes)
}
