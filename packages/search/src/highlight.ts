// Highlighting: ranges of the original text, and a pure splitter that turns them into
// segments a component renders as text and <mark> (never as HTML).

/** One piece of a highlighted text. */
export interface HighlightSegment {
  text: string
  highlighted: boolean
}

/** Sorted, merged, clamped copies of inclusive `[start, end]` ranges; invalid ones are dropped. */
export function normalizeRanges(
  ranges: readonly (readonly [number, number])[],
  length: number,
): [number, number][] {
  const valid: [number, number][] = []
  for (const range of Array.isArray(ranges) ? ranges : []) {
    if (!Array.isArray(range)) continue
    const start = Math.max(0, Math.floor(Number(range[0])))
    const end = Math.min(length - 1, Math.floor(Number(range[1])))
    if (Number.isFinite(start) && Number.isFinite(end) && start <= end) valid.push([start, end])
  }
  valid.sort((a, b) => a[0] - b[0] || a[1] - b[1])
  const merged: [number, number][] = []
  for (const range of valid) {
    const last = merged[merged.length - 1]
    if (last && range[0] <= last[1] + 1) last[1] = Math.max(last[1], range[1])
    else merged.push([range[0], range[1]])
  }
  return merged
}

/**
 * Splits `text` into plain and highlighted segments, in order. Ranges are inclusive
 * `[start, end]` like fuse.js; overlapping, unsorted or out-of-bounds ranges are tolerated.
 */
export function highlightRanges(
  text: string,
  ranges: readonly (readonly [number, number])[],
): HighlightSegment[] {
  if (typeof text !== 'string' || text.length === 0) return []
  const segments: HighlightSegment[] = []
  let cursor = 0
  for (const [start, end] of normalizeRanges(ranges, text.length)) {
    if (start > cursor) segments.push({ text: text.slice(cursor, start), highlighted: false })
    segments.push({ text: text.slice(start, end + 1), highlighted: true })
    cursor = end + 1
  }
  if (cursor < text.length) segments.push({ text: text.slice(cursor), highlighted: false })
  return segments
}

/** Ranges of the original text covering the given compact positions (`origin` maps them back). */
export function rangesFromPositions(
  positions: Iterable<number>,
  origin: Int32Array,
): [number, number][] {
  const ranges: [number, number][] = []
  for (const position of positions) {
    const index = origin[position]
    if (index === undefined) continue
    const last = ranges[ranges.length - 1]
    if (last && index === last[1] + 1) last[1] = index
    else ranges.push([index, index])
  }
  return ranges
}
