import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createResourceClient } from '../createResourceClient.ts'
import { CursorCycleError } from '../errors.ts'
import type { ResourceClient } from '../resourceClient.ts'
import { createResourceList, type ResourceListHost } from '../resourceList.ts'
import type { SessionRequestOptions } from '../session.ts'
import type { Page, Resource } from '../types.ts'
import { FakeSession } from './subscriptionsFakes.ts'

/** A list server that answers every page after `delayMs` (fake time) and counts calls per cursor. */
class SlowListSession extends FakeSession {
  readonly calls = new Map<string, number>()
  /** Part of every description: bump it to change every resource the server lists. */
  revision = 0
  constructor(
    readonly pageCount: number,
    readonly options: { delayMs: number; ttlMs: number; perPage: number },
  ) {
    super('modern')
  }
  override request(
    method: string,
    params: Record<string, unknown>,
    request?: SessionRequestOptions,
  ): Promise<Record<string, unknown>> {
    if (method !== 'resources/list') return super.request(method, params)
    const at = params.cursor === undefined ? 0 : Number(params.cursor)
    const key = params.cursor === undefined ? '(first)' : String(params.cursor)
    this.calls.set(key, (this.calls.get(key) ?? 0) + 1)
    const { delayMs, ttlMs, perPage } = this.options
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        resolve({
          resources: Array.from({ length: perPage }, (_, i) => ({
            uri: `r://${at}/${i}`,
            name: `r${at}-${i}`,
            description: `revision ${this.revision}`,
          })),
          ...(at + 1 < this.pageCount && { nextCursor: String(at + 1) }),
          ttlMs,
        })
      }, delayMs)
      request?.signal?.addEventListener('abort', () => {
        clearTimeout(timer)
        reject(request.signal?.reason)
      })
    })
  }
  /** The most calls any one cursor got. */
  get maxCallsPerCursor(): number {
    return Math.max(0, ...this.calls.values())
  }
}

const clients: ResourceClient[] = []

function connect(session: FakeSession): ResourceClient {
  const client = createResourceClient()
  clients.push(client)
  client.addServer('s', { connect: async () => session })
  return client
}

beforeEach(() => vi.useFakeTimers())
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()))
  vi.useRealTimers()
})

describe('client.resourceList', () => {
  it('walks a list that outlasts its TTL asking each cursor once, while consumers come and go', async () => {
    // 30 pages at 1 s each: the walk lasts 30 s, three times the 10 s TTL.
    const session = new SlowListSession(30, { delayMs: 1000, ttlMs: 10_000, perPage: 10 })
    const client = connect(session)
    const list = client.resourceList('s')
    const offFirst = list.subscribe(() => {})
    const walked = list.load()
    await vi.advanceTimersByTimeAsync(15_000)
    // A second picker (the @ popup) opens mid-walk, with page 1 long stale.
    const second = client.resourceList('s')
    expect(second).toBe(list)
    const offSecond = second.subscribe(() => {})
    const secondLoad = second.load({ pages: 3 })
    await vi.advanceTimersByTimeAsync(20_000)
    const done = await walked
    await secondLoad
    expect(done).toMatchObject({ complete: true, loaded: 300, capped: false, loading: false })
    expect(done.pages).toHaveLength(30)
    expect(session.calls.size).toBe(30)
    expect(session.maxCallsPerCursor).toBe(1)
    // Ten minutes with both consumers subscribed: nothing refetches on a timer.
    await vi.advanceTimersByTimeAsync(600_000)
    expect(session.maxCallsPerCursor).toBe(1)
    // Loading again a complete list asks for nothing.
    await list.load()
    expect(session.maxCallsPerCursor).toBe(1)
    offFirst()
    offSecond()
  })

  it('walks a stale list again once, in the background, keeping its pages until the new pass caught up', async () => {
    const session = new SlowListSession(20, { delayMs: 1000, ttlMs: 10_000, perPage: 10 })
    const client = connect(session)
    const list = client.resourceList('s')
    await Promise.all([list.load(), vi.advanceTimersByTimeAsync(25_000)])
    const before = list.getSnapshot()
    expect(before).toMatchObject({ complete: true, loaded: 200, generation: 0 })
    expect(before.staleAt).toBeLessThan(Date.now())

    // A consumer comes back to the stale list, which changed meanwhile.
    session.revision = 1
    const snapshots: number[] = []
    const off = list.subscribe(() => snapshots.push(list.getSnapshot().loaded))
    expect(list.getSnapshot().revalidating).toBe(true)
    await vi.advanceTimersByTimeAsync(10_500)
    // Half way: the old pages are still what is shown.
    expect(list.getSnapshot().pages).toBe(before.pages)
    expect(list.getSnapshot()).toMatchObject({ loaded: 200, revalidating: true })
    // Other consumers arriving meanwhile do not start another pass.
    list.subscribe(() => {})()
    list.refresh()
    await vi.advanceTimersByTimeAsync(15_000)
    const after = list.getSnapshot()
    expect(after).toMatchObject({ complete: true, loaded: 200, revalidating: false, generation: 1 })
    expect(after.pages).not.toBe(before.pages)
    expect(snapshots.every((loaded) => loaded === 200)).toBe(true)
    expect([...session.calls.values()].every((n) => n === 2)).toBe(true)
    // Once: however long the subscriber stays, the new (already stale) pass is not walked again.
    await vi.advanceTimersByTimeAsync(600_000)
    expect(session.maxCallsPerCursor).toBe(2)
    off()
  })

  it('walks again from page 1 on list_changed, taking none of the invalidated pages from the cache', async () => {
    const session = new SlowListSession(5, { delayMs: 100, ttlMs: 3_600_000, perPage: 2 })
    const client = connect(session)
    const list = client.resourceList('s')
    const off = list.subscribe(() => {})
    await Promise.all([list.load(), vi.advanceTimersByTimeAsync(1_000)])
    expect(session.maxCallsPerCursor).toBe(1)
    session.revision = 1
    await client.invalidateLists('s')
    expect(list.getSnapshot().revalidating).toBe(true)
    await vi.advanceTimersByTimeAsync(1_000)
    expect(list.getSnapshot()).toMatchObject({ generation: 1, complete: true, loaded: 10 })
    expect([...session.calls.values()]).toEqual([2, 2, 2, 2, 2])
    off()
  })
})

/** A host over in-memory pages (cursor = page index), counting fetches. */
function memoryHost(pageCount: number, overrides: Partial<ResourceListHost> = {}) {
  const fetched: (string | undefined)[] = []
  let resolveNext: (() => void) | undefined
  const host: ResourceListHost = {
    serverId: 'm',
    maxPages: 1000,
    partition: () => 'p',
    now: () => 0,
    fetchPage: async (cursor, signal) => {
      fetched.push(cursor)
      const at = cursor === undefined ? 0 : Number(cursor)
      await new Promise<void>((resolve, reject) => {
        resolveNext = resolve
        signal.addEventListener('abort', () => reject(signal.reason), { once: true })
        queueMicrotask(resolve)
      })
      const page: Page<Resource> = {
        items: [{ uri: `m://${at}`, name: `m${at}` }],
        ...(at + 1 < pageCount && { nextCursor: String(at + 1) }),
        ttlMs: 60_000,
        cacheScope: 'public',
      }
      return { page, receivedAt: 0 }
    },
    ...overrides,
  }
  return { host, fetched, release: () => resolveNext?.() }
}

describe('createResourceList', () => {
  it('resumes from the cursor page by page, and stops at the cap with more to load beyond it', async () => {
    const { host, fetched } = memoryHost(10, { maxPages: 4 })
    const list = createResourceList(host)
    let snapshot = await list.load({ pages: 2 })
    expect(snapshot).toMatchObject({ loaded: 2, complete: false, capped: false, nextCursor: '2' })
    const firstPages = snapshot.pages
    snapshot = await list.load()
    expect(snapshot).toMatchObject({ loaded: 4, complete: false, capped: true, nextCursor: '4' })
    // Appending keeps the earlier page arrays.
    expect(snapshot.pages[0]).toBe(firstPages[0])
    expect(snapshot.generation).toBe(0)
    // At the cap, a plain load asks for nothing more; beyondCap goes on.
    await list.load()
    expect(fetched).toHaveLength(4)
    snapshot = await list.load({ beyondCap: true, pages: 1 })
    expect(snapshot).toMatchObject({ loaded: 5, capped: true, nextCursor: '5' })
    snapshot = await list.load({ beyondCap: true })
    expect(snapshot).toMatchObject({ loaded: 10, complete: true, capped: false })
    expect(fetched).toEqual([undefined, '1', '2', '3', '4', '5', '6', '7', '8', '9'])
  })

  it('goes on from the shown cursor when the list changes mid-walk, then walks it again', async () => {
    const { host, fetched } = memoryHost(8)
    const list = createResourceList(host)
    const off = list.subscribe(() => {})
    const before = await list.load({ pages: 3 })
    const next = list.load({ pages: 5 })
    list.invalidate()
    expect(list.getSnapshot()).toMatchObject({ revalidating: true, loading: true })
    // The pages asked for come from where the walk was, not after page 1 again.
    const grown = await next
    expect(grown).toMatchObject({ loaded: 8, complete: true, generation: before.generation })
    expect(fetched.slice(0, 8)).toEqual([undefined, '1', '2', '3', '4', '5', '6', '7'])
    // Then the revalidation walks the list from page 1 and replaces it.
    const current = await list.load()
    expect(current).toMatchObject({ loaded: 8, complete: true, revalidating: false })
    expect(fetched.slice(8)).toEqual([undefined, '1', '2', '3', '4', '5', '6', '7'])
    off()
  })

  it('pauses when the last waiting load aborts, keeping the pages, and goes on from there', async () => {
    const { host, fetched } = memoryHost(10)
    const list = createResourceList(host)
    await list.load({ pages: 3 })
    const controller = new AbortController()
    const paused = list.load({ signal: controller.signal })
    controller.abort()
    const snapshot = await paused
    await Promise.resolve()
    expect(list.getSnapshot().loading).toBe(false)
    expect(snapshot.loaded).toBeGreaterThanOrEqual(3)
    const resumed = await list.load()
    expect(resumed).toMatchObject({ loaded: 10, complete: true })
    // Every page is in once, in order, whatever was cut off.
    expect(resumed.pages.flat().map((r) => r.uri)).toEqual(
      Array.from({ length: 10 }, (_, i) => `m://${i}`),
    )
    expect(new Set(fetched.filter((c) => c !== '3')).size).toBe(
      fetched.filter((c) => c !== '3').length,
    )
  })

  it('starts a new walk for a load that comes right after the last one aborted', async () => {
    const { host } = memoryHost(6)
    const list = createResourceList(host)
    const controller = new AbortController()
    const first = list.load({ signal: controller.signal })
    controller.abort()
    await first
    // Called before the aborted page has settled: it must still get every page.
    const next = await list.load()
    expect(next).toMatchObject({ loaded: 6, complete: true, loading: false })
  })

  it('reports a cursor cycle, keeps the pages, and never follows it', async () => {
    const { host, fetched } = memoryHost(10, {
      fetchPage: async (cursor) => {
        fetched.push(cursor)
        const page: Page<Resource> = {
          items: [{ uri: `c://${cursor ?? 'first'}`, name: 'c' }],
          nextCursor: cursor === 'b' ? 'a' : cursor === 'a' ? 'b' : 'a',
          ttlMs: 0,
          cacheScope: 'public',
        }
        return { page, receivedAt: 0 }
      },
    })
    const list = createResourceList(host)
    const snapshot = await list.load()
    expect(snapshot.error).toBeInstanceOf(CursorCycleError)
    expect(snapshot).toMatchObject({ loaded: 3, complete: false, nextCursor: undefined })
    expect(fetched).toEqual([undefined, 'a', 'b'])
    await list.load()
    expect(fetched).toHaveLength(3)
  })

  it('notifies once per tick however many changes it holds, and keeps the snapshot identity otherwise', async () => {
    const { host } = memoryHost(3)
    const list = createResourceList(host)
    let calls = 0
    list.subscribe(() => {
      calls += 1
    })
    const empty = list.getSnapshot()
    expect(list.getSnapshot()).toBe(empty)
    await list.load()
    await Promise.resolve()
    // Three pages, a start and an end: fewer notifications than changes, at least one.
    expect(calls).toBeGreaterThan(0)
    expect(calls).toBeLessThanOrEqual(4)
    const done = list.getSnapshot()
    await list.load()
    expect(list.getSnapshot()).toBe(done)
  })

  it('drops every page when the partition changes (another account must not see them)', async () => {
    let partition = 'alice'
    const { host } = memoryHost(3, { partition: () => partition })
    const list = createResourceList(host)
    await list.load()
    expect(list.getSnapshot().loaded).toBe(3)
    partition = 'bob'
    list.subscribe(() => {})
    expect(list.getSnapshot()).toMatchObject({ loaded: 0, pages: [], generation: 1 })
  })
})

/** A server's list that tests change between passes: pages of `perPage` (cursor = offset), each resource a new object per fetch, as off the wire. */
function catalogHost(items: Resource[], perPage: number) {
  let answered = 0
  const host: ResourceListHost = {
    serverId: 'c',
    maxPages: 1000,
    partition: () => 'p',
    now: () => 0,
    fetchPage: async (cursor, signal) => {
      const at = cursor === undefined ? 0 : Number(cursor)
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(resolve, 100)
        signal.addEventListener('abort', () => {
          clearTimeout(timer)
          reject(signal.reason)
        })
      })
      answered += 1
      const page: Page<Resource> = {
        items: structuredClone(items.slice(at, at + perPage)),
        ...(at + perPage < items.length && { nextCursor: String(at + perPage) }),
        ttlMs: 60_000,
        cacheScope: 'public',
      }
      return { page, receivedAt: 0 }
    },
  }
  return { host, answered: () => answered }
}

/** Resources with every kind of field, nested ones included. */
function catalog(count: number): Resource[] {
  return Array.from({ length: count }, (_, i) => ({
    uri: `c://${String(i).padStart(3, '0')}`,
    name: `c${i}`,
    title: `Item ${i}`,
    mimeType: 'text/plain',
    size: i * 10,
    annotations: { audience: ['user'], priority: 0.5, lastModified: '2026-01-01T00:00:00Z' },
    icons: [{ src: 'https://example.com/icon.png', sizes: ['16x16'] }],
    _meta: { owner: { team: 'docs', tags: ['a', 'b'] } },
  }))
}

describe('createResourceList revalidation (structural sharing)', () => {
  /** Walks the whole list, then walks it again from page 1 once `change` changed the server's items. */
  async function revalidate(items: Resource[], change: (items: Resource[]) => void) {
    const { host, answered } = catalogHost(items, 4)
    const list = createResourceList(host)
    await Promise.all([list.load(), vi.advanceTimersByTimeAsync(10_000)])
    const before = list.getSnapshot()
    const walked = answered()
    change(items)
    list.refresh()
    // The first page of the new pass is in: the shown data is exactly what it was.
    await vi.advanceTimersByTimeAsync(100)
    expect(answered()).toBe(walked + 1)
    expect(list.getSnapshot()).toMatchObject({
      revalidating: true,
      loaded: before.loaded,
      generation: before.generation,
    })
    expect(list.getSnapshot().pages).toBe(before.pages)
    // Caught up with the shown pages it replaces them; a load walks on past them (a longer list).
    await Promise.all([list.load(), vi.advanceTimersByTimeAsync(10_000)])
    const after = list.getSnapshot()
    expect(after).toMatchObject({ revalidating: false, complete: true })
    // The new pass was walked to its end: what follows compares two real passes.
    expect(answered()).toBe(walked + after.pages.length)
    return { before, after, old: before.pages.flat(), now: after.pages.flat() }
  }

  it('keeps every resource object, every page array and the generation when nothing changed', async () => {
    const { before, after, old, now } = await revalidate(catalog(20), () => {})
    expect(after.pages).toBe(before.pages)
    expect(after.generation).toBe(before.generation)
    expect(now).toHaveLength(20)
    for (const [i, resource] of now.entries()) expect(resource).toBe(old[i])
  })

  it('gives a changed resource a new object and keeps its unchanged neighbours and pages', async () => {
    const { before, after, old, now } = await revalidate(catalog(20), (items) => {
      ;(items[6] as Resource).title = 'Renamed'
      // Deep in `_meta`: still a change.
      const meta = items[13]?._meta as { owner: { tags: string[] } }
      meta.owner.tags.push('c')
    })
    expect(after.generation).toBe(before.generation + 1)
    expect(after.pages).not.toBe(before.pages)
    expect(now[6]).not.toBe(old[6])
    expect(now[6]).toMatchObject({ uri: 'c://006', title: 'Renamed' })
    expect(now[13]).not.toBe(old[13])
    expect(now[13]?._meta).toEqual({ owner: { team: 'docs', tags: ['a', 'b', 'c'] } })
    for (const i of [0, 4, 5, 7, 12, 14, 19]) expect(now[i]).toBe(old[i])
    // Pages 1 and 3 hold a change; the others are the very arrays shown before.
    expect(after.pages.map((page, i) => page === before.pages[i])).toEqual([
      true,
      false,
      true,
      false,
      true,
    ])
  })

  it('keeps the unchanged objects when an insertion shifts every later page', async () => {
    const { before, after, old, now } = await revalidate(catalog(20), (items) => {
      items.unshift({ uri: 'c://new', name: 'new' })
    })
    expect(after.generation).toBe(before.generation + 1)
    expect(after.loaded).toBe(21)
    expect(now[0]).toEqual({ uri: 'c://new', name: 'new' })
    expect(old).not.toContain(now[0])
    // Each old resource is one place later, and the very same object.
    for (const [i, resource] of now.slice(1).entries()) expect(resource).toBe(old[i])
    expect(after.pages.some((page, i) => page === before.pages[i])).toBe(false)
  })

  it('drops a removed resource and keeps the others', async () => {
    const { after, old, now } = await revalidate(catalog(20), (items) => {
      items.splice(9, 1)
    })
    expect(after.loaded).toBe(19)
    expect(now.map((r) => r.uri)).not.toContain('c://009')
    expect(now).toEqual(old.filter((r) => r.uri !== 'c://009'))
    for (const resource of now) expect(old).toContain(resource)
  })
})

describe('createResourceList revalidation of a list with a URI listed twice', () => {
  it('reuses each shown object once, so no object is listed twice', async () => {
    const items = catalog(10)
    const { host } = catalogHost(items, 4)
    const list = createResourceList(host)
    await Promise.all([list.load(), vi.advanceTimersByTimeAsync(10_000)])
    const old = list.getSnapshot().pages.flat()
    // The server now lists c://005 twice, the same content both times.
    items.splice(6, 0, structuredClone(items[5] as Resource))
    list.refresh()
    await Promise.all([list.load(), vi.advanceTimersByTimeAsync(10_000)])
    const now = list.getSnapshot().pages.flat()
    expect(now.map((r) => r.uri)).toEqual([...old.slice(0, 6), ...old.slice(5)].map((r) => r.uri))
    expect(now[5]).toBe(old[5])
    // The second listing is another object (equal to the first), not the first one again.
    expect(now[6]).toEqual(old[5])
    expect(new Set(now).size).toBe(now.length)
  })
})

describe('createResourceList revalidation pace', () => {
  /** 12 resources in pages of 4, over a host whose pace waits until the test releases it. */
  function pacedList() {
    const { host, answered } = catalogHost(catalog(12), 4)
    const waits: (() => void)[] = []
    const list = createResourceList({
      ...host,
      pace: () => new Promise<void>((resolve) => waits.push(resolve)),
    })
    return { list, answered, waits }
  }

  it('waits for the host’s pace before each page of a revalidation after its first', async () => {
    const { list, answered, waits } = pacedList()
    // The first walk is not paced: someone asked for the pages.
    await Promise.all([list.load(), vi.advanceTimersByTimeAsync(10_000)])
    expect(answered()).toBe(3)
    list.refresh()
    await vi.advanceTimersByTimeAsync(1000)
    // Page 1 of the new pass came at once; page 2 waits for the pace.
    expect(answered()).toBe(4)
    expect(waits).toHaveLength(1)
    for (let page = 2; page <= 3; page++) {
      waits.shift()?.()
      await vi.advanceTimersByTimeAsync(1000)
      expect(answered()).toBe(3 + page)
    }
    expect(list.getSnapshot()).toMatchObject({ revalidating: false, complete: true, loaded: 12 })
    list.close()
  })

  it('walks at full speed while a load waits for pages', async () => {
    const { list, answered, waits } = pacedList()
    await Promise.all([list.load(), vi.advanceTimersByTimeAsync(10_000)])
    list.refresh()
    // A load waits for the revalidation's pages: it is not paced.
    await Promise.all([list.load(), vi.advanceTimersByTimeAsync(10_000)])
    expect(waits).toHaveLength(0)
    expect(answered()).toBe(6)
    expect(list.getSnapshot()).toMatchObject({ complete: true, loaded: 12 })
    list.close()
  })
})
