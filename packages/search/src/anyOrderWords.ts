// Words in any order: a query of several words finds the items that hold its words wherever
// they are (`docs route` → docs/…/route-create.md, `token refresh` → refreshToken.ts, `how
// does offline sync work` → "Sync offline receipt"), ranked by how much of the query they
// hold, a rare word weighing more than a common one (its weight falls with the size of its
// word-prefix range: the inverse document frequency, for free). Words that match nothing
// ("how", "does") weigh nothing. No stage visits every item: candidates come from the
// word-prefix ranges of the rarest words (a typo's ranges for a word with none), then each
// candidate is checked for every word by `indexOf` in its own fields.
import { TIER_COUNT, Tier } from './candidateSet.ts'
import { collectStage } from './collectCandidates.ts'
import { compactQuery } from './compact.ts'
import type { FieldText } from './fieldText.ts'
import { type Evidence, hitMatches } from './hitMatches.ts'
import { DESCRIPTION, NAME, URI } from './searchCorpus.ts'
import type { SearchSegment } from './searchSegment.ts'
import type { SearchHit, SearchKey, SearchMatch } from './types.ts'
import { allowedEdits } from './typo.ts'
import type { WordIndex } from './wordIndex.ts'

/** Words of a query searched in any order, at most (a pasted sentence keeps its first ones). */
export const MAX_WORDS = 8
/** Of a several-word query this much is read (a one-word query is cut at 64 characters). */
export const MAX_WORDS_QUERY_LENGTH = 256
/** Longest word kept (the word index keys on the first 5 characters; the rest is checked). */
const MAX_WORD_LENGTH = 64
/** Entries visited per word in its word-prefix ranges, over all segments (best-ranked first). */
const WORD_VISITS = 2048
/** Rarer words add candidates until this many items are candidates (the rarest always does). */
const CANDIDATE_BUDGET = 4096
/** Characters of a word the word index keys on (wordIndex.ts): a longer word is checked entry by entry. */
const KEY_LENGTH = 5
/** A longer word's range is counted exactly up to this size (else its size is the estimate). */
const EXACT_COUNT_LIMIT = 8192
/** An item is a hit when it holds at least this share of the query's weight (`minCoverage`). */
export const MIN_COVERAGE = 0.5

/** Words of a question that name nothing: found nowhere, they do not narrow the hits. */
const COMMON_WORDS = new Set(
  'a an and are about at can could do does for from how i in is it me my of on or our please should the this that to was we what when where which who why will with would you'.split(
    ' ',
  ),
)

/** How well a word matched, in hundredths of its weight: a word start of the name or title is all of it. */
const QUALITY = {
  labelStart: 100,
  uriStart: 85,
  labelInside: 75,
  uriInside: 60,
  descriptionStart: 59,
  typo: 50,
  descriptionInside: 40,
} as const

/**
 * The distinct compact words of a query split at white space, in the order typed; a word
 * of punctuation only (`@`, `/`) is dropped, and `@live` is `live`.
 */
export function queryWords(query: string): string[] {
  const words: string[] = []
  for (const part of query.slice(0, MAX_WORDS_QUERY_LENGTH).split(/\s+/)) {
    const word = compactQuery(part, MAX_WORD_LENGTH)
    if (word.length > 0 && !words.includes(word)) words.push(word)
    if (words.length === MAX_WORDS) break
  }
  return words
}

/** One item holding enough of the query, with what each word matched. */
export interface WordsHit<T> {
  segment: SearchSegment<T & { id: string; name: string; uri: string }>
  item: number
  /** Share of the query's weight the item holds, in (0, 1]. */
  coverage: number
  /** What it is ranked by, in (0, 1]: the coverage times the share of the query's words it holds. */
  rank: number
  /** Per word (by position in `words`): where it matched, or undefined. */
  evidence: (Evidence | undefined)[]
}

/**
 * What a several-word search keeps per segment between keystrokes, so a keystroke allocates
 * nothing per item: for each candidate item (stamped with the search's generation) and
 * word, how well and where the word matched.
 */
export class WordScratch {
  readonly #stamp: Uint32Array
  readonly list: Int32Array
  /** `[item * MAX_WORDS + word]`: match quality × 100 (0: not matched). */
  readonly quality: Uint8Array
  readonly field: Uint8Array
  readonly offset: Uint16Array
  #generation = 0
  size = 0

  constructor(capacity: number) {
    this.#stamp = new Uint32Array(capacity)
    this.list = new Int32Array(capacity)
    this.quality = new Uint8Array(capacity * MAX_WORDS)
    this.field = new Uint8Array(capacity * MAX_WORDS)
    this.offset = new Uint16Array(capacity * MAX_WORDS)
  }

  reset(): void {
    this.#generation++
    if (this.#generation === 0xffffffff) {
      this.#stamp.fill(0)
      this.#generation = 1
    }
    this.size = 0
  }

  /** Records that `word` matched `item` with `quality` (0..100) at `field`/`offset`, if better than known. */
  record(item: number, word: number, quality: number, field: number, offset: number): void {
    const at = item * MAX_WORDS + word
    if (this.#stamp[item] !== this.#generation) {
      this.#stamp[item] = this.#generation
      this.list[this.size++] = item
      this.quality.fill(0, item * MAX_WORDS, item * MAX_WORDS + MAX_WORDS)
    } else if (this.quality[at]! >= quality) return
    this.quality[at] = quality
    this.field[at] = field
    this.offset[at] = offset
  }
}

/** A segment's scratch, made on its first several-word search. */
export type WordScratches = WeakMap<object, WordScratch>

/**
 * Items holding at least MIN_COVERAGE of `words`' weight, best first, at most `limit`.
 * Scoped and struck-out items are skipped as in the other stages (`CandidateSet.add`'s rules).
 */
export function collectWordHits<T extends { id: string; name: string; uri: string }>(
  segments: readonly SearchSegment<T>[],
  total: number,
  words: readonly string[],
  limit: number,
  scratches: WordScratches,
  minCoverage = MIN_COVERAGE,
  ignoreUnknown = false,
): WordsHit<T>[] {
  const count = words.length
  const scratchOf = segments.map((segment) => {
    let scratch = scratches.get(segment)
    if (scratch === undefined) {
      scratch = new WordScratch(segment.size)
      scratches.set(segment, scratch)
    }
    scratch.reset()
    return scratch
  })
  const record = (
    s: number,
    item: number,
    word: number,
    quality: number,
    field: number,
    offset: number,
  ) => {
    const set = segments[s]!.candidates
    if (set.excluded[item] === 1 || (set.only !== null && set.only[item] !== 1)) return
    scratchOf[s]!.record(item, word, quality, field, offset)
  }

  // How common each word is: entries of its word-prefix ranges (an upper bound), else typos.
  const frequency = words.map((word) =>
    segments.reduce(
      (sum, { corpus }) => sum + prefixCount(corpus.labels, word) + prefixCount(corpus.uris, word),
      0,
    ),
  )
  const typoFound = words.map(() => 0)
  words.forEach((word, w) => {
    if (frequency[w]! > 0 || allowedEdits(word.length) === 0) return
    segments.forEach((segment, s) => {
      const set = segment.candidates
      set.reset()
      const share = segment.live / Math.max(1, total)
      collectStage(2, segment.corpus, word, set, limit, segment.state, share)
      for (const item of set.top(set.size)) {
        record(s, item, w, QUALITY.typo, set.field[item]!, set.offset[item]!)
        typoFound[w]!++
      }
    })
  })
  // A word found only as a typo is a guess: half its weight (`expires` in a sentence). A
  // word found nowhere weighs as the rarest word (typing on narrows the hits), unless it is
  // a common English word (`how does … work`) or the caller reads text, not a query.
  const weight = words.map((word, w) => {
    const found = frequency[w]! + typoFound[w]!
    if (found === 0) return ignoreUnknown || COMMON_WORDS.has(word) ? 0 : Math.log(1 + total)
    const idf = Math.log(1 + total / found)
    return frequency[w] === 0 ? idf / 2 : idf
  })
  const totalWeight = weight.reduce((sum, value) => sum + value, 0)
  if (totalWeight === 0) return []
  const weighted = weight.filter((value) => value > 0).length

  // Candidates from the rarest words' ranges: once those hold more than 1 - MIN_COVERAGE of
  // the weight, an item holding none of them cannot be a hit.
  const byRarity = words
    .map((_, w) => w)
    .filter((w) => frequency[w]! > 0 && words[w]!.length >= 2)
    .sort((a, b) => frequency[a]! - frequency[b]!)
  let enumerated = typoFound.reduce((sum, found, w) => sum + (found > 0 ? weight[w]! : 0), 0)
  let candidateCount = scratchOf.reduce((sum, scratch) => sum + scratch.size, 0)
  for (const w of byRarity) {
    if (enumerated > (1 - minCoverage) * totalWeight) break
    if (candidateCount >= CANDIDATE_BUDGET) break
    const word = words[w]!
    segments.forEach((segment, s) => {
      const visits = Math.max(64, Math.ceil((WORD_VISITS * segment.live) / Math.max(1, total)))
      const before = scratchOf[s]!.size
      const visit = (item: number, field: number, offset: number) => {
        const quality = field === URI ? QUALITY.uriStart : QUALITY.labelStart
        record(s, item, w, quality, field, offset)
      }
      segment.corpus.labels.forEachPrefix(word, visit, visits)
      segment.corpus.uris.forEachPrefix(word, visit, visits)
      candidateCount += scratchOf[s]!.size - before
    })
    enumerated += weight[w]!
  }

  // Every candidate checked for the words it was not found by, in its own fields.
  const hits: WordsHit<T>[] = []
  segments.forEach((segment, s) => {
    const { compact } = segment.corpus
    const scratch = scratchOf[s]!
    for (let c = 0; c < scratch.size; c++) {
      const item = scratch.list[c]!
      const base = item * MAX_WORDS
      let held = 0
      let matched = 0
      for (let w = 0; w < count; w++) {
        if (weight[w] === 0) continue
        if (scratch.quality[base + w]! < QUALITY.labelStart) {
          bestOccurrence(compact, item, words[w]!, scratch, base + w)
        }
        held += (weight[w]! * scratch.quality[base + w]!) / 100
        if (scratch.quality[base + w]! > 0) matched++
      }
      const coverage = held / totalWeight
      if (coverage < minCoverage) continue
      // Ranked by the weight held times the share of words held (Lucene's coordination):
      // two words of the query above one rarer word alone.
      const rank = (coverage * matched) / weighted
      const evidence = words.map((word, w): Evidence | undefined => {
        const quality = scratch.quality[base + w]!
        if (quality === 0) return undefined
        const tier = quality === QUALITY.typo ? Tier.typo : Tier.label
        const field = scratch.field[base + w]!
        return { tier, field, offset: scratch.offset[base + w]!, length: word.length }
      })
      hits.push({ segment, item, coverage, rank, evidence })
    }
  })
  hits.sort(
    (a, b) =>
      b.rank - a.rank ||
      a.segment.corpus.compact[NAME]!.length(a.item) -
        b.segment.corpus.compact[NAME]!.length(b.item),
  )
  return hits.slice(0, limit)
}

/**
 * Entries of `index` whose word starts with `word`: the range of its first characters (the
 * index's key), counted exactly for a longer word whose range is small, so `offlien` counts
 * none (and is looked up as a typo) although `offline` shares its key.
 */
function prefixCount(index: WordIndex, word: string): number {
  const upper = index.countPrefix(word)
  if (word.length <= KEY_LENGTH || upper === 0 || upper > EXACT_COUNT_LIMIT) return upper
  let count = 0
  index.forEachPrefix(word, () => {
    count++
  })
  return count
}

/** Records the best place `word` occurs as a run in the item's fields into `scratch` at `at`, if any is better. */
function bestOccurrence(
  compact: readonly FieldText[],
  item: number,
  word: string,
  scratch: WordScratch,
  at: number,
): void {
  for (let field = NAME; field <= DESCRIPTION; field++) {
    const text = compact[field]!
    const start = text.start[item]!
    const end = text.start[item + 1]! - 1
    if (end - start < word.length) continue
    const own = text.text.slice(start, end)
    for (let found = own.indexOf(word); found >= 0; found = own.indexOf(word, found + 1)) {
      if (text.isScattered(start + found, word.length)) continue
      const wordStart = text.isWordStart(start + found)
      const quality =
        field === URI
          ? wordStart
            ? QUALITY.uriStart
            : QUALITY.uriInside
          : field === DESCRIPTION
            ? wordStart
              ? QUALITY.descriptionStart
              : QUALITY.descriptionInside
            : wordStart
              ? QUALITY.labelStart
              : QUALITY.labelInside
      if (quality > scratch.quality[at]!) {
        scratch.quality[at] = quality
        scratch.field[at] = field
        scratch.offset[at] = found
      }
      if (wordStart) break
    }
  }
}

/** A hit of the query as typed, with its tier (resourceSearch.ts). */
export interface PhraseHit<T> {
  hit: SearchHit<T>
  tier: number
}

/**
 * The hits of a several-word query: the words as typed in a name, title or URI word first
 * (`user profile` → UserProfile.tsx), then the items holding the words in any order, then
 * the phrase's looser hits (a typo or abbreviation of the joined words, inside a URI word,
 * the description); letters picked across words only when nothing else matched. Scores
 * stay ascending.
 */
export function mergeWordHits<T extends { id: string; name: string; uri: string }>(
  phrase: readonly PhraseHit<T>[],
  found: readonly WordsHit<T>[],
  words: readonly string[],
  limit: number,
): SearchHit<T>[] {
  const hits: SearchHit<T>[] = []
  const seen = new Set<T>()
  const add = (hit: SearchHit<T>) => {
    if (seen.has(hit.item)) return
    seen.add(hit.item)
    const previous = hits.at(-1)?.score ?? 0
    hits.push({ ...hit, score: Math.min(1, Math.max(previous, hit.score)) })
  }
  for (const { hit, tier } of phrase) if (tier <= Tier.uriWord) add(hit)
  for (const { segment, item, coverage, rank, evidence } of found) {
    add({
      item: segment.corpus.items[item]!,
      score: (Tier.typo + (1 - rank) / 2) / TIER_COUNT,
      matches: wordMatches(segment, item, words, evidence),
      coverage: Math.round(coverage * 1000) / 1000,
      words: words.filter((_, w) => evidence[w] !== undefined),
    })
  }
  for (const { hit, tier } of phrase) {
    if (tier !== Tier.scattered || hits.length === 0) add(hit)
  }
  return hits.slice(0, limit)
}

/** The highlights of every matched word, merged per field. */
function wordMatches<T>(
  segment: SearchSegment<T & { id: string; name: string; uri: string }>,
  item: number,
  words: readonly string[],
  evidence: readonly (Evidence | undefined)[],
): SearchMatch[] {
  const byKey = new Map<SearchKey, [number, number][]>()
  words.forEach((word, w) => {
    const found = evidence[w]
    if (found === undefined) return
    for (const match of hitMatches(segment.corpus, item, word, found)) {
      byKey.set(match.key, [...(byKey.get(match.key) ?? []), ...match.ranges])
    }
  })
  const matches: SearchMatch[] = []
  for (const [key, ranges] of byKey) matches.push({ key, ranges: mergeRanges(ranges) })
  return matches
}

/** Sorted, overlapping or touching ranges joined. */
function mergeRanges(ranges: [number, number][]): [number, number][] {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0] || a[1] - b[1])
  const merged: [number, number][] = []
  for (const [start, end] of sorted) {
    const last = merged.at(-1)
    if (last && start <= last[1] + 1) last[1] = Math.max(last[1], end)
    else merged.push([start, end])
  }
  return merged
}
