import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { highlightRanges } from '../highlight.ts'
import { createResourceSearch } from '../resourceSearch.ts'
import type { SearchableItem, SearchHit } from '../types.ts'
import { type FixtureResource, generateResources } from './fixtures.ts'

function item(uri: string, name: string, extra: Partial<SearchableItem> = {}): SearchableItem {
  return { id: uri, uri, name, ...extra }
}

const ITEMS: SearchableItem[] = [
  item('file:///ws/web-app/src/components/Button.tsx', 'Button.tsx', {
    title: 'Button component',
    description: 'Renders a clickable button.',
  }),
  item('file:///ws/web-app/src/components/ButtonGroup.tsx', 'ButtonGroup.tsx'),
  item('file:///ws/web-app/src/components/Dialog.tsx', 'Dialog.tsx'),
  item('file:///ws/web-app/src/hooks/useUserProfile.ts', 'useUserProfile.ts'),
  item('file:///ws/web-app', 'web-app', { description: 'The customer-facing single-page app' }),
  item('file:///ws/api-server/README.md', 'README.md', { title: 'API server readme' }),
  item('db://prod/shop/public/orders', 'orders', { title: 'Order history' }),
  item('db://prod/shop/public/invoices', 'invoices', { description: 'Paid and unpaid bills' }),
  item('jira://tickets/WEB-42', 'WEB-42', { title: 'Tooltip flickers on hover' }),
]

function searchOf(items: readonly SearchableItem[] = ITEMS) {
  const search = createResourceSearch<SearchableItem>()
  search.setItems(items)
  return search
}

const names = (hits: readonly SearchHit<SearchableItem>[]) => hits.map((hit) => hit.item.name)

/** The text a field's highlight ranges cover, joined: what a user sees marked. */
function marked(hit: SearchHit<SearchableItem>, key: 'name' | 'title' | 'uri' | 'description') {
  const text = hit.item[key] ?? ''
  const ranges = hit.matches.find((match) => match.key === key)?.ranges ?? []
  return highlightRanges(text, ranges)
    .filter((segment) => segment.highlighted)
    .map((segment) => segment.text)
}

describe('createResourceSearch', () => {
  it('finds items by name, title, uri and description', () => {
    const search = searchOf()
    expect(names(search.search('dialog'))[0]).toBe('Dialog.tsx')
    expect(names(search.search('order history'))[0]).toBe('orders')
    expect(names(search.search('WEB-42'))[0]).toBe('WEB-42')
    expect(names(search.search('flickers'))[0]).toBe('WEB-42')
    expect(names(search.search('hooks'))).toEqual(['useUserProfile.ts'])
    expect(names(search.search('unpaid'))).toEqual(['invoices'])
  })

  it('ranks a name that starts with the query above one that merely contains it', () => {
    const hits = searchOf().search('button')
    expect(names(hits).slice(0, 2)).toEqual(['Button.tsx', 'ButtonGroup.tsx'])
    expect(hits[0]!.score).toBeLessThan(hits[1]!.score)
    for (const hit of hits) expect(hit.score).toBeGreaterThanOrEqual(0)
    for (const hit of hits) expect(hit.score).toBeLessThanOrEqual(1)
  })

  it('finds Button for the abbreviation btn, and marks b, t and n', () => {
    const hits = searchOf().search('btn')
    expect(names(hits)[0]).toBe('Button.tsx')
    expect(marked(hits[0]!, 'name')).toEqual(['B', 't', 'n'])
  })

  it('finds Dialog for a query with two letters swapped', () => {
    const hits = searchOf().search('dilaog')
    expect(names(hits)[0]).toBe('Dialog.tsx')
    expect(marked(hits[0]!, 'name')).toEqual(['Dialog'])
    expect(names(searchOf().search('tooltpi'))[0]).toBe('WEB-42')
  })

  it('finds web-app for webapp, marking both halves across the dash', () => {
    const hits = searchOf().search('webapp')
    expect(names(hits)[0]).toBe('web-app')
    expect(marked(hits[0]!, 'name')).toEqual(['web', 'app'])
    expect(marked(hits[0]!, 'uri')).toEqual(['web', 'app'])
    // Every other item lives under web-app/ or mentions it: all match on the uri.
    expect(names(hits)).toContain('Dialog.tsx')
  })

  it('reports highlight ranges as inclusive [start, end] pairs of the original text', () => {
    const [hit] = searchOf().search('user profile')
    expect(hit!.item.name).toBe('useUserProfile.ts')
    expect(hit!.matches.find((match) => match.key === 'name')?.ranges).toEqual([[3, 13]])
    const [readme] = searchOf().search('readme')
    expect(readme!.matches).toContainEqual({ key: 'name', ranges: [[0, 5]] })
    expect(readme!.matches).toContainEqual({ key: 'title', ranges: [[11, 16]] })
  })

  it('returns no hits for an empty, blank or punctuation-only query', () => {
    const search = searchOf()
    expect(search.search('')).toEqual([])
    expect(search.search('   ')).toEqual([])
    expect(search.search('-/.')).toEqual([])
    expect(search.search(undefined as unknown as string)).toEqual([])
  })

  it('returns nothing before setItems and for a query nothing resembles', () => {
    expect(createResourceSearch().search('button')).toEqual([])
    expect(searchOf().search('zzqxj')).toEqual([])
  })

  it('replaces the items on setItems, forgetting the old ones', () => {
    const search = searchOf()
    expect(names(search.search('dialog'))).toContain('Dialog.tsx')
    search.setItems([item('file:///new/Modal.tsx', 'Modal.tsx')])
    expect(search.size).toBe(1)
    expect(search.search('dialog')).toEqual([])
    expect(names(search.search('modal'))).toEqual(['Modal.tsx'])
  })

  it('honours the limit, from the options of the search or of the call', () => {
    const items = generateResources(2000, 7)
    const search = createResourceSearch<FixtureResource>({ limit: 5 })
    search.setItems(items)
    expect(search.search('button')).toHaveLength(5)
    expect(search.search('button', { limit: 12 })).toHaveLength(12)
    expect(search.search('button', { limit: -3 })).toHaveLength(1)
    expect(search.search('button', { limit: Number.NaN })).toHaveLength(5)
  })

  it('skips items without a string id, name or uri instead of throwing', () => {
    const hostile = [
      null,
      42,
      { id: 'a', name: 7, uri: 'x://a' },
      { id: 'b', name: 'Beta', uri: null },
      { name: 'Gamma', uri: 'x://g' },
      { id: 'd', name: 'Delta', uri: 'x://d', title: { toString: () => 'boom' }, description: 9 },
    ] as unknown as SearchableItem[]
    const search = searchOf(hostile)
    expect(search.size).toBe(1)
    expect(names(search.search('delta'))).toEqual(['Delta'])
    expect(search.search('boom')).toEqual([])
    expect(() => searchOf('nope' as unknown as SearchableItem[])).not.toThrow()
    expect(searchOf('nope' as unknown as SearchableItem[]).size).toBe(0)
  })

  it('survives hostile strings: markup, control characters, huge and non-Latin text', () => {
    const huge = `${'a'.repeat(200_000)}needle`
    const search = searchOf([
      item('x://1', '<img src=x onerror=alert(1)>.svg', { description: '\u0000\u202e\ud800' }),
      item('x://2', 'İstanbul Ünïcödé 東京', { title: '🙂 emoji title' }),
      item('x://3', huge, { description: huge }),
      item('x://4', 'Résumé.pdf'),
    ])
    expect(names(search.search('onerror'))).toEqual(['<img src=x onerror=alert(1)>.svg'])
    expect(marked(search.search('onerror')[0]!, 'name')).toEqual(['onerror'])
    expect(names(search.search('東京'))).toEqual(['İstanbul Ünïcödé 東京'])
    expect(names(search.search('ünïc'))).toEqual(['İstanbul Ünïcödé 東京'])
    expect(names(search.search('résumé'))).toEqual(['Résumé.pdf'])
    // Only the first 512 characters of a field are searched.
    expect(search.search('needle')).toEqual([])
    expect(() => search.search('\u0000\ud800'.repeat(100))).not.toThrow()
    expect(() => search.search('a'.repeat(10_000))).not.toThrow()
  })

  it('gives the same hits for a query however it was typed (narrowing never loses a match)', () => {
    const items = generateResources(1500, 3)
    const typed = createResourceSearch<FixtureResource>()
    typed.setItems(items)
    // A new index per query: one reused would narrow from its own last query.
    const fresh = () => {
      const search = createResourceSearch<FixtureResource>()
      search.setItems(items)
      return search
    }
    const ids = (hits: SearchHit<FixtureResource>[]) => hits.map((hit) => hit.item.id)
    // Words matching inside words (tsconfig, Dialog, Button) exercise the narrowed label
    // stage; words found only in descriptions ("… cleanup on unmount", "Shared helper used
    // …") the narrowed stage of URIs and descriptions.
    const word = fc.constantFrom(
      'config',
      'ialog',
      'utton',
      'buttno',
      'webapp',
      'btn',
      'src/comp',
      'uponunmount',
      'helperused',
    )
    fc.assert(
      fc.property(fc.array(word, { minLength: 2, maxLength: 3 }), (words) => {
        for (const query of words) {
          for (let i = 1; i <= query.length; i++) typed.search(query.slice(0, i))
          expect(ids(typed.search(query))).toEqual(ids(fresh().search(query)))
        }
      }),
      { numRuns: 12, examples: [[['utton', 'config']], [['uponunmount', 'helperused']]] },
    )
  }, 20_000)

  it('finds the three hard query kinds in realistic data', () => {
    const search = createResourceSearch<FixtureResource>()
    search.setItems(generateResources(5000, 11))
    const first = (query: string) => search.search(query)[0]!.item.name
    expect(first('btn')).toBe('Button.tsx')
    expect(first('usrprf')).toMatch(/^UserProfile\.tsx?$/)
    expect(first('reamde')).toBe('README.md')
    expect(first('paginatoin')).toMatch(/^Pagination\.tsx?$/)
    expect(first('datapipeline')).toBe('data-pipeline')
    expect(first('useraccounts')).toMatch(/^user_accounts/)
  })
})
