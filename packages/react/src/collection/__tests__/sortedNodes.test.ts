// SortedNodes.prepareInSlices: merges ahead of a read only once the changes are worth a merge.
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

/** A slice that is never spent: the merge runs in one go. */
const unhurried = { spent: false, yield: async () => {} }

describe('SortedNodes.prepareInSlices, what it merges', () => {
  it('merges a quarter or more of changes ahead of a read, and leaves fewer for the read', async () => {
    const run = new SortedNodes('name')
    for (const node of nodes(100, 'a')) run.add(node)
    expect(run.nodes).toHaveLength(100)
    const few = nodes(10, 'b')
    for (const node of few) run.add(node)
    await run.prepareInSlices(unhurried)
    expect(merged(run)).toBe(false)
    expect(run.nodes).toHaveLength(110)
    for (const node of nodes(30, 'c')) run.add(node)
    await run.prepareInSlices(unhurried)
    expect(merged(run)).toBe(true)
    expect(run.nodes).toHaveLength(140)
  })
})

/** The same nodes merged at once: the order a sliced merge must end in. */
function sortedAtOnce(all: Parameters<SortedNodes['add']>[0][]) {
  const run = new SortedNodes('name')
  for (const node of all) run.add(node)
  return run.nodes
}

/** A run of `size` nodes, read once, with `pending` more added since (not merged yet). */
function grown(size: number, pending: number, prefix: string) {
  const run = new SortedNodes('name')
  const first = nodes(size, 'm')
  for (const node of first) run.add(node)
  void run.nodes
  const added = nodes(pending, prefix)
  for (const node of added) run.add(node)
  return { run, first, added }
}

describe('SortedNodes.prepareInSlices', () => {
  it('yields between steps of a large merge and ends in the order of a merge at once', async () => {
    const { run, first, added } = grown(3000, 2000, 'k')
    let yields = 0
    await run.prepareInSlices({
      spent: true,
      yield: async () => {
        yields++
      },
    })
    // 2,000 added nodes, a check every 256 in each step: 7 pauses keying them, 7 sorting
    // runs of 256, 23 in the three merge passes of the sort (6,000 placed), 7 merging them in.
    expect(yields).toBe(44)
    expect(run.nodes).toEqual(sortedAtOnce([...first, ...added]))
  })

  it('keys a large batch in steps too: at most 256 labels read between two pauses', async () => {
    const { run, first, added } = grown(1000, 3000, 'q')
    let reads = 0
    for (const node of added) {
      const label = node.label
      Object.defineProperty(node, 'label', {
        get: () => {
          reads++
          return label
        },
      })
    }
    let most = 0
    await run.prepareInSlices({
      spent: true,
      yield: async () => {
        most = Math.max(most, reads)
        reads = 0
      },
    })
    most = Math.max(most, reads)
    expect(most).toBeLessThanOrEqual(256)
    expect(run.nodes).toEqual(sortedAtOnce([...first, ...added]))
  })

  it('lets a read in the middle of a merge finish it, with the changes made meanwhile', async () => {
    const { run, first, added } = grown(1000, 1000, 'a')
    const never = new Promise<void>(() => {})
    void run.prepareInSlices({ spent: true, yield: () => never })
    await Promise.resolve()
    // Changes while the merge is paused: one more node, one of the merge's own taken out.
    const late = nodes(1, 'z')
    for (const node of late) run.add(node)
    const gone = added[500] as (typeof added)[number]
    run.remove(gone)
    expect(run.size).toBe(2000)
    const expected = sortedAtOnce([...first, ...added, ...late].filter((node) => node !== gone))
    expect(run.nodes).toEqual(expected)
  })

  it('leaves the rest of an aborted merge to the next read', async () => {
    const { run, first, added } = grown(1000, 1000, 'b')
    const controller = new AbortController()
    const merging = run.prepareInSlices(
      {
        spent: true,
        yield: async (signal) => {
          controller.abort()
          signal?.throwIfAborted()
        },
      },
      controller.signal,
    )
    await merging
    expect(run.nodes).toEqual(sortedAtOnce([...first, ...added]))
  })

  it('goes on with an aborted merge on the next call', async () => {
    const { run, first, added } = grown(1000, 1000, 'b')
    const controller = new AbortController()
    let yields = 0
    const slicer = {
      spent: true,
      yield: async (signal?: AbortSignal) => {
        yields++
        if (yields === 1) controller.abort()
        signal?.throwIfAborted()
      },
    }
    await run.prepareInSlices(slicer, controller.signal)
    await run.prepareInSlices(slicer)
    // 1,000 added nodes, a check every 256: 3 keying, 3 sorting runs, 7 in the two merge
    // passes of the sort (2,000 placed), 3 merging in; 16 in all, the first one aborted.
    expect(yields).toBe(16)
    expect(run.unsorted).toEqual(sortedAtOnce([...first, ...added]))
  })

  it('merges fewer than a quarter of changes only when asked for all', async () => {
    const { run, first, added: few } = grown(1000, 10, 'c')
    // Nothing left to merge when `unsorted` is the run itself, not a new array (no read).
    const nothingPending = () => {
      const once = run.unsorted
      return once === run.unsorted
    }
    await run.prepareInSlices(unhurried)
    expect(nothingPending()).toBe(false)
    await run.prepareInSlices(unhurried, undefined, true)
    expect(nothingPending()).toBe(true)
    expect(run.nodes).toEqual(sortedAtOnce([...first, ...few]))
  })
})
