// fuse.js ranks the few candidates the cheap stages chose. Its index records are built
// once per item, when the item first becomes a candidate, and reused by every keystroke.
import Fuse, { type IFuseOptions } from 'fuse.js'
import { FIELD_KEYS, type SearchCorpus } from './searchCorpus.ts'

/** The keys and weights every ranking uses (and the fuse.js-alone baseline in the bench). */
export const FUSE_KEYS = [
  { name: 'name', weight: 3 },
  { name: 'title', weight: 2 },
  { name: 'uri', weight: 1 },
  { name: 'description', weight: 0.5 },
]

/**
 * fuse.js options of the ranking; fuse's defaults otherwise (threshold 0.6, location 0,
 * distance 100). No `includeMatches`: the highlights come from our own stages (hitMatches.ts).
 */
export function fuseOptions<T>(): IFuseOptions<T> {
  return { keys: FUSE_KEYS, includeScore: true }
}

type IndexData = Parameters<typeof Fuse.parseIndex>[0]
type IndexRecord = IndexData['records'][number]
type RecordFields = NonNullable<IndexRecord['$']>

/** fuse.js's field-length norm (fieldNormWeight 1): 1/√(whitespace-separated tokens), 3 decimals. */
export function fieldNorm(value: string): number {
  let tokens = 0
  let inWord = false
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i)
    const space = (code >= 9 && code <= 13) || code === 32 || code === 160
    if (!space && !inWord) tokens++
    inWord = !space
  }
  return Math.round(1000 / Math.sqrt(Math.max(1, tokens))) / 1000
}

const RANK_OPTIONS = fuseOptions<unknown>()
const RANK_KEYS = Fuse.createIndex(FUSE_KEYS, []).keys

/** fuse.js scores of `docs` (with their index records) for `query`, by position; `undefined` where it does not match. */
export function rankRecords<T>(
  docs: readonly T[],
  fields: readonly RecordFields[],
  query: string,
): (number | undefined)[] {
  const records = fields.map((record, i): IndexRecord => ({ i, $: record }))
  const index = Fuse.parseIndex<T>({ keys: RANK_KEYS, records })
  const fuse = new Fuse(docs, RANK_OPTIONS as IFuseOptions<T>, index)
  const scores = new Array<number | undefined>(docs.length)
  for (const result of fuse.search(query)) scores[result.refIndex] = result.score ?? 1
  return scores
}

export type { RecordFields }

export class FuseRanker<T> {
  readonly #corpus: SearchCorpus<T>
  readonly #fields: (RecordFields | undefined)[]

  constructor(corpus: SearchCorpus<T>) {
    this.#corpus = corpus
    this.#fields = new Array(corpus.items.length)
  }

  /** fuse.js scores of `items` (corpus indexes) for `query`; items it does not match are left out. */
  rank(items: readonly number[], query: string): Map<number, number> {
    const scores = new Map<number, number>()
    const found = rankRecords(
      items.map((item) => this.#corpus.items[item]!),
      items.map((item) => this.recordFields(item)),
      query,
    )
    found.forEach((score, i) => {
      if (score !== undefined) scores.set(items[i]!, score)
    })
    return scores
  }

  /** The fuse.js index record of `item`, built on first use. */
  recordFields(item: number): RecordFields {
    const known = this.#fields[item]
    if (known) return known
    const fields: RecordFields = {}
    for (let key = 0; key < FIELD_KEYS.length; key++) {
      const value = this.#corpus.raw[key]![item]!
      if (value.trim().length > 0) fields[key] = { v: value, n: fieldNorm(value) }
    }
    this.#fields[item] = fields
    return fields
  }
}
