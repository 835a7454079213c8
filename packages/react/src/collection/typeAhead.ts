// APG tree/listbox type-ahead: typing moves to the next row whose label starts with the
// typed text. Pressing one letter repeatedly ("aaa") cycles through the rows starting with it.

function startsAt(label: string | undefined, prefix: string): boolean {
  return typeof label === 'string' && label.toLowerCase().startsWith(prefix)
}

/** Rows read by index (an array, or rows built when read: only those scanned are read). */
export interface IndexedRows<T> {
  readonly length: number
  at(index: number): T | undefined
}

function scan<T>(
  rows: IndexedRows<T>,
  labelOf: (row: T) => string | undefined,
  from: number,
  prefix: string,
): number {
  const n = rows.length
  for (let k = 0; k < n; k++) {
    const i = (from + k) % n
    const row = rows.at(i)
    if (row !== undefined && startsAt(labelOf(row), prefix)) return i
  }
  return -1
}

/**
 * The index of the row to highlight for typed text, or -1. `startIndex` is the highlighted
 * row (-1 for none). One letter searches from the row after it; a longer prefix from the row
 * itself (it stays put while it still matches); the search wraps past the end, ignores case
 * and skips rows whose label is undefined (e.g. non-navigable ones).
 */
export function typeAhead<T>(
  rows: IndexedRows<T>,
  labelOf: (row: T) => string | undefined,
  startIndex: number,
  prefix: string,
): number {
  const n = rows.length
  if (n === 0 || typeof prefix !== 'string' || prefix === '') return -1
  const at = Number.isFinite(startIndex) ? Math.trunc(startIndex) : -1
  const wrap = (i: number) => ((i % n) + n) % n
  const wanted = prefix.toLowerCase()
  if (wanted.length === 1) return scan(rows, labelOf, wrap(at + 1), wanted)
  const found = scan(rows, labelOf, wrap(Math.max(at, 0)), wanted)
  if (found >= 0) return found
  // "aaa" with no label starting "aaa": cycle through the "a" rows instead.
  const first = wanted[0] ?? ''
  if ([...wanted].every((c) => c === first)) return scan(rows, labelOf, wrap(at + 1), first)
  return -1
}
