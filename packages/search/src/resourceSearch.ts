// The resource search: cheap stages choose at most a few hundred candidates from a
// precomputed index (collectCandidates.ts), fuse.js ranks them (fuseRanker.ts), and the
// final order is by match tier, then by fuse.js's score within the tier.
import { CandidateSet, TIER_COUNT, Tier } from './candidateSet.ts'
import { collectCandidates, createStageState } from './collectCandidates.ts'
import { compactQuery } from './compact.ts'
import { fuseProxy } from './fuseProxy.ts'
import { FuseRanker } from './fuseRanker.ts'
import { hitMatches } from './hitMatches.ts'
import { buildCorpus } from './searchCorpus.ts'
import type {
  ResourceSearch,
  ResourceSearchOptions,
  SearchableItem,
  SearchHit,
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

/** Creates a search over resources; call `setItems` before searching. */
export function createResourceSearch<T extends SearchableItem>(
  options: ResourceSearchOptions = {},
): ResourceSearch<T> {
  const defaultLimit = clampLimit(options.limit, DEFAULT_LIMIT)
  let corpus = buildCorpus<T>([])
  let candidates = new CandidateSet(0)
  let ranker = new FuseRanker(corpus)
  let state = createStageState()

  /**
   * The `count` candidates fuse.js will rank: by tier, then our own order where it decides
   * (typo distance, abbreviation tightness), then by how fuse.js would likely score them.
   */
  function choose(pool: number[], count: number, text: string): number[] {
    if (pool.length <= count) return pool
    const lowered = text.toLowerCase()
    const keyed = pool.map((item, order) => {
      const tier = candidates.tier[item]!
      const cheap = candidates.cheap[item]!
      const group = tier === Tier.abbreviation ? cheap : tier === Tier.typo ? cheap >> 5 : 0
      return { item, order, group: tier * 256 + group, proxy: fuseProxy(corpus.raw, item, lowered) }
    })
    keyed.sort((a, b) => a.group - b.group || a.proxy - b.proxy || a.order - b.order)
    return keyed.slice(0, count).map((entry) => entry.item)
  }

  return {
    setItems(items) {
      corpus = buildCorpus(items)
      candidates = new CandidateSet(corpus.items.length)
      ranker = new FuseRanker(corpus)
      state = createStageState()
    },

    search(query, searchOptions?: SearchOptions) {
      if (typeof query !== 'string') return []
      const text = query.trim().slice(0, MAX_QUERY_LENGTH)
      const compact = compactQuery(text, MAX_QUERY_LENGTH)
      if (compact.length === 0 || corpus.items.length === 0) return []
      const limit = clampLimit(searchOptions?.limit, defaultLimit)
      const rankedCount = Math.max(Math.ceil(1.5 * limit), MIN_RANKED)
      collectCandidates(corpus, compact, candidates, limit, rankedCount, state)
      const chosen = choose(candidates.top(rankedCount * POOL_FACTOR), rankedCount, text)
      const fuseScores = ranker.rank(chosen, text)
      const ranked = chosen.map((item, order) => {
        const tier = candidates.tier[item]!
        const fuseScore = fuseScores.get(item) ?? 1
        // fuse.js buries abbreviations (its score is noise for them: order by our cheap score)
        // and ranks typos well once grouped by edit distance (the top bits of the cheap score).
        const cheap = candidates.cheap[item]!
        const within =
          tier === Tier.abbreviation
            ? (cheap + fuseScore) / 256
            : tier === Tier.typo
              ? ((cheap >> 5) + fuseScore) / 8
              : fuseScore
        return { item, order, score: (tier + within) / TIER_COUNT }
      })
      ranked.sort((a, b) => a.score - b.score || a.order - b.order)
      return ranked.slice(0, limit).map(({ item, score }): SearchHit<T> => {
        const evidence = {
          tier: candidates.tier[item]!,
          field: candidates.field[item]!,
          offset: candidates.offset[item]!,
          length: candidates.length[item]!,
        }
        return {
          item: corpus.items[item]!,
          score,
          matches: hitMatches(corpus, item, compact, evidence),
        }
      })
    },

    get size() {
      return corpus.items.length
    },
  }
}
