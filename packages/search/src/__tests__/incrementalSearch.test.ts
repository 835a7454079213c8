import { describe, expect, it } from 'vitest'
import { createResourceSearch } from '../resourceSearch.ts'
import { SearchSegments } from '../searchSegments.ts'
import type { SearchHit } from '../types.ts'
import { type FixtureResource, generateResources } from './fixtures.ts'

const QUERIES = ['button', 'readme', 'config', 'usr', 'tsx', 'orders', 'utils', 'compnent', 'api']
const LIMIT = 1000

/** Each hit's id with its score: what a search found, independent of ties in order. */
function found(hits: SearchHit<FixtureResource>[]): Map<string, number> {
  return new Map(hits.map((hit) => [hit.item.id, hit.score]))
}

function pagesOf<T>(items: readonly T[], size: number): T[][] {
  const pages: T[][] = []
  for (let i = 0; i < items.length; i += size) pages.push(items.slice(i, i + size))
  return pages
}

describe('incremental updates', () => {
  const items = generateResources(3000, 7)

  it('finds the same items with the same scores, built page by page or at once', () => {
    const whole = createResourceSearch<FixtureResource>({ limit: LIMIT })
    whole.setItems(items)
    const grown = createResourceSearch<FixtureResource>({ limit: LIMIT })
    const appended = createResourceSearch<FixtureResource>({ limit: LIMIT })
    let listed: FixtureResource[] = []
    for (const page of pagesOf(items, 100)) {
      listed = [...listed, ...page]
      grown.setItems(listed)
      appended.upsert(page)
    }
    expect(grown.size).toBe(items.length)
    expect(appended.size).toBe(items.length)
    for (const query of QUERIES) {
      const expected = whole.search(query)
      expect(expected.length).toBeLessThan(LIMIT) // every match is in, so the sets compare
      expect(found(grown.search(query)), query).toEqual(found(expected))
      expect(found(appended.search(query)), query).toEqual(found(expected))
    }
  }, 30_000)

  it('re-indexes what changed, not everything loaded, while a list grows page by page', () => {
    const segments = new SearchSegments<FixtureResource>()
    let listed: FixtureResource[] = []
    for (const page of pagesOf(items, 100)) {
      listed = [...listed, ...page]
      segments.replace(listed)
    }
    // A rebuild per page would index 100 + 200 + … + 3000 = 46,500 items.
    expect(segments.indexed).toBeLessThan(6 * items.length)
    const before = segments.indexed
    segments.replace([...listed.slice(0, 1000), ...listed.slice(1001)])
    segments.replace([...listed.slice(0, 1000), ...listed.slice(1001), items[1000]!])
    expect(segments.indexed - before).toBeLessThan(1000)
  })

  it('keeps every update of a long walk small: a search in the worker waits for one', () => {
    const segments = new SearchSegments<FixtureResource>()
    let largest = 0
    for (const slice of pagesOf(generateResources(20_000, 11), 500)) {
      const before = segments.indexed
      segments.upsert(slice)
      largest = Math.max(largest, segments.indexed - before)
    }
    // Merging 16,384 + 2,048 + … items at once stalled searches for ~400 ms at 100k.
    expect(largest).toBeLessThanOrEqual(4096)
    // And the segments a search runs through stay few.
    expect(segments.segments.length).toBeLessThanOrEqual(12)
    expect(segments.size).toBe(20_000)
  })

  it('applies a list_changed diff: removed items are gone, changed ones found by their new text', () => {
    const search = createResourceSearch<FixtureResource>({ limit: LIMIT })
    search.setItems(items)
    const gone = items.filter((item) => item.name.toLowerCase().includes('button')).slice(0, 5)
    expect(gone.length).toBeGreaterThan(0)
    const renamed = { ...items[10]!, name: 'zanzibar-quokka.md' }
    search.remove(gone.map((item) => item.id))
    search.upsert([renamed])
    const ids = new Set(search.search('button').map((hit) => hit.item.id))
    for (const item of gone) expect(ids.has(item.id)).toBe(false)
    expect(search.search('zanzibar quokka')[0]?.item).toBe(renamed)
    expect(search.size).toBe(items.length - gone.length)

    // The same diff through setItems gives the same result.
    const viaList = createResourceSearch<FixtureResource>({ limit: LIMIT })
    viaList.setItems(items)
    const goneIds = new Set(gone.map((item) => item.id))
    viaList.setItems(
      items
        .filter((item) => !goneIds.has(item.id))
        .map((item) => (item.id === renamed.id ? renamed : item)),
    )
    expect(found(viaList.search('button'))).toEqual(found(search.search('button')))
    expect(viaList.search('zanzibar quokka')[0]?.item).toBe(renamed)
  })

  it('returns the newest object of an item whose searchable text did not change', () => {
    const search = createResourceSearch<FixtureResource>()
    search.setItems(items)
    const target = items[42]!
    const newer = { ...target }
    search.upsert([newer])
    const hit = search.search(target.name).find((h) => h.item.id === target.id)
    expect(hit?.item).toBe(newer)
  })

  it('skips invalid items in updates and keeps the last of duplicate ids', () => {
    const search = createResourceSearch<FixtureResource>()
    const first = items[0]!
    const duplicate = { ...first, name: 'duplicate-name-xyz' }
    search.setItems([first, null as never, { id: 1 } as never, duplicate])
    expect(search.size).toBe(1)
    expect(search.search('duplicate name xyz')[0]?.item).toBe(duplicate)
    search.upsert([{ name: 'no id' } as never])
    expect(search.size).toBe(1)
  })
})
