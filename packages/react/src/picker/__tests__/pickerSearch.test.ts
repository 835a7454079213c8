// The picker's index follows the servers' data at the cost of what changed: a reload's
// patch takes out and puts in its own items, never reading the rest again.
import { createTimeSlicer } from '@resource-kit/search'
import { describe, expect, it } from 'vitest'
import type { SearchItem } from '../buildSourceRows.ts'
import { PickerSearch } from '../pickerSearch.ts'
import type { SourceData } from '../sourceData.ts'

/** Items whose `name` reads are counted: indexing or diffing reads every one. */
function countedItems(count: number, from = 0) {
  const reads = { count: 0 }
  const items = Array.from({ length: count }, (_, k): SearchItem => {
    const i = from + k
    const uri = `file:///w/f${i}.md`
    return {
      id: `r:1:s:${uri}`,
      get name() {
        reads.count++
        return `file-${i}.md`
      },
      uri,
      serverId: 's',
      scope: 's',
      kind: 'resource',
      resource: { uri, name: `file-${i}.md` },
    }
  })
  return { items, reads }
}

const data = (items: SearchItem[], extra: Partial<SourceData> = {}): SourceData => ({
  serverId: 's',
  resources: [],
  listGeneration: undefined,
  templates: [],
  hideAssistantOnly: false,
  searchItems: true,
  growing: undefined,
  items,
  generation: 0,
  revision: 0,
  patch: undefined,
  ...extra,
})

const eager = () =>
  createTimeSlicer({ yieldToMain: async () => {}, whenIdle: async () => {}, now: () => 0 })

describe('PickerSearch', () => {
  it('applies a reload’s patch alone: the unchanged items are not read again', async () => {
    const search = new PickerSearch({ limit: 10, slicer: eager() })
    const first = countedItems(2000)
    search.sync([data(first.items)])
    await search.idle()
    const fresh = countedItems(1, 5000)
    // The reload took out f5 and put in f5000.
    const kept = first.items.filter((item) => item.uri !== 'file:///w/f5.md')
    const items = [...kept, ...fresh.items]
    first.reads.count = 0
    search.sync([
      data(items, {
        revision: 1,
        patch: { removedIds: ['r:1:s:file:///w/f5.md'], baseCount: 2000, addedFrom: kept.length },
      }),
    ])
    await search.idle()
    expect(first.reads.count).toBe(0)
    const signal = new AbortController().signal
    const found = await search.search('file-5000', 10, signal)
    expect(found[0]?.item.uri).toBe('file:///w/f5000.md')
    const gone = await search.search('file-5.md', 10, signal)
    expect(gone.map((hit) => hit.item.uri)).not.toContain('file:///w/f5.md')
    search.close()
  })

  it('diffs everything when a patch was missed (two reloads while it was busy)', async () => {
    const search = new PickerSearch({ limit: 10, slicer: eager() })
    const first = countedItems(100)
    search.sync([data(first.items)])
    await search.idle()
    const later = countedItems(1, 900)
    const items = [...first.items.slice(2), ...later.items]
    search.sync([
      data(items, { revision: 2, patch: { removedIds: ['x'], baseCount: 99, addedFrom: 98 } }),
    ])
    await search.idle()
    const signal = new AbortController().signal
    expect((await search.search('file-900', 10, signal))[0]?.item.uri).toBe('file:///w/f900.md')
    const hits = await search.search('file-0.md', 10, signal)
    expect(hits.map((hit) => hit.item.uri)).not.toContain('file:///w/f0.md')
    search.close()
  })
})
