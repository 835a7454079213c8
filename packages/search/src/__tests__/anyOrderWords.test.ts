// Words in any order: a query of several words finds what the same words in another order
// find (the issue's `docs route`, `token refresh`, `@live log`, "how does offline sync
// work"), among the demo workspace's kind of items and thousands of others.
import { describe, expect, it } from 'vitest'
import { highlightRanges } from '../highlight.ts'
import { createResourceSearch } from '../resourceSearch.ts'
import type { SearchableItem, SearchHit } from '../types.ts'
import { generateResources } from './fixtures.ts'

function file(path: string, title: string, description: string): SearchableItem {
  const uri = `file:///workspace/${path}`
  return { id: uri, uri, name: path.split('/').at(-1)!, title, description }
}

// As the demo server lists them (apps/demo-server), plus look-alikes holding one word only.
const DEMO = [
  file('docs/guide/route-docs.md', 'Route docs', 'Markdown document in docs/guide/'),
  file(
    'docs/board/account/layout/route-create.md',
    'Route create',
    'Markdown document in docs/board/account/layout/',
  ),
  file(
    'src/refund/sidebar/refreshToken.ts',
    'Refresh token',
    'TypeScript module in src/refund/sidebar/',
  ),
  file(
    'src/checkout/token/checkout/refreshDialog.ts',
    'Refresh dialog',
    'TypeScript module in src/checkout/token/checkout/',
  ),
  file('src/auth/tokenStore.ts', 'Token store', 'TypeScript module in src/auth/'),
  file('live/README.md', 'Readme', 'Markdown document in live/'),
  file('assets/team/filter-sync.png', 'Filter sync', 'PNG image in assets/team/'),
  file(
    'docs/board/import/project/plan-offline.md',
    'Plan offline',
    'Markdown document in docs/board/import/project/',
  ),
  {
    id: 'log://app/tail',
    uri: 'log://app/tail',
    name: 'tail',
    title: 'Application log (live)',
    description: 'The last lines of the application log; changes every few seconds',
  },
  {
    id: 'db://public/log',
    uri: 'db://public/log',
    name: 'public.log',
    title: 'log (public)',
    description: '6 columns, about 50293 rows',
  },
  {
    id: 'ticket://web/183',
    uri: 'ticket://web/183',
    name: 'WEB-183',
    title: 'Sync offline receipt in schedule job',
    description: 'P1 · review · radia',
  },
  {
    id: 'ticket://web/4',
    uri: 'ticket://web/4',
    name: 'WEB-4',
    title: 'Sync wrong banner in price job',
    description: 'P2 · done · ada',
  },
] satisfies SearchableItem[]

const NOISE = generateResources(5000, 3)

function searchOf(items: readonly SearchableItem[] = [...DEMO, ...NOISE]) {
  const search = createResourceSearch<SearchableItem>({ limit: 20 })
  search.setItems(items)
  return search
}

const top = (hits: readonly SearchHit<SearchableItem>[]) => hits[0]?.item.uri

describe('words in any order', () => {
  it.each([
    ['docs route', 'route docs', 'file:///workspace/docs/guide/route-docs.md'],
    ['token refresh', 'refresh token', 'file:///workspace/src/refund/sidebar/refreshToken.ts'],
    ['@live log', 'log live', 'log://app/tail'],
    ['how does offline sync work', 'sync offline', 'ticket://web/183'],
  ])('%s finds first what %s finds first', (typed, reversed, uri) => {
    const search = searchOf()
    expect(top(search.search(reversed))).toBe(uri)
    expect(top(search.search(typed))).toBe(uri)
  })

  it('ranks items holding every word above those holding one', () => {
    const uris = searchOf()
      .search('token refresh')
      .map((hit) => hit.item.uri)
    const both = uris.indexOf('file:///workspace/src/refund/sidebar/refreshToken.ts')
    const one = uris.indexOf('file:///workspace/src/checkout/token/checkout/refreshDialog.ts')
    expect(both).toBeGreaterThanOrEqual(0)
    expect(one === -1 || one > both).toBe(true)
    // Hits come sorted by score.
    const scores = searchOf()
      .search('token refresh')
      .map((hit) => hit.score)
    expect(scores).toEqual([...scores].sort((a, b) => a - b))
  })

  it('marks every matched word, wherever it is', () => {
    const [hit] = searchOf().search('offline sync')
    expect(hit!.item.uri).toBe('ticket://web/183')
    const title = hit!.matches.find((match) => match.key === 'title')!
    const marked = highlightRanges(hit!.item.title!, title.ranges)
      .filter((segment) => segment.highlighted)
      .map((segment) => segment.text)
    expect(marked).toEqual(['Sync', 'offline'])
  })

  it('finds a word with a small typo among the others', () => {
    expect(top(searchOf().search('offlien sync'))).toBe('ticket://web/183')
  })

  it('keeps to the scope and forgets removed items', () => {
    const items = DEMO.map((item) => ({
      ...item,
      scope: item.uri.startsWith('ticket:') ? 'tickets' : 'files',
    }))
    const search = searchOf(items)
    expect(top(search.search('token refresh', { scope: 'tickets' }))).not.toBe(
      'file:///workspace/src/refund/sidebar/refreshToken.ts',
    )
    expect(top(search.search('offline sync', { scope: 'tickets' }))).toBe('ticket://web/183')
    search.remove(['ticket://web/183'])
    expect(search.search('offline sync').map((hit) => hit.item.uri)).not.toContain(
      'ticket://web/183',
    )
  })

  it('finds nothing when no word matches anything', () => {
    expect(searchOf().search('zzqxj qqvbz')).toEqual([])
  })

  it('counts a word found nowhere as the rarest one, unless asked to ignore it', () => {
    const search = searchOf()
    expect(search.search('offline sync qqvbz zzqxj')).toEqual([])
    const ignored = search.search('offline sync qqvbz zzqxj', { ignoreUnknownWords: true })
    expect(top(ignored)).toBe('ticket://web/183')
  })
})
