import type { Resource } from '@resource-kit/client'
import { describe, expect, it, vi } from 'vitest'
import { resourceNodeId } from '../../shared/ids.ts'
import { buildResourceTree, growResourceTree } from '../buildResourceTree.ts'
import { listItemsOf } from '../flatList.ts'
import type { ContainerNode, ResourceTree, TreeNode } from '../treeTypes.ts'

const r = (uri: string, extra = {}) =>
  ({ uri, name: uri.split('/').filter(Boolean).pop() ?? uri, ...extra }) as Resource
const dir = (uri: string) => r(uri, { mimeType: 'inode/directory' })

function outline(tree: ResourceTree): string[] {
  const lines: string[] = []
  const walk = (nodes: readonly TreeNode[], depth: number) => {
    for (const node of nodes) {
      lines.push(`${'  '.repeat(depth)}${node.kind} ${node.label} ${node.parentId}`)
      if ('children' in node) walk((node as ContainerNode).children, depth + 1)
    }
  }
  walk(tree.servers, 0)
  return lines
}

const listLabels = (tree: ResourceTree) =>
  listItemsOf(tree.servers[0]!, tree).map((node) => node.id)

/** Resources whose reads are counted: the tree reads `uri` of what it places, `annotations` of what it sorts. */
function counted(count: number, from = 0) {
  const reads = { uri: 0, annotations: 0 }
  const items = Array.from({ length: count }, (_, k) => {
    const i = from + k
    const uri = `file:///w/pkg${i % 7}/f${String(i).padStart(5, '0')}.ts`
    return {
      name: `f${i}`,
      get uri() {
        reads.uri++
        return uri
      },
      get annotations() {
        reads.annotations++
        return { priority: (i % 3) / 2 }
      },
    } as Resource
  })
  return { items, reads }
}

describe('growResourceTree', () => {
  const pages = [
    [r('file:///w/src/a.ts'), r('file:///w/docs/'), r('db://prod/users')],
    [dir('file:///w/lib/'), r('file:///w/lib/x.ts'), r('file:///w/src/b.ts')],
    [r('file:///w/lib/deep/y.ts'), r('ticket://web/1'), r('file:///w/src/a.ts')],
  ]

  it('grows page by page into the tree a full build makes, in tree and list order', () => {
    const source = {
      serverId: 's',
      resources: pages[0]!,
      templates: [{ uriTemplate: 't://{x}', name: 't' }],
    }
    const grown = growResourceTree(source)
    const all: Resource[] = [...pages[0]!]
    for (const page of pages.slice(1)) {
      // Read the list and the folders between pages, as the picker does.
      listLabels(grown.tree)
      outline(grown.tree)
      expect(grown.append(page)).toBe(true)
      all.push(...page)
    }
    const full = buildResourceTree([{ ...source, resources: all }])
    expect(outline(grown.tree)).toEqual(outline(full))
    expect(listLabels(grown.tree)).toEqual(listLabels(full))
    expect([...grown.tree.nodes.keys()].sort()).toEqual([...full.nodes.keys()].sort())
  })

  it('keeps the nodes it has: a page adds nodes, it does not rebuild', () => {
    const grown = growResourceTree({ serverId: 's', resources: pages[0]! })
    const before = grown.tree
    const a = before.nodes.get(resourceNodeId('s', 'file:///w/src/a.ts'))
    expect(grown.append(pages[1]!)).toBe(true)
    expect(grown.tree).not.toBe(before)
    expect(grown.tree.nodes.get(resourceNodeId('s', 'file:///w/src/a.ts'))).toBe(a)
  })

  it('places a directory over a folder already made as a full build does: it takes it over', () => {
    const first = [r('file:///w/src/a.ts'), r('file:///w/src/lib/b.ts')]
    const grown = growResourceTree({ serverId: 's', resources: first })
    outline(grown.tree)
    expect(grown.append([dir('file:///w/src/'), r('file:///w/src/c.ts')])).toBe(true)
    const all = [...first, dir('file:///w/src/'), r('file:///w/src/c.ts')]
    const full = buildResourceTree([{ serverId: 's', resources: all }])
    expect(outline(grown.tree)).toEqual(outline(full))
    expect(outline(grown.tree)).toContain('      resource a.ts r:1:s:file:///w/src/')
    expect(listLabels(grown.tree)).toEqual(listLabels(full))
  })

  it('costs the page: old items are neither placed nor sorted again', () => {
    const first = counted(5000)
    const grown = growResourceTree({ serverId: 's', resources: first.items })
    const folder = grown.tree.servers[0]!.children[0] as ContainerNode
    const pkg = folder.children[0] as ContainerNode
    expect(listItemsOf(grown.tree.servers[0]!, grown.tree)).toHaveLength(5000)
    expect(pkg.children.length).toBeGreaterThan(0)
    first.reads.uri = 0
    first.reads.annotations = 0

    const page = counted(100, 5000)
    expect(grown.append(page.items)).toBe(true)
    const list = listItemsOf(grown.tree.servers[0]!, grown.tree)
    expect(list).toHaveLength(5100)
    expect(pkg.children.length).toBeGreaterThan(0)
    // Only the page's items were read: placing and sorting them, merging the rest.
    expect(first.reads).toEqual({ uri: 0, annotations: 0 })
    expect(page.reads.annotations).toBeLessThanOrEqual(200)
    const full = buildResourceTree([{ serverId: 's', resources: [...first.items, ...page.items] }])
    expect(list.map((n) => n.id)).toEqual(listLabels(full))
  })
})

describe('growResourceTree: apply', () => {
  const titled = (uri: string, title: string, extra = {}) => r(uri, { title, ...extra })
  const grow = (resources: Resource[]) => {
    const grown = growResourceTree({ serverId: 's', resources })
    // Read everything first, as the picker does: the change then meets sorted runs.
    outline(grown.tree)
    listLabels(grown.tree)
    return grown
  }
  const expectFullBuild = (grown: ReturnType<typeof grow>, resources: Resource[]) => {
    const full = buildResourceTree([{ serverId: 's', resources }])
    expect(outline(grown.tree)).toEqual(outline(full))
    expect(listLabels(grown.tree)).toEqual(listLabels(full))
    expect([...grown.tree.nodes.keys()].sort()).toEqual([...full.nodes.keys()].sort())
  }

  it('takes out a folder its removal empties, and the group when that empties too', () => {
    const x = r('file:///w/a/x.ts')
    const y = r('file:///w/a/y.ts')
    const z = r('file:///w/b/z.ts')
    const other = r('db://prod/users')
    const grown = grow([x, y, z, other])
    expect(grown.apply({ removed: [x, y], added: [] })).toBe(true)
    expect(outline(grown.tree)).not.toContain(`    folder a f:1:s:file:///w`)
    expectFullBuild(grown, [z, other])
    expect(grown.apply({ removed: [z], added: [] })).toBe(true)
    expect(outline(grown.tree).filter((line) => line.includes('file:///w'))).toEqual([])
    expectFullBuild(grown, [other])
  })

  it('re-sorts a resource whose title changed, in its folder and in the list', () => {
    const a = titled('file:///w/a.ts', 'Alpha')
    const b = titled('file:///w/b.ts', 'Beta')
    const c = titled('file:///w/c.ts', 'Gamma')
    const grown = grow([a, b, c])
    const folder = grown.tree.servers[0]!.children[0] as ContainerNode
    const nodeB = folder.children[1]
    expect(folder.children.map((n) => n.label)).toEqual(['Alpha', 'Beta', 'Gamma'])
    const renamed = titled('file:///w/a.ts', 'Zulu')
    expect(grown.apply({ removed: [a], added: [renamed] })).toBe(true)
    expect(folder.children.map((n) => n.label)).toEqual(['Beta', 'Gamma', 'Zulu'])
    expect(listItemsOf(grown.tree.servers[0]!, grown.tree).map((n) => n.label)).toEqual([
      'Beta',
      'Gamma',
      'Zulu',
    ])
    // Untouched nodes are the same objects.
    expect(folder.children[0]).toBe(nodeB)
    expectFullBuild(grown, [renamed, b, c])
  })

  it('re-adds a removed URI as a new node where a full build puts it', () => {
    const x = titled('file:///w/a/x.ts', 'X', { annotations: { priority: 0.1 } })
    const y = r('file:///w/a/y.ts')
    const grown = grow([x, y])
    const id = resourceNodeId('s', x.uri)
    const before = grown.tree.nodes.get(id)
    expect(grown.apply({ removed: [x], added: [] })).toBe(true)
    expect(grown.tree.nodes.has(id)).toBe(false)
    expectFullBuild(grown, [y])
    const again = titled('file:///w/a/x.ts', 'X', { annotations: { priority: 1 } })
    expect(grown.apply({ removed: [], added: [again] })).toBe(true)
    expect(grown.tree.nodes.get(id)).not.toBe(before)
    expectFullBuild(grown, [y, again])
    // Priority 1 now sorts it first in the list.
    expect(listLabels(grown.tree)[0]).toBe(id)
  })

  it('hands out a new tree after a change and keeps the old one after a refusal', () => {
    const x = r('file:///w/x.ts')
    const grown = grow([x, r('file:///w/y.ts')])
    const first = grown.tree
    expect(grown.apply({ removed: [x], added: [] })).toBe(true)
    expect(grown.tree).not.toBe(first)
    const second = grown.tree
    const lines = outline(second)
    // A copy of a resource is not the object that was given.
    expect(grown.apply({ removed: [r('file:///w/y.ts')], added: [] })).toBe(false)
    expect(grown.tree).toBe(second)
    expect(outline(grown.tree)).toEqual(lines)
  })

  it('refuses a list that names one URI twice: which one shows depends on the order', () => {
    const x = titled('file:///w/x.ts', 'one')
    const twin = titled('file:///w/x.ts', 'two')
    const y = r('file:///w/y.ts')
    const grown = grow([x, twin, y])
    expect(grown.apply({ removed: [y], added: [] })).toBe(false)
    const clean = grow([x, y])
    expect(clean.apply({ removed: [], added: [twin] })).toBe(false)
    expectFullBuild(clean, [x, y])
    // Given twice in one diff, a removal is refused too.
    expect(clean.apply({ removed: [y, y], added: [] })).toBe(false)
  })

  it('turns a removed directory with things still under it into the folder a full build makes', () => {
    const d = dir('file:///w/src/')
    const a = r('file:///w/src/a.ts')
    const b = r('file:///w/src/deep/b.ts')
    const grown = grow([d, a, b])
    expect(outline(grown.tree)).toContain('    directory src f:1:s:file:///w')
    expect(grown.apply({ removed: [d], added: [] })).toBe(true)
    expect(outline(grown.tree)).toContain('    folder src f:1:s:file:///w')
    expectFullBuild(grown, [a, b])
    // And back: a directory over the folder takes it over again.
    const d2 = r('file:///w/src/', { mimeType: 'inode/directory', title: 'Sources' })
    expect(grown.apply({ removed: [], added: [d2] })).toBe(true)
    expect(outline(grown.tree)).toContain('    directory Sources f:1:s:file:///w')
    expectFullBuild(grown, [a, b, d2])
  })

  it('takes out a directory with everything under it, and keeps its folder when it changed', () => {
    const d = dir('file:///w/src/')
    const a = r('file:///w/src/a.ts')
    const keep = r('file:///w/README.md')
    const grown = grow([d, a, keep])
    const renamed = r('file:///w/src/', { mimeType: 'inode/directory', title: 'Code' })
    expect(grown.apply({ removed: [d], added: [renamed] })).toBe(true)
    expectFullBuild(grown, [renamed, a, keep])
    expect(grown.apply({ removed: [renamed, a], added: [] })).toBe(true)
    expectFullBuild(grown, [keep])
  })

  it('sorts nothing while applying: the runs it changes sort on the next read', () => {
    const items = Array.from({ length: 200 }, (_, i) => r(`file:///w/p${i % 3}/f${i}.ts`))
    const grown = grow(items)
    const sort = vi.spyOn(Array.prototype, 'sort')
    try {
      expect(grown.apply({ removed: [items[5]!], added: [r('file:///w/p1/new.ts')] })).toBe(true)
      // Only the diff's own (empty) lists of directories were sorted.
      const sorted = sort.mock.contexts.map((array) => (array as unknown[]).length)
      expect(sorted.every((length) => length <= 1)).toBe(true)
    } finally {
      sort.mockRestore()
    }
    expectFullBuild(grown, [...items.filter((_, i) => i !== 5), r('file:///w/p1/new.ts')])
  })

  it('costs the change: resources not in it are neither read nor placed again', () => {
    const first = counted(5000)
    const grown = growResourceTree({ serverId: 's', resources: first.items })
    const server = grown.tree.servers[0]!
    const folder = server.children[0] as ContainerNode
    const pkg = folder.children[0] as ContainerNode
    expect(pkg.children.length).toBeGreaterThan(0)
    expect(listItemsOf(server, grown.tree)).toHaveLength(5000)
    const gone = first.items[7]!
    const page = counted(1, 5000)
    first.reads.uri = 0
    first.reads.annotations = 0
    expect(grown.apply({ removed: [gone], added: page.items })).toBe(true)
    expect(listItemsOf(server, grown.tree)).toHaveLength(5000)
    expect(pkg.children.length).toBeGreaterThan(0)
    // The removed resource is read a few times (checked, found, unsorted); no other is.
    expect(first.reads.uri).toBeLessThanOrEqual(10)
    expect(first.reads.annotations).toBeLessThanOrEqual(10)
    const full = buildResourceTree([
      { serverId: 's', resources: [...first.items.filter((i) => i !== gone), ...page.items] },
    ])
    expect(listLabels(grown.tree)).toEqual(listLabels(full))
  })
})
