// The highlight ranges of one hit, per field: every occurrence of the compact query (so
// `webapp` marks both halves of `web-app`), else the evidence that made it a candidate
// (the letters of an abbreviation, the word a typo matched). fuse.js's own ranges are not
// used: with its default threshold they mark stray letters all over long URIs.
import { abbreviationPositions } from './abbreviation.ts'
import { Tier } from './candidateSet.ts'
import { compactWithOrigin } from './compact.ts'
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
    const compact = corpus.compact[field]!.of(item)
    let positions = occurrences(compact, query)
    if (positions.length === 0 && evidenceText !== query)
      positions = occurrences(compact, evidenceText)
    const abbreviation = positions.length === 0 && evidence.tier === Tier.abbreviation
    if (positions.length === 0 && !(abbreviation && field === evidence.field)) continue
    // Only now map compact positions back to the original text (the costly part).
    const map = compactWithOrigin(raw, MAX_FIELD_LENGTH)
    if (abbreviation) positions = abbreviationPositions(map.text, map.wordStarts, query) ?? []
    const ranges = rangesFromPositions(positions, map.origin)
    if (ranges.length > 0) matches.push({ key: FIELD_KEYS[field]!, ranges })
  }
  return matches
}

/** Positions covered by the first MAX_OCCURRENCES occurrences of `query` in `text`. */
function occurrences(text: string, query: string): number[] {
  const positions: number[] = []
  if (query.length === 0) return positions
  let from = 0
  for (let found = 0; found < MAX_OCCURRENCES; found++) {
    const at = text.indexOf(query, from)
    if (at < 0) break
    for (let i = at; i < at + query.length; i++) positions.push(i)
    from = at + query.length
  }
  return positions
}
