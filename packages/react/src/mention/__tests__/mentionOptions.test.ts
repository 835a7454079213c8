import { describe, expect, it } from 'vitest'
import type { PickerSource } from '../../shared/sourceTypes.ts'
import { createMentionSearcher, mentionCandidates, valueOptions } from '../mentionOptions.ts'

const sources: PickerSource[] = [
  {
    serverId: 'demo',
    serverName: 'Demo',
    status: 'ready',
    resources: [
      { uri: 'file:///w/README.md', name: 'README.md' },
      { uri: 'file:///w/src/main.ts', name: 'main.ts', title: 'Main entry' },
      { uri: 'log://app/tail', name: 'tail' },
    ],
    templates: [
      { uriTemplate: 'db://{schema}/{table}', name: 'database-table', title: 'Database table' },
    ],
  },
  {
    serverId: 'docs',
    status: 'ready',
    resources: [{ uri: 'file:///d/readme-guide.md', name: 'readme-guide.md' }],
  },
]

describe('mentionOptions', () => {
  it('lists templates first, then resources, labelled by title or name', () => {
    const labels = mentionCandidates(sources).map((c) => `${c.kind}:${c.label}:${c.serverName}`)
    expect(labels).toEqual([
      'template:Database table:Demo',
      'resource:README.md:Demo',
      'resource:Main entry:Demo',
      'resource:tail:Demo',
      'resource:readme-guide.md:docs',
    ])
  })

  it('shows everything in scope for an empty query, with an exact count', () => {
    const search = createMentionSearcher(2)
    const candidates = mentionCandidates(sources)
    const all = search(candidates, { text: '' })
    expect(all).toMatchObject({ total: 5, exact: true, more: true })
    expect(all.options).toHaveLength(2)
    const docs = search(candidates, { serverId: 'docs', text: '' })
    expect(docs.options.map((o) => o.label)).toEqual(['readme-guide.md'])
    expect(docs).toMatchObject({ total: 1, exact: true, more: false })
  })

  it('searches fuzzily, within the scope when there is one', () => {
    const search = createMentionSearcher(10)
    const candidates = mentionCandidates(sources)
    expect(search(candidates, { text: 'readme' }).options.map((o) => o.label)).toEqual(
      expect.arrayContaining(['README.md', 'readme-guide.md']),
    )
    expect(
      search(candidates, { serverId: 'demo', text: 'readme' }).options.map((o) => o.label),
    ).toEqual(['README.md'])
    expect(search(candidates, { text: 'database' }).options[0]?.kind).toBe('template')
  })

  it('offers completion values first and what was typed last, once', () => {
    expect(valueOptions(['users', 'orders', 'users'], 'us').map((o) => o.label)).toEqual([
      'users',
      'orders',
      'us',
    ])
    expect(valueOptions(['users'], 'users').map((o) => o.label)).toEqual(['users'])
    expect(valueOptions([], '')).toEqual([])
  })

  it('offers to skip an optional variable while nothing is typed', () => {
    expect(valueOptions(['1', '2'], '', true).map((o) => o.label)).toEqual(['1', '2', 'Skip'])
    expect(valueOptions(['1'], '3', true).map((o) => o.label)).toEqual(['1', '3'])
  })
})
