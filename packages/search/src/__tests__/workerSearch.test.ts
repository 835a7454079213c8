// The worker host over a real MessageChannel (structured clone, comlink), in one thread.
import type { Endpoint } from 'comlink'
import { afterEach, describe, expect, it } from 'vitest'
import { createResourceSearch } from '../resourceSearch.ts'
import { exposeResourceSearch } from '../searchHost.ts'
import { createWorkerSearch } from '../workerSearch.ts'
import { type FixtureResource, generateResources } from './fixtures.ts'

const channels: MessageChannel[] = []
afterEach(() => {
  for (const channel of channels.splice(0)) {
    channel.port1.close()
    channel.port2.close()
  }
})

function hostedSearch(
  options: Parameters<typeof createWorkerSearch>[0] = {},
  /** Told each call as the worker side receives it: its name and its first argument. */
  onCall?: (name: string, first: unknown) => void,
) {
  const channel = new MessageChannel()
  channels.push(channel)
  const port = channel.port1
  if (onCall)
    port.addEventListener('message', (event) => {
      const { path, argumentList } = event.data as {
        path?: string[]
        argumentList?: { value?: unknown }[]
      }
      if (path?.[0]) onCall(path[0], argumentList?.[0]?.value)
    })
  exposeResourceSearch(port as unknown as Endpoint)
  return createWorkerSearch<FixtureResource>({
    ...options,
    endpoint: channel.port2 as unknown as Endpoint,
  })
}

describe('createWorkerSearch', () => {
  const items = generateResources(1500, 3)

  it('answers like the in-thread search, with the caller’s own objects', async () => {
    const search = hostedSearch({ limit: 20 })
    await search.setItems(items)
    const local = createResourceSearch<FixtureResource>({ limit: 20 })
    local.setItems(items)
    expect(search.host).toBe('worker')
    for (const query of ['button', 'readme', 'compnent']) {
      const hits = await search.search(query)
      const expected = local.search(query)
      expect(hits.map((hit) => [hit.item.id, hit.score])).toEqual(
        expected.map((hit) => [hit.item.id, hit.score]),
      )
      expect(hits.map((hit) => hit.matches)).toEqual(expected.map((hit) => hit.matches))
      for (const hit of hits) expect(items).toContain(hit.item)
    }
  })

  it('sends only the difference: a removed item is not found, a new page is', async () => {
    const search = hostedSearch()
    await search.setItems(items.slice(0, 1000))
    const page = items.slice(1000)
    await search.setItems([...items.slice(1, 1000), ...page])
    expect(search.size).toBe(items.length - 1)
    const first = items[0]!
    expect(
      (await search.search(first.name, { limit: 1000 })).map((hit) => hit.item.id),
    ).not.toContain(first.id)
    const last = page.at(-1)!
    expect((await search.search(last.name, { limit: 1000 })).map((hit) => hit.item)).toContain(last)
  })

  it('rejects an aborted search with the signal’s reason', async () => {
    const search = hostedSearch()
    await search.setItems(items)
    const controller = new AbortController()
    const pending = search.search('button', { signal: controller.signal })
    controller.abort(new Error('typed on'))
    await expect(pending).rejects.toThrow('typed on')
  })

  it('makes a search asked during indexing wait for one small slice, not the list', async () => {
    const calls: { name: string; size: number }[] = []
    const search = hostedSearch({}, (name, first) =>
      calls.push({ name, size: Array.isArray(first) ? first.length : 0 }),
    )
    const many = generateResources(20_000, 5)
    const indexing = search.setItems(many)
    const hits = search.search(many[0]!.name)
    await Promise.all([indexing, hits])
    const at = calls.findIndex((call) => call.name === 'search')
    const ahead = calls.slice(0, at).reduce((sum, call) => sum + call.size, 0)
    expect(ahead).toBeGreaterThan(0)
    // The indexing a search waits for stays a few milliseconds of the worker's time.
    expect(ahead).toBeLessThanOrEqual(500)
    expect(calls.slice(at + 1).reduce((sum, call) => sum + call.size, 0)).toBe(20_000 - ahead)
  })

  it('keeps one search in the worker; one aborted before its turn is never sent', async () => {
    const calls: string[] = []
    const search = hostedSearch({}, (name) => calls.push(name))
    await search.setItems(items)
    calls.length = 0
    const first = search.search('button')
    const superseded = new AbortController()
    const second = search.search('readme', { signal: superseded.signal })
    const third = search.search('compnent')
    superseded.abort(new Error('typed on'))
    await expect(second).rejects.toThrow('typed on')
    expect((await first).length).toBeGreaterThan(0)
    expect((await third).length).toBeGreaterThan(0)
    expect(calls).toEqual(['search', 'search'])
  })

  it('runs on this thread without an endpoint, and falls back when the worker fails', async () => {
    const inThread = createWorkerSearch<FixtureResource>()
    await inThread.setItems(items)
    expect(inThread.host).toBe('main')
    expect((await inThread.search('button')).length).toBeGreaterThan(0)

    // A port whose other end serves nothing but errors: every call rejects.
    const channel = new MessageChannel()
    channels.push(channel)
    channel.port1.onmessage = (event) => {
      channel.port1.postMessage({
        id: event.data.id,
        type: 'HANDLER',
        name: 'throw',
        value: { isError: true, value: { message: 'worker broke', name: 'Error' } },
      })
    }
    const failures: unknown[] = []
    const broken = createWorkerSearch<FixtureResource>({
      endpoint: channel.port2 as unknown as Endpoint,
      onFallback: (error) => failures.push(error),
    })
    await broken.setItems(items)
    const hits = await broken.search('button')
    expect(broken.host).toBe('main')
    expect(failures.length).toBe(1)
    expect(hits.map((hit) => hit.item.id)).toEqual(
      (await inThread.search('button')).map((hit) => hit.item.id),
    )
  })
})
