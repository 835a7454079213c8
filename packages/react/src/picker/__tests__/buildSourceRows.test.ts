import { ConnectionError, CorsBlockedError } from '@resource-kit/client'
import { createResourceSearch } from '@resource-kit/search'
import { describe, expect, it } from 'vitest'
import { type SearchItem, searchItemsOf } from '../../search/searchItems.ts'
import { serverNodeId } from '../../shared/ids.ts'
import type { PickerSource } from '../../shared/sourceTypes.ts'
import { statusText } from '../../shared/statusText.ts'
import { type BuildRowsInput, buildSourceRows as buildRows } from '../buildSourceRows.ts'

const files: PickerSource = {
  serverId: 'files',
  serverName: 'Files',
  status: 'ready',
  resources: [
    { uri: 'file:///ws/a.md', name: 'a.md' },
    { uri: 'file:///ws/b.md', name: 'b.md', annotations: { priority: 1 } },
    { uri: 'file:///ws/secret', name: 'secret', annotations: { audience: ['assistant'] } },
  ],
  templates: [{ uriTemplate: 'file:///ws/{name}', name: 'any file' }],
}
const failed: PickerSource = {
  serverId: 'bad',
  status: 'error',
  error: new Error('boom'),
  resources: [],
  retry: () => {},
}

// The rows as an array (they are read by index: see pickerRows.ts).
const buildSourceRows = (over: BuildRowsInput) => {
  const built = buildRows(over)
  return { ...built, rows: [...built.rows] }
}

const input = (over: Partial<BuildRowsInput>): BuildRowsInput => ({
  sources: [files, failed],
  view: 'list',
  hits: null,
  expandedIds: new Set(),
  directories: {},
  hideAssistantOnly: false,
  ...over,
})

describe('buildSourceRows', () => {
  it('lists each server with its items by priority, then templates, then its status rows', () => {
    const { rows, resultCount } = buildSourceRows(input({}))
    expect(rows.map((r) => [r.kind, r.label])).toEqual([
      ['server', 'Files'],
      ['resource', 'b.md'],
      ['resource', 'a.md'],
      ['resource', 'secret'],
      ['template', 'any file'],
      ['server', 'bad'],
      ['status', 'Failed to load bad: boom'],
    ])
    expect(resultCount).toBe(4)
    expect(
      rows.filter((r) => r.parentId === serverNodeId('files')).map((r) => [r.posInSet, r.setSize]),
    ).toEqual([
      [1, 4],
      [2, 4],
      [3, 4],
      [4, 4],
    ])
  })

  it('hides assistant-only items on request', () => {
    const { rows } = buildSourceRows(input({ hideAssistantOnly: true }))
    expect(rows.some((r) => r.label === 'secret')).toBe(false)
    expect(searchItemsOf([files], true).map((i) => i.name)).toEqual(['a.md', 'b.md', 'any file'])
  })

  it('shows the tree only below expanded servers and keeps status rows as the last children', () => {
    const collapsed = buildSourceRows(input({ view: 'tree' }))
    expect(collapsed.rows.map((r) => r.kind)).toEqual(['server', 'server'])
    const open = buildSourceRows(
      input({ view: 'tree', expandedIds: new Set([serverNodeId('files'), serverNodeId('bad')]) }),
    )
    const bad = open.rows.filter((r) => r.serverId === 'bad')
    expect(bad.map((r) => [r.kind, r.depth, r.posInSet, r.setSize])).toEqual([
      ['server', 0, 2, 2],
      ['status', 1, 1, 1],
    ])
  })

  it('groups search hits by server in score order; a partly loaded server says what was searched', () => {
    const more: PickerSource = { ...files, hasMore: true, loadMore: () => {} }
    const search = createResourceSearch<SearchItem>()
    search.setItems(searchItemsOf([more], false))
    const hits = search.search('b.md')
    const { rows, resultCount } = buildSourceRows(input({ sources: [more, failed], hits }))
    expect(rows[0]).toMatchObject({ kind: 'server', label: 'Files' })
    expect(rows[1]).toMatchObject({ kind: 'resource', label: 'b.md' })
    // Only part of the server was searched: a row says so and loads (and searches) the rest.
    expect(rows.filter((r) => r.kind === 'loadMore')).toEqual([
      expect.objectContaining({
        serverId: 'files',
        label: 'Searched 3 of 3+ resources. Load more and search them',
      }),
    ])
    // A failing server stays visible while searching.
    expect(rows.at(-1)).toMatchObject({ kind: 'status', serverId: 'bad' })
    expect(resultCount).toBe(hits.length)
    // Nothing found on a partly loaded server still leaves that row (never a bare "No results").
    const none = buildSourceRows(input({ sources: [more], hits: [] }))
    expect(none.rows.map((r) => r.kind)).toEqual(['server', 'loadMore'])
    const loading = buildSourceRows(input({ sources: [{ ...more, loadingMore: true }], hits: [] }))
    expect(loading.rows.at(-1)).toMatchObject({
      label: 'Searched 3 of 3+ resources. Loading…',
      searched: 3,
    })
    const browse = buildSourceRows(input({ sources: [more] }))
    expect(browse.rows.at(-1)).toMatchObject({
      kind: 'loadMore',
      label: '3 loaded — more available. Load more',
    })
  })

  it('keeps a reconnecting server’s rows, with a status row saying it is not answering', () => {
    const away: PickerSource = {
      serverId: 'x',
      serverName: 'X',
      status: 'reconnecting',
      error: new Error('fetch failed'),
      resources: [{ uri: 'file:///a.md', name: 'a.md' }],
    }
    const { rows } = buildSourceRows(input({ sources: [away] }))
    const all = Array.from({ length: rows.length }, (_, i) => rows.at(i))
    expect(all.filter((r) => r?.kind === 'resource')).toHaveLength(1)
    const status = all.find((r) => r?.kind === 'status')
    expect(status?.label).toMatch(/^X is not answering, reconnecting… \(Could not reach the server/)
  })

  it('keeps an offline server’s rows, with a status row saying it is offline', () => {
    const away: PickerSource = {
      serverId: 'x',
      serverName: 'X',
      status: 'offline',
      error: new Error('fetch failed'),
      resources: [{ uri: 'file:///a.md', name: 'a.md' }],
    }
    const { rows } = buildSourceRows(input({ sources: [away] }))
    const all = Array.from({ length: rows.length }, (_, i) => rows.at(i))
    expect(all.filter((r) => r?.kind === 'resource')).toHaveLength(1)
    const status = all.find((r) => r?.kind === 'status')
    expect(status?.label).toMatch(/^X is offline: not answering, trying again \(Could not reach/)
  })

  it('marks a down server’s resource, directory and template rows in every view, not a live one’s', () => {
    const dir = { uri: 'file:///ws/src/', name: 'src', mimeType: 'inode/directory' }
    const down = (status: PickerSource['status'], extra: Partial<PickerSource> = {}) => ({
      ...files,
      resources: [...files.resources, dir],
      status,
      ...extra,
    })
    const marked = (source: PickerSource, over: Partial<BuildRowsInput>) =>
      buildSourceRows(input({ sources: [source], ...over }))
        .rows.filter((r) => r.serverDown)
        .map((r) => `${r.kind}:${r.label}`)
    const items = ['resource:a.md', 'resource:b.md', 'resource:secret', 'template:any file']
    const search = createResourceSearch<SearchItem>()
    search.setItems(searchItemsOf([files], false))
    const hits = search.search('md')
    for (const source of [
      down('reconnecting'),
      down('offline'),
      down('error', { serverDown: true }),
    ]) {
      // The list (a directory is a resource there), the tree, the search view.
      expect(marked(source, {}).sort()).toEqual([...items, 'resource:src'].sort())
      // The tree with its folders open (the directory stays closed: it loads when opened).
      const open = new Set([serverNodeId('files')])
      for (let depth = 0; depth < 3; depth++) {
        const rows = buildSourceRows(input({ sources: [source], view: 'tree', expandedIds: open }))
        for (const row of rows.rows) if (row.kind === 'folder') open.add(row.id)
      }
      const tree = marked(source, { view: 'tree', expandedIds: open })
      expect(tree).toContain('directory:src')
      expect(tree).toContain('template:any file')
      expect(tree.some((r) => r.startsWith('folder:'))).toBe(false)
      expect(marked(source, { hits }).sort()).toEqual(['resource:a.md', 'resource:b.md'])
      // The server's own rows say it in words (header badge, status row): no mark.
      expect(marked(source, {}).some((r) => /^(server|status):/.test(r))).toBe(false)
    }
    // Live, or a list that failed on a live server: nothing is marked.
    expect(marked(down('ready'), {})).toEqual([])
    expect(marked(down('error', { error: new Error('page 2 failed') }), {})).toEqual([])
    expect(marked(down('ready'), { hits })).toEqual([])
  })

  it('says what each status means', () => {
    const s = (status: PickerSource['status'], error?: Error) =>
      statusText({ serverId: 'x', serverName: 'X', status, resources: [], ...(error && { error }) })
    expect(s('connecting')).toBe('Connecting to X…')
    expect(s('needs-auth', new Error('401'))).toBe('X needs sign-in: 401')
    expect(s('needs-input')).toBe('X needs input')
    expect(s('empty')).toBe('No resources')
    expect(s('ready')).toBeUndefined()
    expect(s('error', new Error('x'.repeat(500)))?.length).toBeLessThan(240)
  })

  it('says why a connection failed in plain words, not as the SDK’s schema dump', () => {
    const zod = Object.assign(new Error(`[\n  {\n    "code": "invalid_union"${' '.repeat(3000)}`), {
      name: 'ZodError',
    })
    const failed = new ConnectionError(`Could not connect to server "x": ${zod.message}`, {
      cause: zod,
    })
    const text = statusText({
      serverId: 'x',
      serverName: 'X',
      status: 'error',
      resources: [],
      error: failed,
    })
    expect(text).toBe(
      'Failed to load X: The address answered, but not as an MCP server. Check the URL: an MCP endpoint usually ends in /mcp.',
    )
  })

  it('names a CORS refusal, where and what to do, in the row itself', () => {
    const blocked = new CorsBlockedError(
      new URL('http://127.0.0.1:4000/mcp'),
      'http://localhost:5173',
      {
        serverId: 'x',
        cause: new TypeError('Failed to fetch'),
      },
    )
    const text = statusText({
      serverId: 'x',
      serverName: 'X',
      status: 'error',
      resources: [],
      error: blocked,
    })
    expect(text).toBe(
      "Failed to load X: Blocked by CORS: the server at 127.0.0.1:4000 does not allow this page's origin (http://localhost:5173). Allow it on the server, or connect through a bridge.",
    )
  })
})
