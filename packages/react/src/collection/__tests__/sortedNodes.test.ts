// SortedNodes.prepare: merges ahead of a read only once the changes are worth a merge.
import { describe, expect, it } from 'vitest'
import { buildResourceTree } from '../buildResourceTree.ts'
import { listItemsOf } from '../flatList.ts'
import { SortedNodes } from '../sortedNodes.ts'
import type { ServerNode } from '../treeTypes.ts'

function nodes(count: number, prefix: string) {
  const tree = buildResourceTree([
    {
      serverId: 's',
      resources: Array.from({ length: count }, (_, i) => ({
        uri: `x://${prefix}/${i}`,
        name: `${prefix}-${i}`,
      })),
    },
  ])
  return [...listItemsOf(tree.servers[0] as ServerNode, tree)]
}

/** Whether the run has nothing left to merge (what `unsorted` shows without merging). */
const merged = (run: SortedNodes) => run.unsorted === run.nodes

describe('SortedNodes.prepare', () => {
  it('merges a quarter or more of changes ahead of a read, and leaves fewer for the read', () => {
    const run = new SortedNodes('name')
    for (const node of nodes(100, 'a')) run.add(node)
    expect(run.nodes).toHaveLength(100)
    const few = nodes(10, 'b')
    for (const node of few) run.add(node)
    run.prepare()
    expect(merged(run)).toBe(false)
    expect(run.nodes).toHaveLength(110)
    for (const node of nodes(30, 'c')) run.add(node)
    run.prepare()
    expect(merged(run)).toBe(true)
    expect(run.nodes).toHaveLength(140)
  })
})
