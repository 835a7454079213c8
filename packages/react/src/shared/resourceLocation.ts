// Where a resource lives, as a row shows it: its URI split into the folder part (head) and
// the last segment (tail, the file name). A head longer than `maxHeadChars` is cut here in
// the middle, keeping its start, its end and what matched. On a narrow row the theme elides
// the middle too (`splitLocation`): the head's root (`file:///workspace/`) goes first, then
// the start of its folders, so the folders nearest the file and the whole file name stay;
// past a share of the row the file name keeps its end (`-2.ts`), never cut at the end.
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

/** The parts a row lays out apart, each with its own way to give up room. */
export interface LocationLayout {
  /** `scheme://authority/` and the first folder (elided first, at its end). */
  root: LocationPiece[]
  /** The folders after the root (elided at their start: the nearest folders stay). */
  folders: LocationPiece[]
  /** The file name but its last `END_CHARS` characters (elided at its end, last of all). */
  name: LocationPiece[]
  /** The file name's end: never elided. */
  end: LocationPiece[]
}

/** Characters at the end of the file name that always show (`ate-2.ts`). */
export const END_CHARS = 8

/** Splits pieces at character `at` of their text (a piece across `at` becomes two). */
export function splitPieces(
  pieces: readonly LocationPiece[],
  at: number,
): [LocationPiece[], LocationPiece[]] {
  const before: LocationPiece[] = []
  const after: LocationPiece[] = []
  let offset = 0
  for (const piece of pieces) {
    const cut = at - offset
    if (cut >= piece.text.length) before.push(piece)
    else if (cut <= 0) after.push(piece)
    else {
      before.push({ ...piece, text: piece.text.slice(0, cut) })
      after.push({ ...piece, text: piece.text.slice(cut) })
    }
    offset += piece.text.length
  }
  return [before, after]
}

/**
 * Where the folders of a head start: after `scheme://authority/` and its first segment
 * (`file:///workspace/`), when a folder follows; else 0 (the whole head is folders, as
 * `db://prod/`, whose end tells rows apart).
 */
export function rootEnd(head: string): number {
  const scheme = head.indexOf('://')
  if (scheme < 0) return 0
  let from = scheme + 3
  while (head[from] === '/') from++
  const slash = head.indexOf('/', from)
  return slash < 0 || slash + 1 >= head.length ? 0 : slash + 1
}

/** The four parts of a location a row lays out (see `LocationLayout`). */
export function splitLocation(parts: Pick<LocationParts, 'head' | 'tail'>): LocationLayout {
  const headText = parts.head.map((p) => p.text).join('')
  const [root, folders] = splitPieces(parts.head, rootEnd(headText))
  const tailLength = parts.tail.reduce((n, p) => n + p.text.length, 0)
  const [name, end] = splitPieces(parts.tail, Math.max(0, tailLength - END_CHARS))
  return { root, folders, name, end }
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
