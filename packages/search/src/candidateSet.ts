// The candidates of one keystroke: for each item, its best tier and a cheap score within the
// tier, plus where it matched (for highlighting). Typed arrays stamped with a generation, so
// a keystroke allocates nothing and clears nothing.

/**
 * Match tiers, best first. The final order is by tier, then fuse.js's score within the
 * tier; typos by edit distance first (the top 3 bits of the cheap score), abbreviations
 * by the cheap score (tightness, then early and short).
 */
export const Tier = {
  /** The name or title contains the query (compact): from a word start, or within one word. */
  label: 0,
  /** A word of the URI starts with the query (`webapp`, `src/comp`). */
  uriWord: 1,
  /** One or two edits from a word prefix (`buttno`, `reamde`). */
  typo: 2,
  /** Each of the query's letters starts a word of the name or title, in order (`rkc`, `up`). */
  abbreviation: 3,
  /** The URI (inside a word) or the description contains the query as a run. */
  other: 4,
  /**
   * Letters picked across words: a substring from inside one word into the next
   * (`Th[read me]rge` for `readme`), or an abbreviation with letters inside words (`btn`).
   * Shown only when no hit of a better tier exists.
   */
  scattered: 5,
} as const
export const TIER_COUNT = 6

/** Cheap scores are clamped to this, so (tier, cheap) fits a small bucket table. */
const CHEAP_MAX = 255

export class CandidateSet {
  readonly tier: Uint8Array
  readonly cheap: Uint8Array
  readonly field: Uint8Array
  readonly offset: Uint16Array
  readonly length: Uint16Array
  readonly #stamp: Uint32Array
  readonly #list: Int32Array
  /** Items that no longer count (removed from the search); never added. */
  readonly excluded: Uint8Array
  /** When set, only items marked 1 here are added (a scoped search). */
  only: Uint8Array | null = null
  #generation = 1
  #size = 0
  #tight = 0

  constructor(capacity: number) {
    this.excluded = new Uint8Array(capacity)
    this.tier = new Uint8Array(capacity)
    this.cheap = new Uint8Array(capacity)
    this.field = new Uint8Array(capacity)
    this.offset = new Uint16Array(capacity)
    this.length = new Uint16Array(capacity)
    this.#stamp = new Uint32Array(capacity)
    this.#list = new Int32Array(capacity)
  }

  /** Distinct items added since the last `reset()`. */
  get size(): number {
    return this.#size
  }

  /** Distinct items added in a tier better than `scattered`: the stages stop when these fill the limit. */
  get tight(): number {
    return this.#tight
  }

  reset(): void {
    this.#generation++
    if (this.#generation === 0xffffffff) {
      this.#stamp.fill(0)
      this.#generation = 1
    }
    this.#size = 0
    this.#tight = 0
  }

  has(item: number): boolean {
    return this.#stamp[item] === this.#generation
  }

  /** Records a match; keeps the better one when the item already matched. */
  add(item: number, tier: number, cheap: number, field: number, offset: number, length: number) {
    if (this.excluded[item] === 1 || (this.only !== null && this.only[item] !== 1)) return
    const score = Math.min(CHEAP_MAX, Math.max(0, cheap))
    if (this.#stamp[item] === this.#generation) {
      const known = this.tier[item]!
      if (known < tier || (known === tier && this.cheap[item]! <= score)) return
      if (known === Tier.scattered) this.#tight++
    } else {
      this.#stamp[item] = this.#generation
      this.#list[this.#size++] = item
      if (tier !== Tier.scattered) this.#tight++
    }
    this.tier[item] = tier
    this.cheap[item] = score
    this.field[item] = field
    this.offset[item] = offset
    this.length[item] = length
  }

  /** How many items matched in `tier` with a cheap score of at most `cheap`. */
  countAtMost(tier: number, cheap: number): number {
    let count = 0
    for (let i = 0; i < this.#size; i++) {
      const item = this.#list[i]!
      if (this.tier[item] === tier && this.cheap[item]! <= cheap) count++
    }
    return count
  }

  /** The `count` best items by (tier, cheap score), best first; ties keep insertion order. */
  top(count: number): number[] {
    const buckets = new Int32Array(TIER_COUNT * (CHEAP_MAX + 1) + 1)
    for (let i = 0; i < this.#size; i++) {
      const item = this.#list[i]!
      buckets[this.tier[item]! * (CHEAP_MAX + 1) + this.cheap[item]! + 1]!++
    }
    // Find the last bucket needed, then place items by a counting sort limited to those buckets.
    let total = 0
    let last = buckets.length - 1
    for (let b = 1; b < buckets.length; b++) {
      total += buckets[b]!
      if (total >= count) {
        last = b
        break
      }
    }
    for (let b = 1; b < buckets.length; b++) buckets[b]! += buckets[b - 1]!
    const placed = Math.min(total, this.#size)
    const out = new Array<number>(placed)
    for (let i = 0; i < this.#size; i++) {
      const item = this.#list[i]!
      const bucket = this.tier[item]! * (CHEAP_MAX + 1) + this.cheap[item]!
      if (bucket + 1 > last) continue
      const at = buckets[bucket]!++
      if (at < placed) out[at] = item
    }
    return out.slice(0, Math.min(count, placed))
  }
}
