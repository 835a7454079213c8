import type { Endpoint } from 'comlink'
import { describe, expect, it } from 'vitest'
import { createResourceSearch } from '../resourceSearch.ts'
import { exposeResourceSearch } from '../searchHost.ts'
import type { SearchableItem } from '../types.ts'
import { createWorkerSearch } from '../workerSearch.ts'

const items: SearchableItem[] = [
  ...Array.from({ length: 80 }, (_, i) => ({
    id: `big:${i}`,
    uri: `file:///big/readme-${i}.md`,
    name: `readme-${i}.md`,
    scope: 'big',
  })),
  { id: 'small:1', uri: 'file:///small/README.md', name: 'README.md', scope: 'small' },
  { id: 'none:1', uri: 'file:///none/readme.txt', name: 'readme.txt' },
]

describe('scoped search', () => {
  it('finds only the scope’s items, even when other scopes fill the limit', () => {
    const search = createResourceSearch<SearchableItem>({ limit: 10 })
    search.setItems(items)
    expect(search.search('readme').some((hit) => hit.item.id === 'small:1')).toBe(false)
    expect(search.search('readme', { scope: 'small' }).map((hit) => hit.item.id)).toEqual([
      'small:1',
    ])
    // Growing the query in one scope, then leaving it, loses nothing.
    expect(search.search('readm', { scope: 'small' })).toHaveLength(1)
    expect(search.search('readme')).toHaveLength(10)
    expect(search.search('readme', { scope: 'nobody' })).toEqual([])
  })

  it('sends the scope to the worker with the items, and asks it there', async () => {
    const channel = new MessageChannel()
    exposeResourceSearch(channel.port1 as unknown as Endpoint)
    const search = createWorkerSearch<SearchableItem>({
      limit: 10,
      endpoint: channel.port2 as unknown as Endpoint,
    })
    try {
      await search.setItems(items)
      const hits = await search.search('readme', { scope: 'small' })
      expect(search.host).toBe('worker')
      expect(hits.map((hit) => hit.item.id)).toEqual(['small:1'])
    } finally {
      search.close()
      channel.port1.close()
      channel.port2.close()
    }
  })
})
