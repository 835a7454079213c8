// A run of nodes kept in sibling order while more arrive: the new nodes are sorted alone
// and merged in, so a page of k nodes added to n costs k log k + n (pointer moves), not a
// sort of all n + k. Used for the list view of a tree that grows page by page.
import { compareByKeys, type NodeSortKeys, rankOf, sortKeysOf } from './sortNodes.ts'
import type { TreeNode, TreeSort } from './treeTypes.ts'

export class SortedNodes {
  #sort: TreeSort
  #rank: (node: TreeNode) => number
  #nodes: TreeNode[] = []
  #keys: NodeSortKeys = { ranks: [], priorities: [], keys: [] }

  constructor(sort: TreeSort, rank: (node: TreeNode) => number = rankOf) {
    this.#sort = sort
    this.#rank = rank
  }

  /** The nodes in order (a new array after each `add`; do not mutate). */
  get nodes(): readonly TreeNode[] {
    return this.#nodes
  }

  /** Adds nodes (none of them already here). */
  add(added: readonly TreeNode[]): void {
    if (added.length === 0) return
    const keys = sortKeysOf(added, this.#sort, this.#rank)
    const order = added.map((_, i) => i)
    order.sort((i, j) => compareByKeys(added, keys, i, added, keys, j))
    const old = this.#nodes
    const oldKeys = this.#keys
    const total = old.length + added.length
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
    for (let at = 0; at < total; at++) {
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
