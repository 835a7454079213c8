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

/** Reusable rows for `typoDistance`. */
export class TypoScratch {
  rows: Int32Array[] = [new Int32Array(0), new Int32Array(0), new Int32Array(0)]

  ensure(width: number): Int32Array[] {
    if (this.rows[0]!.length < width) this.rows = this.rows.map(() => new Int32Array(width * 2))
    return this.rows
  }
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
  let [older, previous, current] = scratch.ensure(n + 1) as [Int32Array, Int32Array, Int32Array]
  for (let j = 0; j <= n; j++) previous[j] = j
  for (let i = 1; i <= m; i++) {
    const q = query.charCodeAt(i - 1)
    current[0] = i
    let rowBest = i
    for (let j = 1; j <= n; j++) {
      const t = text.charCodeAt(position + j - 1)
      let best = previous[j - 1]! + (q === t ? 0 : 1)
      const remove = previous[j]! + 1
      if (remove < best) best = remove
      const insert = current[j - 1]! + 1
      if (insert < best) best = insert
      if (
        i > 1 &&
        j > 1 &&
        q === text.charCodeAt(position + j - 2) &&
        query.charCodeAt(i - 2) === t &&
        older[j - 2]! + 1 < best
      ) {
        best = older[j - 2]! + 1
      }
      current[j] = best
      if (best < rowBest) rowBest = best
    }
    if (rowBest > maxEdits) return maxEdits + 1
    ;[older, previous, current] = [previous, current, older]
  }
  let best = maxEdits + 1
  for (let j = Math.max(0, m - maxEdits); j <= n; j++) if (previous[j]! < best) best = previous[j]!
  return best
}
