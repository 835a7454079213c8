// The candidate stages of one keystroke, best tiers first. After each tier, the search stops
// when `limit` items have matched (in all segments: see resourceSearch.ts): later stages add
// only worse tiers, which could not reach the top `limit` anyway. No stage visits every
// item: word prefixes, typos and abbreviations read ranges of the word indexes; substrings
// are one native `indexOf` pass over a field's text (fieldText.ts), narrowed to the last
// matches while the query grows.
import { type CandidateSet, Tier } from './candidateSet.ts'
import type { FieldText } from './fieldText.ts'
import { DESCRIPTION, labelCheap, NAME, type SearchCorpus, TITLE, URI } from './searchCorpus.ts'
import { ANCHOR_LENGTH, allowedEdits, TypoScratch, typoAnchors, typoDistance } from './typo.ts'
import { letterMask, type WordIndex } from './wordIndex.ts'

/** Items whose name or title contained `query`: a superset of those containing a longer query. */
interface SubstringMemo {
  query: string
  items: Int32Array
}

/** What the stages keep between keystrokes. */
export interface StageState {
  typo: TypoScratch
  /** Stage 0's substrings of names and titles. */
  labels?: SubstringMemo
  /** Stage 4's substrings of URIs and descriptions. */
  others?: SubstringMemo
  /** The scope the memo was made in (another scope starts afresh). */
  scope?: string | undefined
}

export function createStageState(): StageState {
  return { typo: new TypoScratch() }
}

/** In a big word-prefix range, only this many best-ranked entries per ranked candidate are visited. */
const WORD_PREFIX_VISITS_PER_RANKED = 4
/**
 * Words the typo stage checks at most, in the name/title index and in the URI index, over
 * all segments (each checks its share: at 100k, 25 segments each checked the whole budget).
 */
const LABEL_TYPO_BUDGET = 6000
const URI_TYPO_BUDGET = 2000
/** A segment's budget at least: a small segment still checks its best-ranked words. */
const MIN_TYPO_BUDGET = 256
/** Abbreviations start at one of the first 32 characters of a name or title. */
const ABBREVIATION_REACH = 32
/** Substrings of one or two characters are everywhere; only word starts count for those. */
const SUBSTRING_MIN_LENGTH = 3
/** The lowest cheap score of a match inside a word: offset 1 of a name (see `labelCheap`). */
const SUBSTRING_MIN_CHEAP = 2
/** A memo this small is rescanned item by item; a bigger one costs more than one native pass. */
const MEMO_RESCAN_LIMIT = 4000

/** How many stages `collectStage` runs, best tier first. */
export const STAGE_COUNT = 5

/**
 * Runs stage `stage` for the compact `query` into `set` (stage 0 starts afresh): 0 word
 * starts and substrings of names and titles, 1 word starts of URIs, 2 typos, 3
 * abbreviations, 4 substrings of URIs and descriptions. The caller runs them in order and
 * stops once `limit` items have matched in all (a later stage adds only worse tiers, which
 * could not reach the top `limit`); of those, the best `ranked` by (tier, cheap score) will
 * be ranked by fuse.js.
 */
export function collectStage(
  stage: number,
  corpus: SearchCorpus<unknown>,
  query: string,
  set: CandidateSet,
  ranked: number,
  state: StageState,
  /** This corpus's part of all items searched (0..1]: the typo budgets are for all of them. */
  share = 1,
): void {
  switch (stage) {
    case 0: {
      set.reset()
      corpus.labels.forEachPrefix(query, visitWord(set, query.length), visitsFor(ranked))
      // A substring inside a word costs at least SUBSTRING_MIN_CHEAP; when that many word
      // starts already score as well, no substring could be among the ranked: skip the scan.
      const enough = set.countAtMost(Tier.label, SUBSTRING_MIN_CHEAP) >= ranked
      if (query.length >= SUBSTRING_MIN_LENGTH && !enough) {
        state.labels = labelSubstrings(corpus, query, set, state.labels)
      }
      return
    }
    case 1:
      corpus.uris.forEachPrefix(query, visitWord(set, query.length), visitsFor(ranked))
      return
    case 2: {
      const edits = allowedEdits(query.length)
      if (edits === 0) return
      const budget = (words: number) => Math.max(MIN_TYPO_BUDGET, Math.ceil(words * share))
      typoStage(corpus, corpus.labels, query, edits, set, state.typo, budget(LABEL_TYPO_BUDGET))
      typoStage(corpus, corpus.uris, query, edits, set, state.typo, budget(URI_TYPO_BUDGET))
      return
    }
    case 3:
      if (query.length >= 2) abbreviationStage(corpus, query, set)
      return
    case 4: {
      if (query.length < 2) return
      const cheapBase = (field: number) => (field === DESCRIPTION ? 128 : 0)
      const report = (field: number) => (item: number, offset: number, scattered: boolean) =>
        set.add(
          item,
          scattered ? Tier.scattered : Tier.other,
          cheapBase(field) + (offset >> 1),
          field,
          offset,
          query.length,
        )
      state.others = substrings(corpus, [URI, DESCRIPTION], query, state.others, report)
      return
    }
  }
}

const visitsFor = (ranked: number) => ranked * WORD_PREFIX_VISITS_PER_RANKED

/** Adds word-prefix entries with their static rank (tier and cheap score). */
function visitWord(set: CandidateSet, length: number) {
  return (item: number, field: number, offset: number, rank: number) => {
    set.add(item, rank >>> 8, rank & 255, field, offset, length)
  }
}

/** Names and titles containing the query anywhere, as label (or scattered) candidates. */
function labelSubstrings(
  corpus: SearchCorpus<unknown>,
  query: string,
  set: CandidateSet,
  memo: SubstringMemo | undefined,
): SubstringMemo {
  return substrings(corpus, [NAME, TITLE], query, memo, (field) => (item, offset, scattered) => {
    const cheap = labelCheap(field, offset, corpus.compact[field]!.length(item))
    set.add(item, scattered ? Tier.scattered : Tier.label, cheap, field, offset, query.length)
  })
}

/**
 * Reports every item whose `fields` contain the query, once per field. While the query
 * grows, only the items of the last memo can match: those are rescanned one by one when
 * few, instead of a native pass over the whole text (~7 ms for URIs and descriptions at 100k).
 */
function substrings(
  corpus: SearchCorpus<unknown>,
  fields: readonly number[],
  query: string,
  memo: SubstringMemo | undefined,
  report: (field: number) => Found,
): SubstringMemo {
  const matched: number[] = []
  const rescan = memo && query.startsWith(memo.query) && memo.items.length <= MEMO_RESCAN_LIMIT
  for (const field of fields) {
    const text = corpus.compact[field]!
    const reported = report(field)
    const found: Found = (item, offset, scattered) => {
      reported(item, offset, scattered)
      matched.push(item)
    }
    if (rescan) for (const item of memo.items) scanItem(text, item, query, found)
    else scanField(text, query, found)
  }
  return { query, items: Int32Array.from(new Set(matched)) }
}

/**
 * Words within `edits` edits of the query: those starting like the query (its first
 * ANCHOR_LENGTH characters, one fewer for short queries so the last one may be wrong), then
 * those starting like the query with a swap or deletion among its first characters.
 */
function typoStage(
  corpus: SearchCorpus<unknown>,
  index: WordIndex,
  query: string,
  edits: number,
  set: CandidateSet,
  scratch: TypoScratch,
  budget: number,
) {
  const letters = letterMask(query)
  const visit = (item: number, field: number, offset: number, _rank: number, found: number) => {
    // Each edit removes at most one of the query's letters from the text.
    if (edits === 1 ? !atMostOneBit(letters & ~found) : !atMostTwoBits(letters & ~found)) return
    const text = corpus.compact[field]!
    const position = text.start[item]! + offset
    const end = text.start[item + 1]! - 1
    const distance = typoDistance(text.text, position, end, query, edits, scratch)
    if (distance > edits) return
    // Closeness in the top bits (it orders the tier), then a fuse-like preference.
    const closeness = 2 * distance + (field === URI ? 1 : 0)
    const cheap = 32 * closeness + Math.min(31, offset + ((end - position) >> 3))
    set.add(item, Tier.typo, cheap, field, offset, query.length)
  }
  // Every anchor is checked, its best-ranked words first when the budget runs short.
  let remaining = budget
  const anchors = [query.slice(0, Math.min(ANCHOR_LENGTH, query.length - 1)), ...typoAnchors(query)]
  for (const anchor of anchors) {
    if (remaining <= 0) break
    const share = Math.max(remaining / 2, budget / (2 * anchors.length))
    index.forEachPrefix(anchor, visit, share)
    remaining -= Math.min(index.countPrefix(anchor), share)
  }
}

/** Reports one match of an item: its offset, and whether it is scattered (no run found). */
type Found = (item: number, offset: number, scattered: boolean) => void

/**
 * Every item whose field `text` contains `query`, in one native pass: each reported once,
 * at its first run, else at its first (scattered) occurrence.
 */
function scanField(text: FieldText, query: string, found: Found) {
  let at = text.text.indexOf(query)
  while (at >= 0) {
    const item = text.itemAt(at)
    reportItem(text, item, query, at, found)
    at = text.text.indexOf(query, text.start[item + 1]!)
  }
}

/** The match of `query` in one item's field, if any (see `scanField`). */
function scanItem(text: FieldText, item: number, query: string, found: Found) {
  const local = text.of(item).indexOf(query)
  if (local >= 0) reportItem(text, item, query, text.start[item]! + local, found)
}

/** Reports `item`, whose first occurrence of `query` is at global position `first`. */
function reportItem(text: FieldText, item: number, query: string, first: number, found: Found) {
  const start = text.start[item]!
  if (!text.isScattered(first, query.length)) {
    found(item, first - start, false)
    return
  }
  // Rare: the first occurrence crosses words; a later one may be a run.
  const local = text.of(item)
  for (
    let at = local.indexOf(query, first - start + 1);
    at >= 0;
    at = local.indexOf(query, at + 1)
  ) {
    if (!text.isScattered(start + at, query.length)) {
      found(item, at, false)
      return
    }
  }
  found(item, first - start, true)
}

/**
 * Abbreviations: the query's first character starts a word of the name or title (a range
 * of the word index) and the rest follows in order within that field. Scored by how tight
 * the match is.
 */
function abbreviationStage(corpus: SearchCorpus<unknown>, query: string, set: CandidateSet) {
  const m = query.length
  const letters = letterMask(query)
  corpus.labels.forEachPrefix(query[0]!, (item, field, offset, _rank, found) => {
    if (offset >= ABBREVIATION_REACH || (found & letters) !== letters) return
    const text = corpus.compact[field]!
    const source = text.text
    const start = text.start[item]! + offset
    const end = text.start[item + 1]! - 1
    let matched = 1
    let index = start + 1
    while (matched < m && index < end) {
      if (source.charCodeAt(index) === query.charCodeAt(matched)) matched++
      index++
    }
    if (matched < m) return
    // Tightness (letters skipped) in the top bits, then early and short first.
    const tightness = Math.min(7, (index - start - m) >> 1)
    const cheap = 32 * tightness + Math.min(31, offset + (text.length(item) >> 2))
    const tier = startsWords(text, start, end, query) ? Tier.abbreviation : Tier.scattered
    set.add(item, tier, cheap, field, offset, m)
  })
}

/** Whether each letter of `query` after the first starts a later word of `text[start, end)`, in order. */
function startsWords(text: FieldText, start: number, end: number, query: string): boolean {
  let matched = 1
  for (let p = start + 1; p < end && matched < query.length; p++) {
    if (text.isWordStart(p) && text.text.charCodeAt(p) === query.charCodeAt(matched)) matched++
  }
  return matched === query.length
}

function atMostOneBit(bits: number): boolean {
  return (bits & (bits - 1)) === 0
}

function atMostTwoBits(bits: number): boolean {
  return atMostOneBit(bits & (bits - 1))
}
