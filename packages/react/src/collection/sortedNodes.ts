// A run of nodes kept in sibling order while it changes. Changes wait for the next read:
// nodes added since then are sorted alone and merged in, each at a place found by binary
// search, as are nodes removed, so k changes to n nodes cost k log k + k log n comparisons
// and n pointer moves, not a sort of all n. Nothing is sorted before the first read (a folder nobody opens is never sorted).
import { NodeMerge } from './nodeMerge.ts'
import { compareByKeys, type NodeSortKeys, rankOf, sortKeysOf } from './sortNodes.ts'
import type { TreeNode, TreeSort } from './treeTypes.ts'

/** What a merge in slices needs of a time slicer (`createTimeSlicer` from the search package). */
export interface Slicer {
  readonly spent: boolean
  yield(signal?: AbortSignal): Promise<void>
}

const NONE: readonly TreeNode[] = Object.freeze([])
const NO_KEYS: NodeSortKeys = Object.freeze({ ranks: [], priorities: [], keys: [] })
// Up to this many changes at once are spliced in; more are merged in one pass.
const SPLICE_AT_MOST = 8

export class SortedNodes {
  #sort: TreeSort
  #rank: (node: TreeNode) => number
  // In order, as of the last read, with their sort keys.
  #nodes: readonly TreeNode[] = NONE
  #keys: NodeSortKeys | undefined
  // Since the last read: added in any order; removed from `#nodes` or `#added`.
  #added: TreeNode[] = []
  #removed: TreeNode[] | undefined
  // A merge in slices (prepareInSlices) not yet installed: its changes are out of the two above.
  #merging: NodeMerge | undefined

  constructor(sort: TreeSort, rank: (node: TreeNode) => number = rankOf) {
    this.#sort = sort
    this.#rank = rank
  }

  /** How many nodes are here (no sorting). */
  get size(): number {
    const nodes = this.#merging?.nodes.length ?? this.#nodes.length
    return nodes + this.#added.length - (this.#removed?.length ?? 0)
  }

  /** Adds a node not already here. */
  add(node: TreeNode): void {
    this.#added.push(node)
  }

  /** Takes out a node that is here (added before, and not removed since). */
  remove(node: TreeNode): void {
    this.#removed ??= []
    this.#removed.push(node)
  }

  /**
   * Merges the changes since the last read once they are a quarter of the run or more (in
   * idle time, ahead of a read): a walk of n nodes then costs a few merges of n, not one per
   * page, and a later read finds at most a quarter left to merge. Yields whenever
   * `slicer`'s slice is spent. Changes meanwhile wait for the next merge; a read meanwhile
   * finishes this one at once. Aborting leaves the rest to the next read or the next call.
   */
  async prepareInSlices(
    slicer: Slicer,
    signal?: AbortSignal,
    /** Merge any change, not only a quarter or more (the run has stopped growing). */
    all = false,
  ): Promise<void> {
    // A merge an abort paused goes on from where it stopped.
    let merge = this.#merging
    if (!merge) {
      if (!this.#worthMerging(all)) return
      const drop = this.#takeOut()
      const added = this.#added
      this.#added = []
      merge = this.#startMerge(drop, added)
      if (!merge) return
      this.#merging = merge
    }
    while (!merge.step(() => slicer.spent)) {
      try {
        await slicer.yield(signal)
      } catch {
        return
      }
      if (this.#merging !== merge) return
    }
    this.#finish(merge)
  }

  #worthMerging(all = false): boolean {
    const pending = this.#added.length + (this.#removed?.length ?? 0)
    return pending > 0 && (all || pending * 4 >= this.#nodes.length)
  }

  /** The nodes in order (a new array after each change; do not mutate). */
  get nodes(): readonly TreeNode[] {
    this.#settle()
    const drop = this.#takeOut()
    const added = this.#added
    if (drop.length > 0 || added.length > 0) {
      this.#added = []
      this.#merge(drop, added)
    }
    return this.#nodes
  }

  /** The nodes in any order, without sorting anything. */
  get unsorted(): readonly TreeNode[] {
    this.#settle()
    const drop = this.#takeOut()
    if (drop.length > 0) this.#merge(drop, [])
    if (this.#added.length === 0) return this.#nodes
    return this.#nodes.length === 0 ? this.#added : [...this.#nodes, ...this.#added]
  }

  /** Drops the removed nodes from `#added`; returns the indices in `#nodes` of the others. */
  #takeOut(): number[] {
    const removed = this.#removed
    if (removed === undefined || removed.length === 0) return []
    this.#removed = undefined
    const rest = new Set(removed)
    if (this.#added.length > 0) this.#added = this.#added.filter((node) => !rest.delete(node))
    const drop: number[] = []
    for (const node of rest) {
      const at = this.#indexOf(node)
      if (at >= 0) drop.push(at)
    }
    return drop.sort((a, b) => a - b)
  }

  /** Where `node` is in `#nodes`: by binary search on its sort keys (the order is total). */
  #indexOf(node: TreeNode): number {
    const nodes = this.#nodes
    const keys = this.#keys
    if (keys === undefined) return -1
    const one = [node]
    const own = sortKeysOf(one, this.#sort, this.#rank)
    let low = 0
    let high = nodes.length
    while (low < high) {
      const mid = (low + high) >>> 1
      if (compareByKeys(nodes, keys, mid, one, own, 0) < 0) low = mid + 1
      else high = mid
    }
    // A miss means the node's keys changed since it was added (a mutated resource).
    return nodes[low] === node ? low : nodes.indexOf(node)
  }

  /** Rebuilds `#nodes` without the `drop` indices (ascending) and with `added` merged in. */
  #merge(drop: readonly number[], added: readonly TreeNode[]): void {
    const merge = this.#startMerge(drop, added)
    if (merge) this.#finish(merge)
  }

  /** Splices a few changes in at once, or returns the merge (keys, order, merge, in steps) to run. */
  #startMerge(drop: readonly number[], added: readonly TreeNode[]): NodeMerge | undefined {
    if (this.#keys !== undefined && drop.length + added.length <= SPLICE_AT_MOST) {
      const keys = sortKeysOf(added, this.#sort, this.#rank)
      const order = added.map((_, i) => i)
      order.sort((i, j) => compareByKeys(added, keys, i, added, keys, j))
      this.#splice(drop, added, keys, order)
      return undefined
    }
    const keysOf = (nodes: readonly TreeNode[], into: NodeSortKeys) => {
      sortKeysOf(nodes, this.#sort, this.#rank, into)
    }
    return new NodeMerge(this.#nodes, this.#keys ?? NO_KEYS, drop, added, keysOf)
  }

  /** Runs what is left of `merge` and installs its result. */
  #finish(merge: NodeMerge): void {
    merge.step()
    if (this.#merging === merge) this.#merging = undefined
    this.#nodes = merge.nodes
    this.#keys = merge.keys
  }

  /** A read during a merge in slices finishes it first (the read sees every change). */
  #settle(): void {
    if (this.#merging) this.#finish(this.#merging)
  }

  /**
   * A few changes: a copy of the nodes (a reader may hold the old array) and the private
   * keys changed in place, by `splice` (a native move) where a merge would copy four
   * arrays element by element.
   */
  #splice(
    drop: readonly number[],
    added: readonly TreeNode[],
    keys: NodeSortKeys,
    order: readonly number[],
  ): void {
    const nodes = this.#nodes.slice()
    const own = this.#keys as NodeSortKeys
    for (let d = drop.length - 1; d >= 0; d--) {
      const at = drop[d] as number
      nodes.splice(at, 1)
      own.ranks.splice(at, 1)
      own.priorities.splice(at, 1)
      own.keys.splice(at, 1)
    }
    for (const j of order) {
      let low = 0
      let high = nodes.length
      while (low < high) {
        const mid = (low + high) >>> 1
        if (compareByKeys(nodes, own, mid, added, keys, j) <= 0) low = mid + 1
        else high = mid
      }
      nodes.splice(low, 0, added[j] as TreeNode)
      own.ranks.splice(low, 0, keys.ranks[j] as number)
      own.priorities.splice(low, 0, keys.priorities[j] as number)
      own.keys.splice(low, 0, keys.keys[j] as string)
    }
    this.#nodes = nodes
  }
}
