// Where a resource lives, as a row shows it: its URI split into the folder part (head) and
// the last segment (tail, the file name). The tail always shows; the theme elides the end
// of the head when the row is narrow (a CSS middle ellipsis), and a head longer than
// `maxHeadChars` is cut here in the middle, keeping its start, its end and what matched.
import { highlightRanges } from '@resource-kit/search/lazy'

/** A run of location text, marked when the search matched it. */
export interface LocationPiece {
  text: string
  highlighted: boolean
  /** The `…` standing for characters left out. */
  gap?: true
}

export interface LocationParts {
  head: LocationPiece[]
  tail: LocationPiece[]
  /** Characters of the URI left out of `head` (the full URI belongs in a title and the name). */
  elided: boolean
}

/** Characters kept at the start and the end of an elided head, and around each match. */
const KEEP_START = 14
const KEEP_END = 22
const KEEP_AROUND_MATCH = 6
/** A hostile file name is cut too (the head still gets its room). */
const MAX_TAIL_CHARS = 80

/** Where the last segment starts: after the last `/` that is not the final character. */
export function tailStart(uri: string): number {
  const slash = uri.lastIndexOf('/', uri.length - 2)
  return slash < 0 ? 0 : slash + 1
}

type Interval = [number, number]

function merge(intervals: Interval[]): Interval[] {
  const sorted = intervals.filter(([a, b]) => b > a).sort((x, y) => x[0] - y[0])
  const out: Interval[] = []
  for (const [a, b] of sorted) {
    const last = out.at(-1)
    if (last && a <= last[1]) last[1] = Math.max(last[1], b)
    else out.push([a, b])
  }
  return out
}

/** Pieces of `uri[from, to)` with the matched ranges marked (ranges are inclusive, of the URI). */
function piecesOf(
  uri: string,
  from: number,
  to: number,
  ranges: readonly [number, number][],
): LocationPiece[] {
  const local: [number, number][] = []
  for (const [start, end] of ranges) {
    const a = Math.max(start, from)
    const b = Math.min(end, to - 1)
    if (a <= b) local.push([a - from, b - from])
  }
  return highlightRanges(uri.slice(from, to), local).map((part) => ({
    text: part.text,
    highlighted: part.highlighted,
  }))
}

/** Keeps `intervals` of `uri` (within [from, to)), with a `…` piece for every gap. */
function keep(
  uri: string,
  intervals: Interval[],
  ranges: readonly [number, number][],
): LocationPiece[] {
  const out: LocationPiece[] = []
  intervals.forEach(([a, b], i) => {
    if (i > 0) out.push({ text: '…', highlighted: false, gap: true })
    out.push(...piecesOf(uri, a, b, ranges))
  })
  return out
}

/** Splits `uri` for display, marking `ranges` (the search's matches in the URI). */
export function locationParts(
  uri: string,
  ranges: readonly [number, number][] = [],
  maxHeadChars = 48,
): LocationParts {
  const cut = tailStart(uri)
  const matches = ranges.slice(0, 4)
  let elided = false
  let head: LocationPiece[]
  if (cut <= maxHeadChars) {
    head = piecesOf(uri, 0, cut, matches)
  } else {
    elided = true
    const kept: Interval[] = [
      [0, KEEP_START],
      [cut - KEEP_END, cut],
    ]
    for (const [start, end] of matches) {
      if (start < cut) kept.push([start - KEEP_AROUND_MATCH, end + 1 + KEEP_AROUND_MATCH])
    }
    const clipped = merge(kept.map(([a, b]): Interval => [Math.max(0, a), Math.min(cut, b)]))
    head = keep(uri, clipped, matches)
  }
  let tail: LocationPiece[]
  if (uri.length - cut <= MAX_TAIL_CHARS) {
    tail = piecesOf(uri, cut, uri.length, matches)
  } else {
    elided = true
    const half = MAX_TAIL_CHARS / 2
    tail = keep(
      uri,
      [
        [cut, cut + half],
        [uri.length - half, uri.length],
      ],
      matches,
    )
  }
  return { head, tail, elided }
}
