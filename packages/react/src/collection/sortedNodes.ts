// A run of nodes kept in sibling order while it changes. Changes wait for the next read:
// nodes added since then are sorted alone and merged in, each at a place found by binary
// search, as are nodes removed, so k changes to n nodes cost k log k + k log n comparisons
// and n pointer moves, not a sort of all n. Nothing is sorted before the first read (a folder nobody opens is never sorted).
import { compareByKeys, type NodeSortKeys, rankOf, sortKeysOf } from './sortNodes.ts'
import type { TreeNode, TreeSort } from './treeTypes.ts'

const NONE: readonly TreeNode[] = Object.freeze([])
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

  constructor(sort: TreeSort, rank: (node: TreeNode) => number = rankOf) {
    this.#sort = sort
    this.#rank = rank
  }

  /** How many nodes are here (no sorting). */
  get size(): number {
    return this.#nodes.length + this.#added.length - (this.#removed?.length ?? 0)
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

  /** The nodes in order (a new array after each change; do not mutate). */
  get nodes(): readonly TreeNode[] {
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
    const keys = sortKeysOf(added, this.#sort, this.#rank)
    const order = added.map((_, i) => i)
    order.sort((i, j) => compareByKeys(added, keys, i, added, keys, j))
    if (this.#keys !== undefined && drop.length + added.length <= SPLICE_AT_MOST) {
      this.#splice(drop, added, keys, order)
      return
    }
    const old = this.#nodes
    const oldKeys = this.#keys ?? keys
    const total = old.length - drop.length + added.length
    const nodes = new Array<TreeNode>(total)
    const merged: NodeSortKeys = {
      ranks: new Array(total),
      priorities: new Array(total),
      keys: new Array(total),
    }
    let at = 0
    let a = 0
    let d = 0
    // Copies old nodes up to `end`, leaving out the dropped ones (no comparisons).
    const copyOld = (end: number) => {
      for (; a < end; a++) {
        if (drop[d] === a) {
          d++
          continue
        }
        nodes[at] = old[a] as TreeNode
        merged.ranks[at] = oldKeys.ranks[a] as number
        merged.priorities[at] = oldKeys.priorities[a] as number
        merged.keys[at++] = oldKeys.keys[a] as string
      }
    }
    for (const j of order) {
      // The added node goes before the first old one that sorts after it: found by binary
      // search, so merging k nodes into n compares k log n times, not n.
      let low = a
      let high = old.length
      while (low < high) {
        const mid = (low + high) >>> 1
        if (compareByKeys(old, oldKeys, mid, added, keys, j) <= 0) low = mid + 1
        else high = mid
      }
      copyOld(low)
      nodes[at] = added[j] as TreeNode
      merged.ranks[at] = keys.ranks[j] as number
      merged.priorities[at] = keys.priorities[j] as number
      merged.keys[at++] = keys.keys[j] as string
    }
    copyOld(old.length)
    this.#nodes = nodes
    this.#keys = merged
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
