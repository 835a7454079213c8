// The list view: every resource and template of each server, in one sorted run under its
// server's row (no folders; a directory is listed like any resource).

import { unsortedChildren } from './lazyChildren.ts'
import { listedOf } from './serverTree.ts'
import type { Slicer } from './sortedNodes.ts'
import { sortNodes } from './sortNodes.ts'
import type { FlatRow, ResourceTree, ServerNode, TreeNode } from './treeTypes.ts'

// Gathered in any order (the one sort below decides it), so no folder sorts its children.
function collect(node: TreeNode, into: TreeNode[]): void {
  if (node.kind === 'resource' || node.kind === 'template') {
    into.push(node)
    return
  }
  if (node.kind === 'directory') into.push(node)
  if (node.kind !== 'server' && node.kind !== 'folder' && node.kind !== 'directory') return
  for (const child of unsortedChildren(node)) collect(child, into)
}

// Directories sit among the resources here; templates come last.
const listRank = (node: TreeNode) => (node.kind === 'template' ? 2 : 1)

/**
 * One server's items in list order: resources (and directories), then templates. A tree
 * from buildResourceTree keeps this order as it grows (merged, not sorted again).
 */
export function listItemsOf(
  server: ServerNode,
  tree: Pick<ResourceTree, 'options'>,
): readonly TreeNode[] {
  const listed = listedOf(server)
  if (listed) return listed.nodes
  const items: TreeNode[] = []
  collect(server, items)
  return sortNodes(items, tree.options.sort, listRank)
}

/**
 * Merges a growing server's pending list changes ahead of a read, once they are worth it
 * (idle time), in slices of `slicer`; with `all`, any change (the list stopped growing).
 */
export async function prepareListItems(
  server: ServerNode,
  slicer: Slicer,
  signal?: AbortSignal,
  all = false,
): Promise<void> {
  await listedOf(server)?.prepareInSlices(slicer, signal, all)
}

/** Rows of the list view: per server, its row (depth 0) and then its items (depth 1). */
export function flatList(tree: ResourceTree): FlatRow[] {
  const rows: FlatRow[] = []
  tree.servers.forEach((server, s) => {
    rows.push({
      id: server.id,
      depth: 0,
      node: server,
      parentId: null,
      posInSet: s + 1,
      setSize: tree.servers.length,
      hasChildren: true,
      expanded: true,
    })
    const items = listItemsOf(server, tree)
    items.forEach((node, i) => {
      rows.push({
        id: node.id,
        depth: 1,
        node,
        parentId: server.id,
        posInSet: i + 1,
        setSize: items.length,
        hasChildren: false,
        expanded: false,
      })
    })
  })
  return rows
}
