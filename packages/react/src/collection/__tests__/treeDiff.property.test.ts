// Seeded random lists changed page by page and diff by diff: after every step the grown
// tree must be exactly the tree a full build of the resulting list makes (nodes, labels,
// children order, ARIA positions, list order, which object a node shows), and a refused
// diff must leave the tree as it was.
import type { Resource, ResourceTemplate } from '@resource-kit/client'
import { createPrng, type Prng } from '@resource-kit/test-utils/prng'
import { describe, expect, it } from 'vitest'
import {
  buildResourceTree,
  type GrowingResourceTree,
  growResourceTree,
} from '../buildResourceTree.ts'
import { listItemsOf } from '../flatList.ts'
import { flattenTree } from '../flattenTree.ts'
import type { ContainerNode, ResourceTree, ResourceTreeOptions, TreeNode } from '../treeTypes.ts'

const GROUPS = ['file:///w', 'file://', 'db://prod', 'ticket://web', 'urn:x:', 'notes']
const FOLDERS = ['', 'a', 'b', 'a/c', 'a/c/d', 'b/%E2%9C%93']
const NAMES = ['x.ts', 'y.md', 'Z.json', 'a', 'c', 'readme', 'q?v=1', 'frag#h']
const TITLES = [undefined, undefined, 'Alpha', 'alpha', 'Beta', 'zeta', '']

/**
 * Makes resources; `distinct` hands out each URI once and each directory path once (a list
 * whose order does not decide its tree).
 */
function resourceMaker(random: Prng, distinct: boolean) {
  const used = new Set<string>()
  let made = 0
  const uriOf = (): string => {
    const group = random.pick(GROUPS)
    const folder = random.pick(FOLDERS)
    const directory = random.chance(0.12)
    const sep = group.endsWith(':') ? '' : '/'
    const path = folder === '' ? '' : `${sep}${folder}`
    if (directory) {
      // Sometimes without the trailing slash: the same path as with it.
      return `${group}${path}${distinct || random.chance(0.8) ? '/' : ''}`
    }
    const name = random.pick(NAMES)
    return `${group}${path}${sep}${name}`
  }
  return (): unknown => {
    made++
    if (random.chance(0.03)) return random.pick([null, { uri: 7, name: 'bad' }, { name: 'no uri' }])
    let uri = uriOf()
    if (distinct) {
      // Unique URIs: a counter keeps them apart once the small pool is used up.
      if (used.has(uri)) uri = uri.endsWith('/') ? `${uri}n${made}/` : `${uri}-${made}`
      used.add(uri)
    }
    const resource: Record<string, unknown> = { uri, name: uri.split('/').filter(Boolean).pop() }
    if (uri.endsWith('/') || (!distinct && random.chance(0.05))) {
      resource.mimeType = 'inode/directory'
    }
    const title = random.pick(TITLES)
    if (title !== undefined) resource.title = title
    const annotations: Record<string, unknown> = {}
    if (random.chance(0.4)) annotations.priority = random.pick([0, 0.25, 0.5, 1, 2])
    if (random.chance(0.15)) annotations.audience = ['assistant']
    if (Object.keys(annotations).length > 0) resource.annotations = annotations
    return resource
  }
}

/** A changed copy of a resource: same URI, another title, priority or audience. */
function changed(random: Prng, item: unknown): unknown {
  if (typeof item !== 'object' || item === null) return item
  const copy = { ...(item as Record<string, unknown>) }
  const what = random.int(0, 2)
  if (what === 0) copy.title = `${random.pick(['Alpha', 'omega', 'Mid'])}${random.int(0, 3)}`
  if (what === 1) copy.annotations = { priority: random.pick([0, 0.3, 0.9]) }
  if (what === 2) copy.annotations = random.chance(0.5) ? { audience: ['assistant'] } : {}
  return copy
}

/** Everything a reader of the tree sees, with the shown resource objects numbered. */
function snapshot(tree: ResourceTree, ids: WeakMap<object, number>) {
  let next = 0
  const tag = (value: object) => {
    if (!ids.has(value)) ids.set(value, next++)
    return ids.get(value)
  }
  const lines: string[] = []
  const containers: string[] = []
  const walk = (nodes: readonly TreeNode[], depth: number) => {
    for (const node of nodes) {
      const shown =
        'resource' in node ? tag(node.resource) : 'template' in node ? tag(node.template) : ''
      const extra = node.kind === 'folder' ? `${node.folder} ${node.uri}` : shown
      lines.push(`${depth} ${node.kind} ${node.id} "${node.label}" <${node.parentId}> ${extra}`)
      if ('children' in node) {
        containers.push(node.id)
        walk((node as ContainerNode).children, depth + 1)
      }
    }
  }
  walk(tree.servers, 0)
  const rows = flattenTree(tree, new Set(containers)).map(
    (row) => `${row.id} ${row.depth} ${row.posInSet}/${row.setSize} ${row.hasChildren}`,
  )
  const list = tree.servers.flatMap((server) => listItemsOf(server, tree).map((node) => node.id))
  const nodes = [...tree.nodes.keys()].sort()
  return { lines, rows, list, nodes }
}

/** Some of what the picker reads between changes (so both settled and pending runs get changed). */
function readSome(random: Prng, tree: ResourceTree): void {
  if (random.chance(0.4)) listItemsOf(tree.servers[0]!, tree)
  let at: readonly TreeNode[] = tree.servers
  while (at.length > 0 && random.chance(0.7)) {
    const node = random.pick(at)
    if (!('children' in node)) break
    at = (node as ContainerNode).children
  }
}

interface Tally {
  applied: number
  refused: number
}

function runOne(seed: number, distinct: boolean, tally: Tally): void {
  const random = createPrng(seed)
  const make = resourceMaker(random, distinct)
  const options: ResourceTreeOptions = {
    hideAssistantOnly: random.chance(0.5),
    sort: random.chance(0.5) ? 'name' : 'priority',
  }
  const templates: ResourceTemplate[] | undefined = random.chance(0.5)
    ? [
        { uriTemplate: 'file:///w/{path}', name: 'by path' },
        {
          uriTemplate: 'db://prod/{table}',
          name: 'table',
          annotations: { audience: ['assistant'] },
        },
      ]
    : undefined
  const source = (resources: unknown[]) => ({
    serverId: `s${seed}`,
    resources: resources as Resource[],
    templates,
  })
  const ids = new WeakMap<object, number>()
  const expectSame = (grown: GrowingResourceTree, list: unknown[], step: string) => {
    const full = buildResourceTree([source(list)], options)
    expect(snapshot(grown.tree, ids), `seed ${seed}, ${step}`).toEqual(snapshot(full, ids))
  }

  let list = Array.from({ length: random.int(0, 25) }, make)
  let grown = growResourceTree(source(list), options)
  for (let step = 0; step < 12; step++) {
    if (random.chance(0.5)) readSome(random, grown.tree)
    if (random.chance(0.25)) {
      const page = Array.from({ length: random.int(0, 6) }, make)
      const next = [...list, ...page]
      if (!grown.append(page)) grown = growResourceTree(source(next), options)
      list = next
    } else {
      // The new list: some items gone, some changed in place, some new ones anywhere.
      let next = list.filter(() => !random.chance(0.15))
      next = next.map((item) => (random.chance(0.1) ? changed(random, item) : item))
      for (let k = random.int(0, 4); k > 0; k--) next.splice(random.int(0, next.length), 0, make())
      if (random.chance(0.1)) next.reverse()
      const before = new Set(list)
      const after = new Set(next)
      const removed = list.filter((item) => !after.has(item))
      const added = next.filter((item) => !before.has(item))
      const old = grown.tree
      if (grown.apply({ removed, added })) {
        tally.applied++
        expect(grown.tree).not.toBe(old)
      } else {
        tally.refused++
        expect(grown.tree).toBe(old)
        expectSame(grown, list, `refused step ${step}`)
        grown = growResourceTree(source(next), options)
      }
      list = next
    }
    if (random.chance(0.4)) expectSame(grown, list, `step ${step}`)
  }
  expectSame(grown, list, 'end')
}

describe('a grown tree changed by pages and diffs', () => {
  it('is the tree a full build of the resulting list makes (lists without repeated URIs)', () => {
    const tally = { applied: 0, refused: 0 }
    for (let seed = 1; seed <= 100; seed++) runOne(seed, true, tally)
    // Not one refused: directories removed with things under them, or added over folders
    // made before, are applied too.
    expect(tally).toEqual({ applied: expect.any(Number), refused: 0 })
    expect(tally.applied).toBeGreaterThan(800)
  }, 60_000)

  it('is the tree a full build makes with repeated URIs too (such diffs are refused)', () => {
    const tally = { applied: 0, refused: 0 }
    for (let seed = 1001; seed <= 1100; seed++) runOne(seed, false, tally)
    expect(tally.refused).toBeGreaterThan(0)
    expect(tally.applied).toBeGreaterThan(0)
  }, 60_000)
})
