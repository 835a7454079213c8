// A run of nodes kept in sibling order while it changes. Changes wait for the next read:
// nodes added since then are sorted alone and merged in, nodes removed are found by binary
// search, so k changes to n nodes cost k log k + k log n + n pointer moves, not a sort of
// all n. Nothing is sorted before the first read (a folder nobody opens is never sorted).
import { compareByKeys, type NodeSortKeys, rankOf, sortKeysOf } from './sortNodes.ts'
import type { TreeNode, TreeSort } from './treeTypes.ts'

const NONE: readonly TreeNode[] = Object.freeze([])

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
    const old = this.#nodes
    const oldKeys = this.#keys ?? keys
    const total = old.length - drop.length + added.length
    const nodes = new Array<TreeNode>(total)
    const merged: NodeSortKeys = {
      ranks: new Array(total),
      priorities: new Array(total),
      keys: new Array(total),
    }
    const put = (at: number, from: readonly TreeNode[], k: NodeSortKeys, i: number) => {
      nodes[at] = from[i] as TreeNode
      merged.ranks[at] = k.ranks[i] as number
      merged.priorities[at] = k.priorities[i] as number
      merged.keys[at] = k.keys[i] as string
    }
    let a = 0
    let b = 0
    let d = 0
    for (let at = 0; at < total; at++) {
      while (d < drop.length && drop[d] === a) {
        a++
        d++
      }
      const j = order[b] as number
      if (
        b >= order.length ||
        (a < old.length && compareByKeys(old, oldKeys, a, added, keys, j) <= 0)
      ) {
        put(at, old, oldKeys, a++)
      } else {
        put(at, added, keys, j)
        b++
      }
    }
    this.#nodes = nodes
    this.#keys = merged
  }
}
