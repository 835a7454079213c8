import type { Resource } from '@resource-kit/client'
import { describe, expect, it } from 'vitest'
import { resourceNodeId, serverNodeId, templateNodeId } from '../../shared/ids.ts'
import { buildResourceTree } from '../buildResourceTree.ts'
import { directoryChildren } from '../directoryChildren.ts'
import { listItemsOf } from '../flatList.ts'
import { flattenTree } from '../flattenTree.ts'
import type { ContainerNode, ResourceTree, TreeNode } from '../treeTypes.ts'

const r = (uri: string, name = uri.split('/').filter(Boolean).pop() ?? uri, extra = {}) =>
  ({ uri, name, ...extra }) as Resource

/** Every node as "kind label" lines, indented by depth (all branches). */
function outline(tree: ResourceTree): string[] {
  const lines: string[] = []
  const walk = (nodes: readonly TreeNode[], depth: number) => {
    for (const node of nodes) {
      lines.push(`${'  '.repeat(depth)}${node.kind} ${node.label}`)
      if ('children' in node) walk((node as ContainerNode).children, depth + 1)
    }
  }
  walk(tree.servers, 0)
  return lines
}

describe('buildResourceTree', () => {
  it('groups by server, then scheme + authority (or file:/// + first segment), then folders', () => {
    const tree = buildResourceTree([
      {
        serverId: 'fs',
        serverName: 'Files',
        resources: [
          r('file:///workspace/src/main.ts'),
          r('file:///workspace/README.md'),
          r('file:///etc/hosts'),
          r('file:///top.txt'),
        ],
      },
      {
        serverId: 'db',
        resources: [r('db://prod/users'), r('db://staging/users'), r('ticket://web/42', 'T-42')],
      },
    ])
    expect(outline(tree)).toEqual([
      'server Files',
      '  folder file:///',
      '    resource top.txt',
      '  folder file:///etc',
      '    resource hosts',
      '  folder file:///workspace',
      '    folder src',
      '      resource main.ts',
      '    resource README.md',
      'server db',
      '  folder db://prod',
      '    resource users',
      '  folder db://staging',
      '    resource users',
      '  folder ticket://web',
      '    resource T-42',
    ])
    const src = [...tree.nodes.values()].find((n) => n.label === 'src')
    expect(src).toMatchObject({ kind: 'folder', folder: 'path', uri: 'file:///workspace/src' })
  })

  it('labels items by title, then name, and folders by their decoded segment', () => {
    const tree = buildResourceTree([
      {
        serverId: 's',
        resources: [r('file:///w/my%20docs/a.txt', 'a.txt', { title: 'The A file' })],
      },
    ])
    expect(outline(tree)).toEqual([
      'server s',
      '  folder file:///w',
      '    folder my docs',
      '      resource The A file',
    ])
  })

  it('keeps node ids stable across rebuilds with changed and reordered lists', () => {
    const first = buildResourceTree([
      { serverId: 's', resources: [r('file:///w/a/b.ts'), r('file:///w/c.ts')] },
    ])
    const second = buildResourceTree([
      {
        serverId: 's',
        resources: [r('file:///w/new.ts'), r('file:///w/c.ts'), r('file:///w/a/b.ts')],
      },
    ])
    for (const id of first.nodes.keys()) expect(second.nodes.has(id)).toBe(true)
    expect(second.nodes.get(resourceNodeId('s', 'file:///w/a/b.ts'))?.parentId).toBe(
      first.nodes.get(resourceNodeId('s', 'file:///w/a/b.ts'))?.parentId,
    )
    // Ids depend on the server: the same URI on two servers is two nodes.
    const two = buildResourceTree([
      { serverId: 'x', resources: [r('file:///w/c.ts')] },
      { serverId: 'y', resources: [r('file:///w/c.ts')] },
    ])
    expect(new Set(two.nodes.keys()).size).toBe(two.nodes.size)
    expect(two.nodes.has(resourceNodeId('x', 'file:///w/c.ts'))).toBe(true)
    expect(two.nodes.has(resourceNodeId('y', 'file:///w/c.ts'))).toBe(true)
  })

  it('makes inode/directory resources lazy folders and merges listed children into them', () => {
    const tree = buildResourceTree([
      {
        serverId: 's',
        resources: [
          r('file:///w/src/a.ts'),
          r('file:///w/src/', 'src', { mimeType: 'inode/directory' }),
          r('file:///w/src/lib/b.ts'),
          r('file:///w/docs/', 'docs', { mimeType: 'inode/directory' }),
        ],
      },
    ])
    const src = tree.nodes.get(resourceNodeId('s', 'file:///w/src/'))
    expect(src).toMatchObject({ kind: 'directory', lazy: true, label: 'src' })
    expect(outline(tree)).toEqual([
      'server s',
      '  folder file:///w',
      '    directory docs',
      '    directory src',
      '      folder lib',
      '        resource b.ts',
      '      resource a.ts',
    ])
    expect(tree.nodes.get(resourceNodeId('s', 'file:///w/src/a.ts'))?.parentId).toBe(src?.id)
  })

  it('does not repeat a folder hidden as assistant-only when its parent is read', () => {
    // `live/` is assistant-only, so hiding makes `live` a plain path folder (its file is for
    // the user); the parent's read lists `live/` again, without annotations.
    const tree = buildResourceTree(
      [
        {
          serverId: 's',
          resources: [
            r('file:///w/ws/', 'ws', { mimeType: 'inode/directory' }),
            r('file:///w/ws/live/', 'live', {
              mimeType: 'inode/directory',
              annotations: { audience: ['assistant'] },
            }),
            r('file:///w/ws/live/now.md'),
          ],
        },
      ],
      { hideAssistantOnly: true },
    )
    const ws = tree.nodes.get(resourceNodeId('s', 'file:///w/ws/'))
    if (ws?.kind !== 'directory') throw new Error('ws is not a directory')
    const read = [
      r('file:///w/ws/live/', 'live', { mimeType: 'inode/directory' }),
      r('file:///w/ws/readme.md'),
    ]
    const labels = directoryChildren(ws, read, tree.options).map((n) => `${n.kind} ${n.label}`)
    expect(labels).toEqual(['folder live', 'resource readme.md'])
  })

  it('puts templates in a Templates group per server, after the resources', () => {
    const tree = buildResourceTree([
      {
        serverId: 's',
        resources: [r('db://prod/users')],
        templates: [
          { uriTemplate: 'db://prod/{table}', name: 'table', title: 'Table' },
          { uriTemplate: 'ticket://web/{id}', name: 'ticket' },
        ],
      },
    ])
    expect(outline(tree)).toEqual([
      'server s',
      '  folder db://prod',
      '    resource users',
      '  folder Templates',
      '    template Table',
      '    template ticket',
    ])
    const node = tree.nodes.get(templateNodeId('s', 'db://prod/{table}'))
    expect(node?.kind === 'template' && node.template.name).toBe('table')
  })

  it('builds 20,000 resources into one tree with every node reachable', () => {
    const resources = Array.from({ length: 20_000 }, (_, i) =>
      r(`file:///w/pkg${i % 10}/dir${i % 100}/f${i}.ts`),
    )
    const tree = buildResourceTree([{ serverId: 's', resources }])
    const rows = flattenTree(tree, new Set(tree.nodes.keys()))
    expect(rows.filter((row) => row.node.kind === 'resource')).toHaveLength(20_000)
    expect(rows[0]?.id).toBe(serverNodeId('s'))
  }, 60_000)

  it('sorts a folder when its children are first read, once, and the list view sorts none', () => {
    let priorityReads = 0
    // Reading a priority means comparing: only a folder being sorted does that.
    const counted = (name: string) =>
      ({
        uri: `file:///w/deep/${name}`,
        name,
        get annotations() {
          priorityReads++
          return { priority: 0.5 }
        },
      }) as Resource
    const resources = [counted('b'), counted('c'), counted('a')]
    const listTree = buildResourceTree([{ serverId: 's', resources }])
    expect(listItemsOf(listTree.servers[0]!, listTree).map((n) => n.label)).toEqual(['a', 'b', 'c'])
    const listReads = priorityReads
    expect(listReads).toBe(3)

    const tree = buildResourceTree([{ serverId: 's', resources }])
    expect(tree.nodes.size).toBe(6)
    const group = tree.servers[0]!.children[0] as ContainerNode
    const deep = group.children[0] as ContainerNode
    expect(priorityReads).toBe(listReads)
    const first = deep.children
    expect(first.map((n) => n.label)).toEqual(['a', 'b', 'c'])
    expect(priorityReads).toBe(listReads + 3)
    expect(deep.children).toBe(first)
    expect(priorityReads).toBe(listReads + 3)
  })
})
