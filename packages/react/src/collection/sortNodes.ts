// Sibling order: folders and directories first (by name), then resources and templates by
// priority (desc) and name, the template group last. Names compare lowercased by code unit:
// Intl.Collator was 2–3× slower on 100,000 siblings, and ties fall back to the id so the
// order is total and the same on every rebuild.
import { priorityOf } from './annotations.ts'
import type { TreeNode, TreeSort } from './treeTypes.ts'

/** A node's group among its siblings: 0 folders and directories, 1 items, 2 the template group. */
export function rankOf(node: TreeNode): number {
  switch (node.kind) {
    case 'folder':
      return node.folder === 'templates' ? 2 : 0
    case 'server':
    case 'directory':
      return 0
    default:
      return 1
  }
}

function priorityOfNode(node: TreeNode): number {
  if (node.kind === 'resource' || node.kind === 'directory') return priorityOf(node.resource)
  if (node.kind === 'template') return priorityOf(node.template)
  return 0
}

/**
 * Sorts nodes (a new array) in sibling order; `rank` can regroup them (the list view puts
 * directories among the resources). Sort keys are computed once per node into parallel
 * arrays and the comparator works on indices: no wrapper object per node (sorting 100,000
 * nodes compares ~1.7 million times).
 */
export function sortNodes(
  nodes: readonly TreeNode[],
  sort: TreeSort,
  rank: (node: TreeNode) => number = rankOf,
): TreeNode[] {
  const n = nodes.length
  if (n < 2) return nodes.slice()
  const ranks = new Array<number>(n)
  const priorities = new Array<number>(n)
  const keys = new Array<string>(n)
  const order = new Array<number>(n)
  for (let i = 0; i < n; i++) {
    const node = nodes[i] as TreeNode
    ranks[i] = rank(node)
    // Only items carry a priority; folders order by name.
    priorities[i] = sort === 'priority' && ranks[i] === 1 ? priorityOfNode(node) : 0
    keys[i] = node.label.toLowerCase()
    order[i] = i
  }
  order.sort((a, b) => {
    const rankA = ranks[a] as number
    const rankB = ranks[b] as number
    if (rankA !== rankB) return rankA - rankB
    const pa = priorities[a] as number
    const pb = priorities[b] as number
    if (pa !== pb) return pb - pa
    const ka = keys[a] as string
    const kb = keys[b] as string
    if (ka !== kb) return ka < kb ? -1 : 1
    const x = nodes[a] as TreeNode
    const y = nodes[b] as TreeNode
    if (x.label !== y.label) return x.label < y.label ? -1 : 1
    return x.id < y.id ? -1 : x.id > y.id ? 1 : 0
  })
  const sorted = new Array<TreeNode>(n)
  for (let i = 0; i < n; i++) sorted[i] = nodes[order[i] as number] as TreeNode
  return sorted
}
