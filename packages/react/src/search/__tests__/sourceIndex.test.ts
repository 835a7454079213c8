// The search index applies what each server's feed logged: a page is an upsert of that
// page, a revalidation's patch a remove of what went and an upsert of what came or
// changed; nothing else is read again or compared.
import {
  type AsyncResourceSearch,
  createTimeSlicer,
  createWorkerSearch,
} from '@resource-kit/search'
import { describe, expect, it } from 'vitest'
import type { PickerSource } from '../../shared/sourceTypes.ts'
import {
  memoryResources,
  memoryTemplates,
  resourcePages,
  revalidate,
  walk,
} from '../../sources/__tests__/listPasses.ts'
import { SourceFeed } from '../../sources/sourceFeed.ts'
import type { SearchItem } from '../searchItems.ts'
import { SourceIndex } from '../sourceIndex.ts'

const eager = () =>
  createTimeSlicer({ yieldToMain: async () => {}, whenIdle: async () => {}, now: () => 0 })

/** A real search that counts what it is asked to index and to strike out. */
function countingSearch() {
  const search = createWorkerSearch<SearchItem>({ limit: 10 })
  const counts = { upserted: [] as string[], removed: [] as string[], setItems: 0 }
  const counted: AsyncResourceSearch<SearchItem> = {
    ...search,
    get size() {
      return search.size
    },
    get host() {
      return search.host
    },
    setItems: (items, signal) => {
      counts.setItems += items.length
      return search.setItems(items, signal)
    },
    upsert: (items, signal) => {
      counts.upserted.push(...items.map((item) => item.uri))
      return search.upsert(items, signal)
    },
    remove: (ids, signal) => {
      const list = [...ids]
      counts.removed.push(...list)
      return search.remove(list, signal)
    },
  }
  return { search: counted, counts }
}

const sourceOf = (feed: SourceFeed): PickerSource => ({
  serverId: 's',
  status: 'ready',
  resources: feed.resources,
  templates: feed.templates,
  changes: feed.changes,
})

async function uris(index: SourceIndex, query: string): Promise<string[]> {
  const hits = await index.search(query, 10, new AbortController().signal)
  return hits.map((hit) => hit.item.uri)
}

describe('SourceIndex', () => {
  it('applies a patch event as upserts of what changed, not a rebuild', async () => {
    const server = memoryResources(resourcePages(2000))
    const feed = new SourceFeed()
    feed.follow(server.list, undefined)
    await walk(server)
    const { search, counts } = countingSearch()
    const index = new SourceIndex({ limit: 10, slicer: eager(), search })
    index.sync([sourceOf(feed)])
    await index.idle()
    expect(counts.upserted).toHaveLength(2000)

    counts.upserted = []
    // Two revalidations before the index catches up: f5 goes, then f7 changes and f5000 comes.
    server.pages = resourcePages(2000).map((page) => page.filter((r) => r.name !== 'file-5.md'))
    await revalidate(server)
    server.pages = server.pages.map((page) =>
      page.map((r) => (r.name === 'file-7.md' ? { ...r, title: 'Seven' } : r)),
    )
    server.pages.at(-1)!.push({ uri: 'file:///w/f5000.md', name: 'file-5000.md' })
    await revalidate(server)
    index.sync([sourceOf(feed)])
    await index.idle()
    expect(counts.upserted.sort()).toEqual(['file:///w/f5000.md', 'file:///w/f7.md'])
    expect(counts.removed).toEqual(['r:1:s:file:///w/f5.md'])
    expect(counts.setItems).toBe(0)
    expect(await uris(index, 'file-5000')).toContain('file:///w/f5000.md')
    expect(await uris(index, 'file-5.md')).not.toContain('file:///w/f5.md')
    expect(await uris(index, 'Seven')).toEqual(['file:///w/f7.md'])
    index.close()
  })

  it('indexes a template the template pass added', async () => {
    const server = memoryResources([[]])
    const templates = memoryTemplates([[{ uriTemplate: 'x://{a}', name: 'alpha' }]])
    const feed = new SourceFeed()
    feed.follow(server.list, templates.list)
    await walk(templates)
    const { search, counts } = countingSearch()
    const index = new SourceIndex({ limit: 10, slicer: eager(), search })
    index.sync([sourceOf(feed)])
    await index.idle()
    templates.pages = [[...templates.pages[0]!, { uriTemplate: 'x://{b}', name: 'bravo' }]]
    counts.upserted = []
    await revalidate(templates)
    index.sync([sourceOf(feed)])
    await index.idle()
    expect(counts.upserted).toEqual(['x://{b}'])
    expect(await uris(index, 'bravo')).toEqual(['x://{b}'])
    index.close()
  })

  it('takes a server out when it goes, and puts a source made by hand in again when its arrays change', async () => {
    const { search, counts } = countingSearch()
    const index = new SourceIndex({ limit: 10, slicer: eager(), search })
    const resources = resourcePages(3)[0]!
    const byHand: PickerSource = { serverId: 'h', status: 'ready', resources }
    index.sync([byHand])
    await index.idle()
    index.sync([{ ...byHand }])
    await index.idle()
    // The same arrays: nothing sent again.
    expect(counts.upserted).toHaveLength(3)
    index.sync([{ ...byHand, resources: resources.slice(1) }])
    await index.idle()
    expect(await uris(index, 'file-0')).not.toContain('file:///w/f0.md')
    expect((await uris(index, 'file-1'))[0]).toBe('file:///w/f1.md')
    index.sync([])
    await index.idle()
    expect(index.size).toBe(0)
    index.close()
  })
})
