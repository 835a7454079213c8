import { describe, expect, it } from 'vitest'
import type { FlatRow, ResourceTree, TreeNode } from '../index.ts'
import * as api from '../index.ts'

describe('the public door', () => {
  it('re-exports the collection helpers apps render with', () => {
    expect(api.formatBytes(2048)).toBe('2.0 kB')
    expect(api.formatLastModified('not a date')).toBeUndefined()
    expect(api.mimeIcon('image/png')).toBe('image')
    expect(api.safeIconSrc({ src: 'javascript:alert(1)' })).toBeUndefined()
    const tree: ResourceTree = api.buildResourceTree([
      { serverId: 's', resources: [{ uri: 'file:///w/a.md', name: 'a.md' }] },
    ])
    const server = tree.servers[0]!
    const rows: FlatRow[] = api.flattenTree(server.children, new Set())
    expect(rows.map((r) => r.node.label)).toEqual(['file:///w'])
    const list: TreeNode[] = api.flatList(tree).map((r) => r.node)
    expect(list.map((n) => n.label)).toContain('a.md')
    expect(api.serverNodeId('s')).toBe(server.id)
  })
})
