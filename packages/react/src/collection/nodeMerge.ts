// One merge of a sorted run with a batch of changes, in steps: at 100,000 nodes a merge
// keys and sorts a quarter of them, compares each log n times and copies four arrays,
// 90-150 ms in Chromium; in steps between which the caller yields, it never holds the
// main thread. The steps: the added nodes' sort keys, their order (stepSort.ts), the merge.
import { compareByKeys, type NodeSortKeys } from './sortNodes.ts'
import { StepSort } from './stepSort.ts'
import type { TreeNode } from './treeTypes.ts'

/** Added nodes keyed, or merged, between two checks of `stop`. */
const CHECK_EVERY = 256

/** Appends the sort keys of `nodes` to `into` (`sortKeysOf` with the run's sort and rank). */
export type KeysOf = (nodes: readonly TreeNode[], into: NodeSortKeys) => void

export class NodeMerge {
  readonly nodes: TreeNode[]
  readonly keys: NodeSortKeys
  readonly #old: readonly TreeNode[]
  readonly #oldKeys: NodeSortKeys
  readonly #drop: readonly number[]
  readonly #added: readonly TreeNode[]
  readonly #addedKeys: NodeSortKeys = { ranks: [], priorities: [], keys: [] }
  readonly #keysOf: KeysOf
  readonly #sorting: StepSort
  /** Added nodes keyed so far. */
  #keyed = 0
  /** Next slot of the result, next old node, next drop, next added (in sorted order). */
  #at = 0
  #a = 0
  #d = 0
  #j = 0

  /** @param drop indices in `old` to leave out, ascending; `added` in any order */
  constructor(
    old: readonly TreeNode[],
    oldKeys: NodeSortKeys,
    drop: readonly number[],
    added: readonly TreeNode[],
    keysOf: KeysOf,
  ) {
    this.#old = old
    this.#oldKeys = oldKeys
    this.#drop = drop
    this.#added = added
    this.#keysOf = keysOf
    const keys = this.#addedKeys
    this.#sorting = new StepSort(added.length, (i, j) =>
      compareByKeys(added, keys, i, added, keys, j),
    )
    const total = old.length - drop.length + added.length
    this.nodes = new Array<TreeNode>(total)
    this.keys = { ranks: new Array(total), priorities: new Array(total), keys: new Array(total) }
  }

  /** Merges on until done (true) or until `stop()` says to pause (false); checked every few hundred nodes. */
  step(stop?: () => boolean): boolean {
    const paused = stop ?? (() => false)
    const added = this.#added
    while (this.#keyed < added.length) {
      const end = Math.min(added.length, this.#keyed + CHECK_EVERY)
      this.#keysOf(added.slice(this.#keyed, end), this.#addedKeys)
      this.#keyed = end
      if (end < added.length && paused()) return false
    }
    if (!this.#sorting.step(stop)) return false
    const old = this.#old
    const oldKeys = this.#oldKeys
    const order = this.#sorting.order
    for (let checked = 0; this.#j < order.length; this.#j++, checked++) {
      if (checked === CHECK_EVERY) {
        if (paused()) return false
        checked = 0
      }
      const j = order[this.#j] as number
      // The added node goes before the first old one that sorts after it: found by binary
      // search, so merging k nodes into n compares k log n times, not n.
      let low = this.#a
      let high = old.length
      while (low < high) {
        const mid = (low + high) >>> 1
        if (compareByKeys(old, oldKeys, mid, this.#added, this.#addedKeys, j) <= 0) low = mid + 1
        else high = mid
      }
      this.#copyOld(low)
      this.#place(this.#added[j] as TreeNode, this.#addedKeys, j)
    }
    this.#copyOld(old.length)
    return true
  }

  /** Copies old nodes up to `end`, leaving out the dropped ones (no comparisons). */
  #copyOld(end: number): void {
    const drop = this.#drop
    for (; this.#a < end; this.#a++) {
      if (drop[this.#d] === this.#a) {
        this.#d++
        continue
      }
      this.#place(this.#old[this.#a] as TreeNode, this.#oldKeys, this.#a)
    }
  }

  #place(node: TreeNode, from: NodeSortKeys, index: number): void {
    const at = this.#at++
    this.nodes[at] = node
    this.keys.ranks[at] = from.ranks[index] as number
    this.keys.priorities[at] = from.priorities[index] as number
    this.keys.keys[at] = from.keys[index] as string
  }
}
