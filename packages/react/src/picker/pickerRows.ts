// The picker's rows, read by index. A run of rows is either built (tree rows, search hits,
// the picker's own rows) or made on read (a server's list: one row per item of its list
// order, built the first time it is read), so a list of 100,000 resources costs the rows
// on screen, not the rows loaded. Ids are found by a scan remembered per rows object, or
// at once for a row already read (the highlight is almost always one).
import type { PickerRow } from './pickerRow.ts'

/** A run of consecutive rows. */
export interface RowRun {
  readonly length: number
  /** Row `index` of the run (0 ≤ index < length). */
  at(index: number): PickerRow | undefined
  /** The index of row `id` in the run, or -1 (may scan the run). */
  indexOf(id: string): number
}

/** Every row the picker shows, in order (only the virtual window is read when rendering). */
export interface PickerRows extends Iterable<PickerRow> {
  readonly length: number
  /** Row `index`, or undefined outside 0…length-1 (no counting from the end); built when first read. */
  at(index: number): PickerRow | undefined
  /** The index of row `id`, or -1. */
  indexOf(id: string): number
}

/** A run over rows already built. */
export function builtRun(rows: readonly PickerRow[]): RowRun {
  return {
    length: rows.length,
    at: (index) => rows[index],
    indexOf: (id) => rows.findIndex((row) => row.id === id),
  }
}

/** Runs joined end to end. */
export function joinRuns(runs: readonly RowRun[]): PickerRows {
  const used = runs.filter((run) => run.length > 0)
  const starts: number[] = []
  let length = 0
  for (const run of used) {
    starts.push(length)
    length += run.length
  }
  // Ids of rows read so far, and of ids looked up: a scan per id at most.
  const known = new Map<string, number>()

  // The last run starting at or before `index` (binary search: one run per server part).
  const runAt = (index: number): number => {
    let lo = 0
    let hi = used.length - 1
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1
      if ((starts[mid] as number) <= index) lo = mid
      else hi = mid - 1
    }
    return lo
  }
  const at = (index: number): PickerRow | undefined => {
    const i = index
    if (!Number.isInteger(i) || i < 0 || i >= length) return undefined
    const r = runAt(i)
    const row = used[r]?.at(i - (starts[r] as number))
    if (row) known.set(row.id, i)
    return row
  }
  const indexOf = (id: string): number => {
    const seen = known.get(id)
    if (seen !== undefined) return seen
    let found = -1
    for (let r = 0; r < used.length && found < 0; r++) {
      const inRun = (used[r] as RowRun).indexOf(id)
      if (inRun >= 0) found = (starts[r] as number) + inRun
    }
    known.set(id, found)
    return found
  }
  return {
    length,
    at,
    indexOf,
    *[Symbol.iterator]() {
      for (let i = 0; i < length; i++) yield at(i) as PickerRow
    },
  }
}

/** Rows already built, as `PickerRows`. */
export function rowsOf(rows: readonly PickerRow[]): PickerRows {
  return joinRuns([builtRun(rows)])
}
