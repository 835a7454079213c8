import type { Resource } from '@resource-kit/client'
import { describe, expect, it } from 'vitest'
import { folderNodeId, resourceNodeId, serverNodeId, templatesNodeId } from '../../shared/ids.ts'
import { buildResourceTree } from '../buildResourceTree.ts'
import { directoryChildren } from '../directoryChildren.ts'
import { flatList } from '../flatList.ts'
import { flattenTree } from '../flattenTree.ts'
import type { DirectoryNode, FlatRow } from '../treeTypes.ts'

const r = (uri: string, extra = {}) =>
  ({ uri, name: uri.split('/').filter(Boolean).pop() ?? uri, ...extra }) as Resource
const show = (rows: FlatRow[]) =>
  rows.map(
    (row) =>
      `${row.depth} ${row.node.label} ${row.posInSet}/${row.setSize}${row.expanded ? ' +' : ''}`,
  )

const tree = buildResourceTree([
  {
    serverId: 'a',
    resources: [
      r('file:///w/src/x.ts'),
      r('file:///w/src/y.ts'),
      r('file:///w/readme.md'),
      r('file:///w/lib/', { mimeType: 'inode/directory' }),
    ],
    templates: [{ uriTemplate: 'file:///w/{path}', name: 'any file' }],
  },
  { serverId: 'b', resources: [r('db://prod/users')] },
])
const wGroup = folderNodeId('a', 'file:///w')
const srcFolder = folderNodeId('a', 'file:///w\u0000src')
const lib = resourceNodeId('a', 'file:///w/lib/')

describe('flattenTree', () => {
  it('shows only the servers when nothing is expanded', () => {
    expect(show(flattenTree(tree, new Set()))).toEqual(['0 a 1/2', '0 b 2/2'])
  })

  it('walks expanded branches depth-first with ARIA positions per sibling set', () => {
    const rows = flattenTree(tree, new Set([serverNodeId('a'), wGroup, srcFolder]))
    expect(show(rows)).toEqual([
      '0 a 1/2 +',
      '1 file:///w 1/2 +',
      '2 lib 1/3',
      '2 src 2/3 +',
      '3 x.ts 1/2',
      '3 y.ts 2/2',
      '2 readme.md 3/3',
      '1 Templates 2/2',
      '0 b 2/2',
    ])
    const x = rows.find((row) => row.node.label === 'x.ts')!
    expect(x.parentId).toBe(srcFolder)
    expect(x.hasChildren).toBe(false)
    // Lazy directories can always be expanded, even before they are read.
    expect(rows.find((row) => row.id === lib)?.hasChildren).toBe(true)
  })

  it('ignores expanded ids of collapsed ancestors and of leaves', () => {
    const rows = flattenTree(tree, new Set([srcFolder, resourceNodeId('a', 'file:///w/readme.md')]))
    expect(show(rows)).toEqual(['0 a 1/2', '0 b 2/2'])
  })

  it('shows read children of a lazy directory, directories among them lazy again', () => {
    const dir = tree.nodes.get(lib) as DirectoryNode
    const read = directoryChildren(dir, [
      r('file:///w/lib/z.ts'),
      r('file:///w/lib/deep/', { mimeType: 'inode/directory' }),
      r('file:///w/lib/z.ts'), // repeated
      { uri: 42 } as unknown as Resource, // unusable
    ])
    const rows = flattenTree(tree, new Set([serverNodeId('a'), wGroup, lib]), {
      childrenOf: (node) => (node.id === lib ? read : undefined),
    })
    expect(show(rows).slice(2, 5)).toEqual(['2 lib 1/3 +', '3 deep 1/2', '3 z.ts 2/2'])
    expect(rows.find((row) => row.node.label === 'deep')?.hasChildren).toBe(true)
  })

  it('drops read children that repeat the directory, an ancestor or a shown node (no loops)', () => {
    const dir = tree.nodes.get(lib) as DirectoryNode
    // A hostile read: lists itself and a file that is shown elsewhere in the tree.
    const read = directoryChildren(dir, [
      dir.resource,
      r('file:///w/readme.md'),
      r('file:///w/lib/ok'),
    ])
    const self = { ...dir, id: lib } // a copy with the same id, as a re-read would produce
    const rows = flattenTree(tree, new Set([serverNodeId('a'), wGroup, lib]), {
      childrenOf: (node) => (node.id === lib ? [...read, self] : undefined),
    })
    const ids = rows.map((row) => row.id)
    expect(new Set(ids).size).toBe(ids.length)
    expect(rows.filter((row) => row.parentId === lib).map((row) => row.node.label)).toEqual(['ok'])
  })

  it('accepts a bare list of root nodes', () => {
    const server = tree.servers[1]!
    expect(show(flattenTree(server.children, new Set()))).toEqual(['0 db://prod 1/1'])
  })
})

describe('flatList', () => {
  it('lists every resource and template of each server under its row, without folders', () => {
    expect(show(flatList(tree))).toEqual([
      '0 a 1/2 +',
      '1 lib 1/5',
      '1 readme.md 2/5',
      '1 x.ts 3/5',
      '1 y.ts 4/5',
      '1 any file 5/5',
      '0 b 2/2 +',
      '1 users 1/1',
    ])
    expect(flatList(tree).find((row) => row.id === templatesNodeId('a'))).toBeUndefined()
  })
})
