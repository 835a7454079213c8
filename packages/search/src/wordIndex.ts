// A sorted index of every word start in some fields: each entry is (item, field, position),
// sorted by the compact text that follows it. All entries whose text starts with a prefix
// sit in one contiguous range, found with two binary searches: `src/comp` finds
// `…/src/components/…` and `webapp` finds `web-app` without scanning the items.
import { type FieldText, ITEM_SEPARATOR } from './fieldText.ts'

/** Characters encoded in a key: 0 ends the text, 1–10 digits, 11–36 letters, 37 anything else. */
const BASE = 38
/** Keys hold 5 characters: 38^5 < 2^27, so a key fits an unsigned 32-bit integer. */
const KEY_CHARS = 5
/** The radix sort runs two passes of 14 bits. */
const RADIX_BITS = 14
const RADIX = 1 << RADIX_BITS

function charCode(code: number): number {
  if (code >= 97 && code <= 122) return code - 86
  if (code >= 48 && code <= 57) return code - 47
  return code === ITEM_SEPARATOR ? 0 : 37
}

/** The key of the first KEY_CHARS characters of `text`, padded with `pad`. */
function keyOfText(text: string, pad: number): number {
  let key = 0
  for (let i = 0; i < KEY_CHARS; i++)
    key = key * BASE + (i < text.length ? charCode(text.charCodeAt(i)) : pad)
  return key
}

/** The key of the text at `position` of a buffer of char codes (items end with a line break). */
export function keyAt(codes: Uint16Array, position: number): number {
  let key = 0
  let ended = false
  for (let i = 0; i < KEY_CHARS; i++) {
    const code = ended ? 0 : charCode(codes[position + i]!)
    if (code === 0) ended = true
    key = key * BASE + code
  }
  return key
}

function needsCheck(prefix: string): boolean {
  if (prefix.length > KEY_CHARS) return true
  for (let i = 0; i < prefix.length; i++) if (charCode(prefix.charCodeAt(i)) === 37) return true
  return false
}

/**
 * Visits one entry: `offset` is where the word starts in the item's compact field, `rank`
 * the entry's static rank (lower is better), `letters` the letter mask (see `letterMask`)
 * of the field from the word on. Returning `false` stops the visit.
 */
export type EntryVisitor = (
  item: number,
  field: number,
  offset: number,
  rank: number,
  letters: number,
) => unknown

/** The letter-mask bit of a compact character: a–z, five digit buckets, anything else. */
export function letterBit(code: number): number {
  if (code >= 97 && code <= 122) return 1 << (code - 97)
  if (code >= 48 && code <= 57) return 1 << (26 + ((code - 48) % 5))
  return 1 << 31
}

/** The letters (see `letterBit`) of a compact text. */
export function letterMask(text: string): number {
  let mask = 0
  for (let i = 0; i < text.length; i++) mask |= letterBit(text.charCodeAt(i))
  return mask
}

/** Ranks are 10 bits; offsets 9 bits (fields are cut at 512 characters). */
const RANK_BITS = 10
const RANK_LIMIT = 1 << RANK_BITS
const FIELD_SHIFT = RANK_BITS
const OFFSET_SHIFT = RANK_BITS + 2

export class WordIndex {
  #keys: Uint32Array
  #items: Int32Array
  #meta: Uint32Array
  #letters: Int32Array
  #size = 0
  #texts: readonly FieldText[] = []

  constructor(expectedSize: number) {
    const capacity = Math.max(16, expectedSize)
    this.#keys = new Uint32Array(capacity)
    this.#items = new Int32Array(capacity)
    this.#meta = new Uint32Array(capacity)
    this.#letters = new Int32Array(capacity)
  }

  get size(): number {
    return this.#size
  }

  /**
   * Adds the word of `field` (0–3) of `item` at `offset` (< 512) in its compact text, whose
   * text has `key` (see `keyAt`) and `letters` from there on; `rank` (0–1023, lower is
   * better) orders big ranges.
   */
  add(item: number, field: number, offset: number, key: number, rank: number, letters: number) {
    if (this.#size === this.#keys.length) this.#grow()
    const entry = this.#size++
    this.#keys[entry] = key
    this.#items[entry] = item
    this.#letters[entry] = letters
    const clamped = Math.min(RANK_LIMIT - 1, Math.max(0, rank))
    this.#meta[entry] = ((offset << OFFSET_SHIFT) | (field << FIELD_SHIFT) | clamped) >>> 0
  }

  /** Sorts the entries by key (a stable two-pass radix sort); `texts[field]` are the indexed fields. */
  finish(texts: readonly FieldText[]): void {
    const size = this.#size
    const keys = this.#keys
    const counts = new Int32Array(RADIX)
    const byLow = new Int32Array(size)
    for (let i = 0; i < size; i++) counts[keys[i]! & (RADIX - 1)]!++
    prefixSums(counts)
    for (let i = 0; i < size; i++) byLow[counts[keys[i]! & (RADIX - 1)]!++] = i
    counts.fill(0)
    for (let i = 0; i < size; i++) counts[keys[i]! >>> RADIX_BITS]!++
    prefixSums(counts)
    const sortedKeys = new Uint32Array(size)
    const items = new Int32Array(size)
    const meta = new Uint32Array(size)
    const letters = new Int32Array(size)
    for (let i = 0; i < size; i++) {
      const entry = byLow[i]!
      const at = counts[keys[entry]! >>> RADIX_BITS]!++
      sortedKeys[at] = keys[entry]!
      items[at] = this.#items[entry]!
      meta[at] = this.#meta[entry]!
      letters[at] = this.#letters[entry]!
    }
    this.#keys = sortedKeys
    this.#items = items
    this.#meta = meta
    this.#letters = letters
    this.#texts = texts
  }

  /** How many entries share the first characters of `prefix` (an upper bound of its matches). */
  countPrefix(prefix: string): number {
    const [from, to] = this.#range(prefix)
    return to - from
  }

  /**
   * Visits the entries whose text starts with `prefix` (compact). When there are more than
   * `most`, visits only the best-ranked ones (about `most`, ties included).
   */
  forEachPrefix(prefix: string, visit: EntryVisitor, most = Number.POSITIVE_INFINITY): void {
    if (prefix.length === 0) return
    const [from, to] = this.#range(prefix)
    const check = needsCheck(prefix)
    const cutoff = to - from > most ? this.#cutoff(from, to, most) : RANK_LIMIT
    const meta = this.#meta
    for (let i = from; i < to; i++) {
      const bits = meta[i]!
      const rank = bits & (RANK_LIMIT - 1)
      if (rank >= cutoff) continue
      const item = this.#items[i]!
      const field = (bits >>> FIELD_SHIFT) & 3
      const offset = bits >>> OFFSET_SHIFT
      if (check) {
        const text = this.#texts[field]!
        if (!text.text.startsWith(prefix, text.start[item]! + offset)) continue
      }
      if (visit(item, field, offset, rank, this.#letters[i]!) === false) return
    }
  }

  /** The smallest rank bound that lets at least `most` entries of [from, to) through. */
  #cutoff(from: number, to: number, most: number): number {
    const counts = new Int32Array(RANK_LIMIT)
    for (let i = from; i < to; i++) counts[this.#meta[i]! & (RANK_LIMIT - 1)]!++
    let total = 0
    for (let rank = 0; rank < RANK_LIMIT; rank++) {
      total += counts[rank]!
      if (total >= most) return rank + 1
    }
    return RANK_LIMIT
  }

  #range(prefix: string): [number, number] {
    const low = keyOfText(prefix, 0)
    const high = keyOfText(prefix, BASE - 1) + 1
    return [this.#lowerBound(low), this.#lowerBound(high)]
  }

  #lowerBound(value: number): number {
    const keys = this.#keys
    let low = 0
    let high = this.#size
    while (low < high) {
      const middle = (low + high) >>> 1
      if (keys[middle]! < value) low = middle + 1
      else high = middle
    }
    return low
  }

  #grow(): void {
    const capacity = Math.ceil(this.#keys.length * 1.5)
    const keys = new Uint32Array(capacity)
    keys.set(this.#keys)
    this.#keys = keys
    const items = new Int32Array(capacity)
    items.set(this.#items)
    this.#items = items
    const meta = new Uint32Array(capacity)
    meta.set(this.#meta)
    this.#meta = meta
    const letters = new Int32Array(capacity)
    letters.set(this.#letters)
    this.#letters = letters
  }
}

function prefixSums(counts: Int32Array): void {
  let total = 0
  for (let b = 0; b < counts.length; b++) {
    const count = counts[b]!
    counts[b] = total
    total += count
  }
}
