// One segment of the search: the index of some of the items (a page, a diff, or several
// merged), built once and never changed, except that items can be struck out. Appending
// a page builds a segment of that page only; small segments are merged as they pile up
// (searchSegments.ts), so every item is re-indexed a few times over a whole walk, not once
// per page.
import { CandidateSet } from './candidateSet.ts'
import { createStageState, type StageState } from './collectCandidates.ts'
import { FuseRanker } from './fuseRanker.ts'
import { buildCorpus, type SearchCorpus } from './searchCorpus.ts'
import type { SearchableItem } from './types.ts'

export class SearchSegment<T extends SearchableItem> {
  readonly corpus: SearchCorpus<T>
  readonly candidates: CandidateSet
  readonly ranker: FuseRanker<T>
  readonly state: StageState = createStageState()
  /** Items not struck out. */
  live: number
  #scopeMask: { scope: string; mask: Uint8Array } | null = null

  constructor(items: readonly T[]) {
    this.corpus = buildCorpus(items)
    this.candidates = new CandidateSet(this.corpus.items.length)
    this.ranker = new FuseRanker(this.corpus)
    this.live = this.corpus.items.length
  }

  get size(): number {
    return this.corpus.items.length
  }

  isLive(item: number): boolean {
    return this.candidates.excluded[item] === 0
  }

  /** Limits the next searches to items of `scope` (all items when undefined). */
  setScope(scope: string | undefined): void {
    if (this.state.scope !== scope) {
      this.state.scope = scope
      this.state.labels = undefined
      this.state.others = undefined
    }
    if (scope === undefined) {
      this.candidates.only = null
      return
    }
    if (this.#scopeMask?.scope !== scope) {
      const mask = new Uint8Array(this.size)
      const items = this.corpus.items
      for (let i = 0; i < mask.length; i++) mask[i] = items[i]!.scope === scope ? 1 : 0
      this.#scopeMask = { scope, mask }
    }
    this.candidates.only = this.#scopeMask.mask
  }

  /** Strikes `item` out: no search finds it again. */
  strike(item: number): void {
    if (this.candidates.excluded[item] === 1) return
    this.candidates.excluded[item] = 1
    this.live--
  }

  /** The items not struck out, in order. */
  liveItems(): T[] {
    const items: T[] = []
    for (let i = 0; i < this.size; i++) if (this.isLive(i)) items.push(this.corpus.items[i]!)
    return items
  }
}
