// The highlight ranges of one hit, per field: every occurrence of the compact query (so
// `webapp` marks both halves of `web-app`), else the evidence that made it a candidate
// (the letters of an abbreviation, the word a typo matched). A hit found by a run marks only
// runs, never the same letters picked across words. fuse.js's own ranges are not
// used: with its default threshold they mark stray letters all over long URIs.
import { abbreviationPositions } from './abbreviation.ts'
import { Tier } from './candidateSet.ts'
import { compactWithOrigin } from './compact.ts'
import type { FieldText } from './fieldText.ts'
import { rangesFromPositions } from './highlight.ts'
import { FIELD_KEYS, MAX_FIELD_LENGTH, type SearchCorpus } from './searchCorpus.ts'
import type { SearchMatch } from './types.ts'

/** Why an item became a candidate: its tier and where it matched (compact positions). */
export interface Evidence {
  tier: number
  field: number
  offset: number
  length: number
}

/** Occurrences highlighted per field, at most: a long URI repeating a word stays readable. */
const MAX_OCCURRENCES = 8

export function hitMatches(
  corpus: SearchCorpus<unknown>,
  item: number,
  query: string,
  evidence: Evidence,
): SearchMatch[] {
  const matches: SearchMatch[] = []
  // What the evidence matched, for typos: it may occur in the other label field too.
  const evidenceText =
    evidence.tier === Tier.typo
      ? corpus.compact[evidence.field]!.of(item).slice(
          evidence.offset,
          evidence.offset + evidence.length,
        )
      : query
  for (let field = 0; field < FIELD_KEYS.length; field++) {
    const raw = corpus.raw[field]![item]!
    if (raw.length === 0) continue
    const text = corpus.compact[field]!
    // A hit found by a run marks runs only, not the same letters across words elsewhere.
    const runsOnly = evidence.tier !== Tier.scattered
    let positions = occurrences(text, item, query, runsOnly)
    if (positions.length === 0 && evidenceText !== query)
      positions = occurrences(text, item, evidenceText, runsOnly)
    const letters = evidence.tier === Tier.abbreviation || evidence.tier === Tier.scattered
    const abbreviation = positions.length === 0 && letters
    if (positions.length === 0 && !(abbreviation && field === evidence.field)) continue
    // Only now map compact positions back to the original text (the costly part).
    const map = compactWithOrigin(raw, MAX_FIELD_LENGTH)
    if (abbreviation) positions = abbreviationPositions(map.text, map.wordStarts, query) ?? []
    const ranges = rangesFromPositions(positions, map.origin)
    if (ranges.length > 0) matches.push({ key: FIELD_KEYS[field]!, ranges })
  }
  return matches
}

/**
 * Positions covered by the first MAX_OCCURRENCES occurrences of `query` in the item's
 * field; with `runsOnly`, scattered occurrences (from inside a word into the next) are skipped.
 */
function occurrences(field: FieldText, item: number, query: string, runsOnly: boolean): number[] {
  const positions: number[] = []
  if (query.length === 0) return positions
  const text = field.of(item)
  const start = field.start[item]!
  let from = 0
  for (let found = 0; found < MAX_OCCURRENCES; ) {
    const at = text.indexOf(query, from)
    if (at < 0) break
    if (runsOnly && field.isScattered(start + at, query.length)) {
      from = at + 1
      continue
    }
    for (let i = at; i < at + query.length; i++) positions.push(i)
    from = at + query.length
    found++
  }
  return positions
}
