import { createFixtureServer, type FixtureServer } from '@resource-kit/test-utils'
import { afterEach, describe, expect, it } from 'vitest'
import { createResourceClient } from '../createResourceClient.ts'
import { CursorCycleError, InvalidCursorError } from '../errors.ts'
import type { ResourceClient } from '../resourceClient.ts'
import { resourceKeys } from '../resourceKeys.ts'
import type { Resource } from '../types.ts'

describe('paging against a real server', () => {
  let fixture: FixtureServer
  let client: ResourceClient

  async function connect(options: Parameters<typeof createFixtureServer>[0]) {
    fixture = createFixtureServer(options)
    client = createResourceClient()
    client.addServer('f', { transport: () => fixture.inMemoryTransport() })
    await client.ready('f')
  }

  afterEach(async () => {
    await client.close()
    await fixture.close()
  })

  it('walks 10,000 resources in pages of 100 completely', async () => {
    await connect({ resourceCount: 10_000, pageSize: 100 })
    const walk = await client.walkResources('f')
    expect(walk.complete).toBe(true)
    expect(walk.pages).toBe(101) // 10,000 generated + 3 special resources
    expect(walk.items).toHaveLength(10_003)
    expect(new Set(walk.items.map((r) => r.uri)).size).toBe(10_003)
    expect(fixture.calls('resources/list')).toBe(101)
  })

  it('stops a bounded walk at its limit with complete: false and the cursor to continue', async () => {
    await connect({ resourceCount: 1_000, pageSize: 100 })
    const first = await client.walkResources('f', { maxPages: 3 })
    expect(first).toMatchObject({ complete: false, pages: 3, stoppedBy: 'maxPages' })
    expect(first.items).toHaveLength(300)
    expect(first.nextCursor).toEqual(expect.any(String))
    const rest = await client.walkResources('f', { cursor: first.nextCursor })
    expect(rest.complete).toBe(true)
    const all = [...first.items, ...rest.items].map((r) => r.uri)
    expect(all).toHaveLength(1_003)
    expect(new Set(all).size).toBe(1_003)

    const byItems = await client.walkResources('f', { maxItems: 250 })
    expect(byItems).toMatchObject({ complete: false, pages: 3, stoppedBy: 'maxItems' })
  })

  it('walks the shared list pass in chunks, resuming from the cursor, each page asked once', async () => {
    await connect({ resourceCount: 1_000, pageSize: 100, ttlMs: 60_000 })
    const list = client.resourceList('f')
    const chunk = await list.load({ pages: 3 })
    expect(chunk).toMatchObject({ loaded: 300, complete: false, capped: false, loading: false })
    expect(chunk.nextCursor).toEqual(expect.any(String))
    const done = await list.load()
    expect(done).toMatchObject({ loaded: 1_003, complete: true, nextCursor: undefined })
    expect(done.pages[0]).toBe(chunk.pages[0])
    const walk = await client.walkResources('f')
    expect(done.pages.flat().map((r) => r.uri)).toEqual(walk.items.map((r) => r.uri))
    // The walk was served from the pages the list fetched: 11 requests in all.
    expect(fixture.calls('resources/list')).toBe(11)
  })

  it('pages one at a time, by cursor and as an async iterator', async () => {
    await connect({ resourceCount: 12, pageSize: 5 })
    const first = await client.listResources('f')
    expect(first.items.map((r) => r.uri)).toEqual([
      'fixture://r/00',
      'fixture://r/01',
      'fixture://r/02',
      'fixture://r/03',
      'fixture://r/04',
    ])
    const second = await client.listResources('f', { cursor: first.nextCursor })
    expect(second.items[0]?.uri).toBe('fixture://r/05')
    const sizes: number[] = []
    for await (const page of client.resourcePages('f')) sizes.push(page.items.length)
    expect(sizes).toEqual([5, 5, 5])
    const limited: number[] = []
    for await (const page of client.resourcePages('f', { maxPages: 2 }))
      limited.push(page.items.length)
    expect(limited).toEqual([5, 5])
  })

  it('follows an empty-string cursor as a valid cursor', async () => {
    await connect({ resourceCount: 12, pageSize: 5, cursors: 'empty-first' })
    const first = await client.listResources('f')
    expect(first.nextCursor).toBe('')
    const walk = await client.walkResources('f')
    expect(walk).toMatchObject({ complete: true, pages: 3 })
    expect(walk.items).toHaveLength(15)
  })

  it('reports an A → B → A cursor cycle instead of looping', async () => {
    await connect({ resourceCount: 20, pageSize: 5, cursors: 'cycle' })
    const walk = await client.walkResources('f')
    expect(walk).toMatchObject({ complete: false, stoppedBy: 'cycle', pages: 3 })
    expect(walk.error).toBeInstanceOf(CursorCycleError)
    expect(walk.error?.message).toMatch(
      /resources\/list on server "f" returned a cursor it had already returned/,
    )
    expect(walk.items).toHaveLength(15) // what it had is kept
    const iterate = async () => {
      for await (const _page of client.resourcePages('f')) {
        // consume
      }
    }
    await expect(iterate()).rejects.toBeInstanceOf(CursorCycleError)
  })

  it('drops the cached pages of a list whose cursor the server rejects, and restarts the walk', async () => {
    await connect({ resourceCount: 12, pageSize: 5 })
    const stale = await client.listResources('f') // page 1 cached, with a cursor of this snapshot
    fixture.expireCursors()
    fixture.resetCalls()
    const walk = await client.walkResources('f')
    expect(walk).toMatchObject({ complete: true, pages: 3 })
    expect(walk.items.map((r: Resource) => r.uri)).toHaveLength(15)
    // page 2 with the old cursor (rejected), then page 1, 2, 3 afresh
    expect(fixture.calls('resources/list')).toBe(4)

    const error = await client.listResources('f', { cursor: stale.nextCursor }).catch((e) => e)
    expect(error).toBeInstanceOf(InvalidCursorError)
    expect(
      client.queryClient.getQueryData(resourceKeys.list('f', client.partition)),
    ).toBeUndefined()
  })

  it('lists templates as pages and walks', async () => {
    await connect({})
    const walk = await client.walkTemplates('f')
    expect(walk).toMatchObject({ complete: true, pages: 1 })
    expect(walk.items.map((t) => t.uriTemplate)).toEqual([
      'fixture://r/{id}',
      'fixture://users/{owner}/repos/{repo}',
    ])
    const pages = []
    for await (const page of client.templatePages('f')) pages.push(page)
    expect(pages).toHaveLength(1)
  })
})
