// Tree + expanded ids → the visible rows of a virtualized tree, with what aria-level,
// aria-posinset and aria-setsize need. Only expanded branches are walked.
import type { ContainerNode, DirectoryNode, FlatRow, ResourceTree, TreeNode } from './treeTypes.ts'

export interface FlattenTreeOptions {
  /** Children read for a lazy directory (e.g. from `directoryChildren`); its merged children otherwise. */
  childrenOf?: (node: DirectoryNode) => readonly TreeNode[] | undefined
}

function isContainer(node: TreeNode): node is ContainerNode {
  return node.kind === 'server' || node.kind === 'folder' || node.kind === 'directory'
}

/** Whether a node can be expanded: servers and lazy directories always, folders when not empty. */
export function canExpand(node: TreeNode): boolean {
  if (node.kind === 'server' || node.kind === 'directory') return true
  return node.kind === 'folder' && node.children.length > 0
}

/** The visible rows, depth-first, for the given expanded node ids. */
export function flattenTree(
  tree: ResourceTree | readonly TreeNode[],
  expandedIds: ReadonlySet<string>,
  options: FlattenTreeOptions = {},
): FlatRow[] {
  const own = Array.isArray(tree) ? undefined : (tree as ResourceTree).nodes
  const roots: readonly TreeNode[] = Array.isArray(tree) ? tree : (tree as ResourceTree).servers
  const rows: FlatRow[] = []
  const { childrenOf } = options
  // Children read from a server are untrusted: one listing itself, an ancestor or a node
  // shown elsewhere is dropped, so no branch loops and a row id appears once (the
  // virtualizer keys on it). The tree's own nodes are unique by construction.
  const seen = new Set<string>()
  const shown = (node: TreeNode) => {
    if (own?.get(node.id) === node) return true
    if (own?.has(node.id) || seen.has(node.id)) return false
    seen.add(node.id)
    return true
  }
  const visit = (siblings: readonly TreeNode[], depth: number, parentId: string | null) => {
    const visible = siblings.filter(shown)
    const setSize = visible.length
    for (let i = 0; i < setSize; i++) {
      const node = visible[i] as TreeNode
      const hasChildren = canExpand(node)
      const expanded = hasChildren && expandedIds.has(node.id)
      rows.push({
        id: node.id,
        depth,
        node,
        parentId,
        posInSet: i + 1,
        setSize,
        hasChildren,
        expanded,
      })
      if (!expanded || !isContainer(node)) continue
      const children = (node.kind === 'directory' && childrenOf?.(node)) || node.children
      visit(children, depth + 1, node.id)
    }
  }
  visit(roots, 0, null)
  return rows
}
