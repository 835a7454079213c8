// Containers sort their children on first read: a tree of 100,000 resources is built without
// sorting folders nobody opens. The unsorted children stay reachable for the list view, which
// sorts every item of a server in one run anyway. A tree that changes (growResourceTree) adds
// and removes children in their `SortedNodes`; the next read merges only the changes.
import type { SortedNodes } from './sortedNodes.ts'
import type { ContainerNode, TreeNode } from './treeTypes.ts'

const UNSORTED = Symbol('rk.unsortedChildren')

type WithUnsorted = { readonly [UNSORTED]?: readonly TreeNode[] }

/** Makes `node.children` the nodes of `children`, sorted on read. */
export function defineLazyChildren<T extends ContainerNode>(node: T, children: SortedNodes): T {
  Object.defineProperty(node, UNSORTED, {
    enumerable: false,
    configurable: true,
    get: () => children.unsorted,
  })
  Object.defineProperty(node, 'children', {
    enumerable: true,
    configurable: true,
    get: () => children.nodes,
  })
  return node
}

/** A container's children in any order (no sorting is triggered). */
export function unsortedChildren(node: ContainerNode): readonly TreeNode[] {
  return (node as WithUnsorted)[UNSORTED] ?? node.children
}
