// The resource search: cheap stages choose at most a few hundred candidates from a
// precomputed index (collectCandidates.ts), fuse.js ranks them (fuseRanker.ts), and the
// final order is by match tier, then by fuse.js's score within the tier; letters picked
// across words (Tier.scattered) only when no tighter hit exists. The index is a
// list of segments (searchSegments.ts), so a new page or a diff costs what changed; each
// segment chooses its own candidates and the best of all of them are ranked together.
import {
  collectWordHits,
  MIN_COVERAGE,
  mergeWordHits,
  type PhraseHit,
  queryWords,
  type WordScratches,
} from './anyOrderWords.ts'
import { TIER_COUNT, Tier } from './candidateSet.ts'
import { collectStage, STAGE_COUNT } from './collectCandidates.ts'
import { compactQuery } from './compact.ts'
import { fuseProxy } from './fuseProxy.ts'
import { rankRecords } from './fuseRanker.ts'
import { hitMatches } from './hitMatches.ts'
import type { SearchSegment } from './searchSegment.ts'
import { SearchSegments } from './searchSegments.ts'
import type {
  ResourceSearch,
  ResourceSearchOptions,
  SearchableItem,
  SearchOptions,
} from './types.ts'

const DEFAULT_LIMIT = 50
const MAX_LIMIT = 1000
/** Longer queries are cut: nobody types more, and fuse.js's cost grows with the pattern. */
export const MAX_QUERY_LENGTH = 64
/** fuse.js ranks at least this many candidates (or one and a half times the limit). */
const MIN_RANKED = 60
/** The ranked candidates are chosen from this many times as many by `fuseProxy`. */
const POOL_FACTOR = 4

function clampLimit(value: unknown, fallback: number): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) return fallback
  return Math.min(MAX_LIMIT, Math.max(1, Math.floor(value)))
}

function clampCoverage(value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) return MIN_COVERAGE
  return Math.min(1, Math.max(0.1, value))
}

/** Tiers ordered by our cheap score (fuse.js's score is noise for letters picked across words). */
function byCheap(tier: number): boolean {
  return tier === Tier.abbreviation || tier === Tier.scattered
}

/** A candidate of one segment, with its tier and cheap score there. */
interface Candidate<T extends SearchableItem> {
  segment: SearchSegment<T>
  item: number
  tier: number
  cheap: number
  order: number
}

/** Creates a search over resources; call `setItems` (or `upsert`) before searching. */
export function createResourceSearch<T extends SearchableItem>(
  options: ResourceSearchOptions = {},
): ResourceSearch<T> {
  const defaultLimit = clampLimit(options.limit, DEFAULT_LIMIT)
  const segments = new SearchSegments<T>()
  const scratches: WordScratches = new WeakMap()

  /** The best `count` candidates of every segment by (tier, cheap score), best first. */
  function pool(
    compact: string,
    scope: string | undefined,
    limit: number,
    ranked: number,
    count: number,
  ): Candidate<T>[] {
    const all: Candidate<T>[] = []
    // Stage by stage over every segment: once `limit` items matched in all of them, no
    // segment runs the later (worse, and costlier) stages; per segment, most never would
    // fill the limit alone (at 100k, 25 segments each ran the typo stage for "authu").
    for (const segment of segments.segments) segment.setScope(scope)
    for (let stage = 0; stage < STAGE_COUNT; stage++) {
      let tight = 0
      for (const segment of segments.segments) {
        const share = segment.live / segments.size
        const { corpus, candidates, state } = segment
        collectStage(stage, corpus, compact, candidates, ranked, state, share)
        tight += candidates.tight
      }
      if (tight >= limit) break
    }
    for (const segment of segments.segments) {
      const { candidates } = segment
      for (const item of candidates.top(count)) {
        const tier = candidates.tier[item]!
        all.push({ segment, item, tier, cheap: candidates.cheap[item]!, order: all.length })
      }
    }
    if (segments.segments.length === 1) return all
    all.sort((a, b) => a.tier - b.tier || a.cheap - b.cheap || a.order - b.order)
    return all.slice(0, count)
  }

  /**
   * The `count` candidates fuse.js will rank: by tier, then our own order where it decides
   * (typo distance, abbreviation tightness), then by how fuse.js would likely score them.
   */
  function choose(all: Candidate<T>[], count: number, text: string): Candidate<T>[] {
    if (all.length <= count) return all
    const lowered = text.toLowerCase()
    const keyed = all.map((candidate, order) => {
      const { tier, cheap } = candidate
      const group = byCheap(tier) ? cheap : tier === Tier.typo ? cheap >> 5 : 0
      const proxy = fuseProxy(candidate.segment.corpus.raw, candidate.item, lowered)
      return { candidate, order, group: tier * 256 + group, proxy }
    })
    keyed.sort((a, b) => a.group - b.group || a.proxy - b.proxy || a.order - b.order)
    return keyed.slice(0, count).map((entry) => entry.candidate)
  }

  /** Hits of the query as typed (its compact form: words in this order), with their tiers. */
  function phraseHits(
    text: string,
    compact: string,
    scope: string | undefined,
    limit: number,
  ): PhraseHit<T>[] {
    const rankedCount = Math.max(Math.ceil(1.5 * limit), MIN_RANKED)
    const candidates = pool(compact, scope, limit, rankedCount, rankedCount * POOL_FACTOR)
    const chosen = choose(candidates, rankedCount, text)
    const fuseScores = rankRecords(
      chosen.map(({ segment, item }) => segment.corpus.items[item]!),
      chosen.map(({ segment, item }) => segment.ranker.recordFields(item)),
      text,
    )
    const ranked = chosen.map((candidate, order) => {
      const { tier, cheap } = candidate
      const fuseScore = fuseScores[order] ?? 1
      // fuse.js buries abbreviations (its score is noise for them: order by our cheap score)
      // and ranks typos well once grouped by edit distance (the top bits of the cheap score).
      const within = byCheap(tier)
        ? (cheap + fuseScore) / 256
        : tier === Tier.typo
          ? ((cheap >> 5) + fuseScore) / 8
          : fuseScore
      return { candidate, order, score: (tier + within) / TIER_COUNT }
    })
    ranked.sort((a, b) => a.score - b.score || a.order - b.order)
    // Scattered letters are shown only when nothing tighter matched (the pool is by tier,
    // so any tighter candidate is among the ranked).
    const tight = ranked.some(({ candidate }) => candidate.tier !== Tier.scattered)
    const shown = tight
      ? ranked.filter(({ candidate }) => candidate.tier !== Tier.scattered)
      : ranked
    return shown.slice(0, limit).map(({ candidate, score }): PhraseHit<T> => {
      const { segment, item } = candidate
      const set = segment.candidates
      const evidence = {
        tier: set.tier[item]!,
        field: set.field[item]!,
        offset: set.offset[item]!,
        length: set.length[item]!,
      }
      const hit = {
        item: segment.corpus.items[item]!,
        score,
        matches: hitMatches(segment.corpus, item, compact, evidence),
      }
      return { hit, tier: evidence.tier }
    })
  }

  return {
    setItems(items) {
      segments.replace(items)
    },

    upsert(items) {
      segments.upsert(items)
    },

    remove(ids) {
      segments.remove(ids)
    },

    search(query, searchOptions?: SearchOptions) {
      if (typeof query !== 'string') return []
      const text = query.trim().slice(0, MAX_QUERY_LENGTH)
      const compact = compactQuery(text, MAX_QUERY_LENGTH)
      if (compact.length === 0 || segments.size === 0) return []
      const limit = clampLimit(searchOptions?.limit, defaultLimit)
      const scope = typeof searchOptions?.scope === 'string' ? searchOptions.scope : undefined
      const phrase = phraseHits(text, compact, scope, limit)
      const words = queryWords(query.trim())
      // One word, or the words as typed already fill the limit with tight hits: that is all.
      const tight = phrase.filter((hit) => hit.tier <= Tier.uriWord)
      if (words.length < 2 || tight.length >= limit) return phrase.map((hit) => hit.hit)
      const minCoverage = clampCoverage(searchOptions?.minCoverage)
      const found = collectWordHits(
        segments.segments,
        segments.size,
        words,
        limit,
        scratches,
        minCoverage,
        searchOptions?.ignoreUnknownWords === true,
      )
      return mergeWordHits(phrase, found, words, limit)
    },

    get size() {
      return segments.size
    },
  }
}
