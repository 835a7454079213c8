import type { Resource } from '@resource-kit/client'
import { describe, expect, it } from 'vitest'
import { buildResourceTree } from '../buildResourceTree.ts'
import { flatList } from '../flatList.ts'
import { flattenTree } from '../flattenTree.ts'
import { MAX_FOLDER_DEPTH } from '../splitUri.ts'

describe('hostile input', () => {
  it('skips items without a string uri/name and never throws on odd shapes', () => {
    const junk = [
      null,
      5,
      'file:///a',
      [],
      {},
      { uri: 'file:///a' },
      { name: 'no uri' },
      { uri: 7, name: 'n' },
      { uri: '', name: 'empty' },
      { uri: 'file:///nul\u0000x', name: 'nul' },
      { uri: 'file:///ok.txt', name: 'ok', title: { html: '<b>' }, mimeType: 42, annotations: 'x' },
      { uri: 'file:///ok.txt', name: 'duplicate' },
      { uri: 'file:///__proto__/constructor', name: 'proto' },
    ] as unknown as Resource[]
    const tree = buildResourceTree([
      { serverId: 's', resources: junk, templates: [null, { uriTemplate: 3 }] as never },
      null as never,
      { serverId: 9, resources: [] } as never,
      { serverId: 't', resources: 'nope' } as never,
      { serverId: 's', resources: [{ uri: 'file:///second', name: 'second' }] },
    ])
    expect(tree.servers.map((s) => s.label)).toEqual(['s', 't'])
    const labels = flatList(tree)
      .filter((row) => row.depth === 1)
      .map((row) => row.node.label)
    expect(labels).toEqual(['ok', 'proto'])
  })

  it('accepts URIs of any form, and caps how deep one can nest', () => {
    const deep = `file:///${Array.from({ length: 5000 }, (_, i) => `d${i}`).join('/')}/leaf`
    const tree = buildResourceTree([
      {
        serverId: 's',
        resources: [
          { uri: deep, name: 'leaf' },
          { uri: 'no scheme at all', name: 'plain' },
          { uri: 'x:', name: 'bare' },
          { uri: 'weird://%E0%A4%A/%zz/a', name: 'bad escapes' },
          { uri: '???', name: 'questions' },
          { uri: 'FILE:///Up/x', name: 'upper' },
          { uri: 'file:///up/y', name: 'lower' },
        ],
      },
    ])
    const rows = flattenTree(tree, new Set(tree.nodes.keys()))
    const leaf = rows.find((row) => row.node.label === 'leaf')!
    expect(leaf.depth).toBeLessThanOrEqual(MAX_FOLDER_DEPTH + 2)
    expect(rows.filter((row) => row.node.kind === 'resource')).toHaveLength(7)
    expect(rows.some((row) => row.node.label === '%zz')).toBe(true)
    // The scheme is case-insensitive (lowercased in the group); the path is not.
    const groups = rows.filter((row) => row.depth === 1).map((row) => row.node.label)
    expect(groups).toContain('file:///Up')
    expect(groups).toContain('file:///up')
    expect(groups.some((g) => g.startsWith('FILE:'))).toBe(false)
  })

  it('keeps server names as plain text', () => {
    const tree = buildResourceTree([
      { serverId: 's', serverName: '<img src=x onerror=alert(1)>', resources: [] },
    ])
    expect(tree.servers[0]?.label).toBe('<img src=x onerror=alert(1)>')
  })
})
