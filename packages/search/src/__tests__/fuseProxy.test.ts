import Fuse from 'fuse.js'
import { describe, expect, it } from 'vitest'
import { fuseProxy } from '../fuseProxy.ts'
import { fuseOptions } from '../fuseRanker.ts'
import { buildCorpus } from '../searchCorpus.ts'
import { generateResources } from './fixtures.ts'

describe('fuseProxy', () => {
  it('orders exact matches the way fuse.js scores them', () => {
    const items = generateResources(3000, 9)
    const corpus = buildCorpus(items)
    const fuse = new Fuse(items, fuseOptions())
    for (const query of ['logger', 'settings', 'orders', 'readme']) {
      const results = fuse.search(query, { limit: 200 })
      const index = new Map(corpus.items.map((item, i) => [item.id, i]))
      const proxies = results.map((result) =>
        fuseProxy(corpus.raw, index.get(result.item.id)!, query),
      )
      // Where fuse.js sees a clearly better score (half or less), the proxy agrees.
      let agreements = 0
      let pairs = 0
      for (let a = 0; a < results.length; a++) {
        for (let b = a + 1; b < results.length; b++) {
          if (results[a]!.score! * 2 > results[b]!.score!) continue
          pairs++
          if (proxies[a]! <= proxies[b]!) agreements++
        }
      }
      expect(pairs).toBeGreaterThan(0)
      expect(agreements / pairs).toBeGreaterThan(0.9)
    }
  })

  it('is 0 when no field contains the query within fuse.js reach', () => {
    const corpus = buildCorpus([{ id: 'a', uri: `x://${'p'.repeat(100)}needle`, name: 'Alpha' }])
    expect(fuseProxy(corpus.raw, 0, 'needle')).toBe(0)
    expect(fuseProxy(corpus.raw, 0, 'alpha')).toBeLessThan(0)
  })
})
