// Containers sort their children on first read: a tree of 100,000 resources is built without
// sorting folders nobody opens. The unsorted array stays reachable for the list view, which
// sorts every item of a server in one run anyway. A tree that grows (growingTree.ts) pushes
// to the unsorted array; the next read merges only the new children into the sorted ones.
import { SortedNodes } from './sortedNodes.ts'
import type { ContainerNode, TreeNode, TreeSort } from './treeTypes.ts'

const UNSORTED = Symbol('rk.unsortedChildren')

type WithUnsorted = { [UNSORTED]?: readonly TreeNode[] }

/** Makes `node.children` the sorted `raw` children, sorted on first read (new ones merged in later). */
export function defineLazyChildren<T extends ContainerNode>(
  node: T,
  raw: TreeNode[],
  sort: TreeSort,
): T {
  let sorted: SortedNodes | undefined
  let count = 0
  Object.defineProperty(node, UNSORTED, { value: raw, enumerable: false, configurable: true })
  Object.defineProperty(node, 'children', {
    enumerable: true,
    configurable: true,
    get: () => {
      sorted ??= new SortedNodes(sort)
      if (count < raw.length) {
        sorted.add(count === 0 ? raw : raw.slice(count))
        count = raw.length
      }
      return sorted.nodes
    },
  })
  return node
}

/** A container's children in any order (no sorting is triggered). */
export function unsortedChildren(node: ContainerNode): readonly TreeNode[] {
  return (node as WithUnsorted)[UNSORTED] ?? node.children
}
