// Typos: two letters swapped (`buttno`), one letter too many (`buttton`), one wrong
// (`buttin`) or missing (`buton`). A typo rarely hits the first letters, so the words to
// check are those starting like the query — a prefix range of the word index, or the range
// of the query with a swap or a deletion among its first letters — and each is checked
// with a bounded edit distance. Nothing scans all items.

/** How many edits a query of `length` compact characters may contain: 0 below 4, 1 up to 7, then 2. */
export function allowedEdits(length: number): number {
  if (length < 4) return 0
  return length < 8 ? 1 : 2
}

/** Characters of the query a typo is assumed to spare when choosing the ranges to check. */
export const ANCHOR_LENGTH = 5

/**
 * Prefixes whose word ranges hold the typo's targets when the typo is among the first
 * ANCHOR_LENGTH characters: the query with one swap or one deletion there, cut to that length.
 */
export function typoAnchors(query: string): string[] {
  const anchors = new Set<string>()
  const head = Math.min(ANCHOR_LENGTH, query.length - 1)
  for (let i = 0; i < head; i++) {
    if (query[i] !== query[i + 1]) {
      const swapped = query.slice(0, i) + query[i + 1] + query[i] + query.slice(i + 2)
      anchors.add(swapped.slice(0, ANCHOR_LENGTH))
    }
    const deleted = query.slice(0, i) + query.slice(i + 1)
    if (deleted.length >= 3) anchors.add(deleted.slice(0, ANCHOR_LENGTH))
  }
  anchors.delete(query.slice(0, ANCHOR_LENGTH))
  return [...anchors]
}

/**
 * Reusable buffers for `typoDistance`: three rows of the table, the query's and the
 * text's character codes. The table is filled from typed arrays only, so its loop stays
 * one piece of optimized code whatever string representation a segment's text has (a
 * one-byte and a two-byte text through the same `charCodeAt` loop cost V8 a deoptimization
 * each time it met the other, during a user's first typo at 100,000 items).
 */
export class TypoScratch {
  older = new Int32Array(0)
  previous = new Int32Array(0)
  current = new Int32Array(0)
  queryCodes = new Int32Array(0)
  textCodes = new Int32Array(0)
  #query = ''

  ensure(width: number): void {
    if (this.older.length >= width) return
    this.older = new Int32Array(width * 2)
    this.previous = new Int32Array(width * 2)
    this.current = new Int32Array(width * 2)
    this.textCodes = new Int32Array(width * 2)
  }

  /** `query`'s character codes in `queryCodes` (kept while the query stays the same). */
  setQuery(query: string): void {
    if (query === this.#query) return
    this.#query = query
    if (this.queryCodes.length < query.length) this.queryCodes = new Int32Array(query.length * 2)
    copyCodes(query, 0, query.length, this.queryCodes)
  }
}

function copyCodes(text: string, from: number, count: number, into: Int32Array): void {
  for (let i = 0; i < count; i++) into[i] = text.charCodeAt(from + i)
}

/**
 * The fewest edits (insert, delete, substitute, swap adjacent) turning `query` into some
 * prefix of `text[position, end)` — or `maxEdits + 1` when more are needed.
 */
export function typoDistance(
  text: string,
  position: number,
  end: number,
  query: string,
  maxEdits: number,
  scratch: TypoScratch,
): number {
  const m = query.length
  const n = Math.min(end - position, m + maxEdits)
  if (n < m - maxEdits) return maxEdits + 1
  scratch.ensure(n + 1)
  scratch.setQuery(query)
  const q = scratch.queryCodes
  const t = scratch.textCodes
  copyCodes(text, position, n, t)
  let older = scratch.older
  let previous = scratch.previous
  let current = scratch.current
  for (let j = 0; j <= n; j++) previous[j] = j
  for (let i = 1; i <= m; i++) {
    const qi = q[i - 1]!
    current[0] = i
    let rowBest = i
    for (let j = 1; j <= n; j++) {
      const tj = t[j - 1]!
      let best = previous[j - 1]! + (qi === tj ? 0 : 1)
      const remove = previous[j]! + 1
      if (remove < best) best = remove
      const insert = current[j - 1]! + 1
      if (insert < best) best = insert
      if (i > 1 && j > 1 && qi === t[j - 2]! && q[i - 2]! === tj && older[j - 2]! + 1 < best) {
        best = older[j - 2]! + 1
      }
      current[j] = best
      if (best < rowBest) rowBest = best
    }
    if (rowBest > maxEdits) return maxEdits + 1
    const done = older
    older = previous
    previous = current
    current = done
  }
  let best = maxEdits + 1
  for (let j = Math.max(0, m - maxEdits); j <= n; j++) if (previous[j]! < best) best = previous[j]!
  return best
}
