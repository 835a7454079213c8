import type { Resource } from '@resource-kit/client'
import { describe, expect, it } from 'vitest'
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

  it('refuses a directory over a folder already made (only a rebuild places it right)', () => {
    const grown = growResourceTree({ serverId: 's', resources: [r('file:///w/src/a.ts')] })
    const before = outline(grown.tree)
    expect(grown.append([dir('file:///w/src/')])).toBe(false)
    expect(outline(grown.tree)).toEqual(before)
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
