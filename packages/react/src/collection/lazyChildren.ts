// Containers sort their children on first read: a tree of 100,000 resources is built without
// sorting folders nobody opens. The unsorted array stays reachable for the list view, which
// sorts every item of a server in one run anyway.
import { sortNodes } from './sortNodes.ts'
import type { ContainerNode, TreeNode, TreeSort } from './treeTypes.ts'

const UNSORTED = Symbol('rk.unsortedChildren')

type WithUnsorted = { [UNSORTED]?: readonly TreeNode[] }

/** Makes `node.children` the sorted `raw` children, sorted on first read (and once). */
export function defineLazyChildren<T extends ContainerNode>(
  node: T,
  raw: TreeNode[],
  sort: TreeSort,
): T {
  let sorted: readonly TreeNode[] | undefined
  Object.defineProperty(node, UNSORTED, { value: raw, enumerable: false, configurable: true })
  Object.defineProperty(node, 'children', {
    enumerable: true,
    configurable: true,
    get: () => {
      if (sorted === undefined) sorted = sortNodes(raw, sort)
      return sorted
    },
  })
  return node
}

/** A container's children in any order (no sorting is triggered). */
export function unsortedChildren(node: ContainerNode): readonly TreeNode[] {
  return (node as WithUnsorted)[UNSORTED] ?? node.children
}
