import { createResourceSearch } from '@resource-kit/search'
import { describe, expect, it } from 'vitest'
import { type SearchItem, searchItemsOf } from '../../search/searchItems.ts'
import type { PickerSource } from '../../shared/sourceTypes.ts'
import { browseResults, hitResults, valueOptions } from '../mentionOptions.ts'

/** The popup's rows for `text`, from the same search the composer runs (here on this thread). */
function searchRows(list: readonly PickerSource[], text: string, limit = 10, serverId?: string) {
  const search = createResourceSearch<SearchItem>({ limit: limit + 1 })
  search.setItems(searchItemsOf(list, false))
  return hitResults(search.search(text, { scope: serverId }), list, limit)
}

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
  it('keys candidates so no server id or URI can make two of them equal', () => {
    const source = (serverId: string, uri: string): PickerSource => ({
      serverId,
      serverName: serverId,
      status: 'ready',
      resources: [{ uri, name: uri }],
    })
    // Joined with a bare ':' these two would both read `r:a:b:c`.
    const both = [source('a:b', 'c'), source('a', 'b:c')]
    const keys = browseResults(both, undefined, 10).options.map((c) => c.key)
    expect(new Set(keys).size).toBe(2)
    const hits = searchRows(both, 'c').options.map((c) => c.key)
    expect(new Set(hits).size).toBe(2)
  })

  it('lists templates first, then resources, labelled by title or name', () => {
    const labels = browseResults(sources, undefined, 10).options.map(
      (c) => `${c.kind}:${c.label}:${c.serverName}`,
    )
    expect(labels).toEqual([
      'template:Database table:Demo',
      'resource:README.md:Demo',
      'resource:Main entry:Demo',
      'resource:tail:Demo',
      'resource:readme-guide.md:docs',
    ])
  })

  it('shows everything in scope for an empty query, with an exact count', () => {
    const all = browseResults(sources, undefined, 2)
    expect(all).toMatchObject({ total: 5, exact: true, more: true })
    expect(all.options).toHaveLength(2)
    const docs = browseResults(sources, 'docs', 2)
    expect(docs.options.map((o) => o.label)).toEqual(['readme-guide.md'])
    expect(docs).toMatchObject({ total: 1, exact: true, more: false })
  })

  it('searches fuzzily, within the scope when there is one', () => {
    expect(searchRows(sources, 'readme').options.map((o) => o.label)).toEqual(
      expect.arrayContaining(['README.md', 'readme-guide.md']),
    )
    expect(searchRows(sources, 'readme', 10, 'demo').options.map((o) => o.label)).toEqual([
      'README.md',
    ])
    const database = searchRows(sources, 'database').options[0]
    expect(database).toMatchObject({ kind: 'template', serverName: 'Demo' })
    expect(database?.matches?.length).toBeGreaterThan(0)
  })

  it('offers a down server’s resources marked, after every live one, and unmarked once it is back', () => {
    // `demo` (listed first, its README the best hit) stops answering.
    const [demo, docs] = sources as [PickerSource, PickerSource]
    const rows = (list: readonly PickerSource[], text: string) =>
      (text === '' ? browseResults(list, undefined, 10) : searchRows(list, text)).options.map(
        (o) => `${o.label}${o.serverDown ? ' (down)' : ''}`,
      )
    expect(rows(sources, 'readme')[0]).toBe('README.md')
    for (const status of ['reconnecting', 'offline'] as const) {
      const away = [{ ...demo, status }, docs]
      expect(rows(away, 'readme')).toEqual(['readme-guide.md', 'README.md (down)'])
      expect(rows(away, '')).toEqual([
        'readme-guide.md',
        'Database table (down)',
        'README.md (down)',
        'Main entry (down)',
        'tail (down)',
      ])
    }
    // A failed server (the client's error or closed state) is down; a failed list is not.
    const failed = [{ ...demo, status: 'error' as const, serverDown: true }, docs]
    expect(rows(failed, 'readme')).toEqual(['readme-guide.md', 'README.md (down)'])
    const listFailed = [{ ...demo, status: 'error' as const, error: new Error('page 2') }, docs]
    expect(rows(listFailed, 'readme')[0]).toBe('README.md')
    // Back: the same query ranks and marks as before it went down.
    expect(rows([{ ...demo, status: 'ready' }, docs], 'readme')).toEqual(rows(sources, 'readme'))
    // The count is of every match, live or not.
    const away = [{ ...demo, status: 'offline' as const }, docs]
    expect(browseResults(away, undefined, 2)).toMatchObject({ total: 5, more: true })
    expect(browseResults(away, undefined, 2).options.map((o) => o.label)).toEqual([
      'readme-guide.md',
      'Database table',
    ])
  })

  it('counts one more hit than it shows: more, and an exact total up to the rows shown', () => {
    const many: PickerSource[] = [
      {
        serverId: 's',
        status: 'ready',
        resources: Array.from({ length: 5 }, (_, i) => ({ uri: `x://r${i}`, name: `report-${i}` })),
      },
    ]
    expect(searchRows(many, 'report', 3)).toMatchObject({ total: 4, exact: false, more: true })
    expect(searchRows(many, 'report', 5)).toMatchObject({ total: 5, exact: true, more: false })
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
