// The shared lists publish what changed (`onChange`): appended pages, a revalidation's patch
// (added / changed / removed / displaced, from the structural sharing), a reset; in order,
// each with the next version, so a consumer that applies them holds exactly the list's items.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createResourceClient } from '../createResourceClient.ts'
import type { ListChange, ResourceClient, SharedList } from '../resourceClient.ts'
import { createResourceList, createSharedList, type ResourceListHost } from '../resourceList.ts'
import type { Page, Resource, ResourceTemplate } from '../types.ts'
import { FakeSession } from './subscriptionsFakes.ts'

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

/** A server's list that tests change between passes: pages of `perPage` (cursor = offset), new objects per fetch. */
function catalogHost(items: Resource[], perPage: number, partition = () => 'p'): ResourceListHost {
  return {
    serverId: 'c',
    maxPages: 1000,
    partition,
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
      const page: Page<Resource> = {
        items: structuredClone(items.slice(at, at + perPage)),
        ...(at + perPage < items.length && { nextCursor: String(at + perPage) }),
        ttlMs: 60_000,
        cacheScope: 'public',
      }
      return { page, receivedAt: 0 }
    },
  }
}

function catalog(count: number): Resource[] {
  return Array.from({ length: count }, (_, i) => ({
    uri: `c://${String(i).padStart(3, '0')}`,
    name: `c${i}`,
    _meta: { owner: { tags: ['a'] } },
  }))
}

/**
 * A consumer that keeps its own copy of the list from the changes alone (as the picker's
 * tree and search index do), starting from the snapshot it subscribed at.
 */
function follow<T extends object>(list: SharedList<T>) {
  const changes: ListChange<T>[] = []
  let items = list.getSnapshot().pages.flat()
  let version = list.getSnapshot().version
  const off = list.onChange((change) => {
    changes.push(change)
    expect(change.version).toBe(version + 1)
    // Told after the snapshot shows it.
    expect(list.getSnapshot().version).toBe(change.version)
    version = change.version
    if (change.type === 'reset') items = []
    else if (change.type === 'appended') items = [...items, ...change.items]
    else {
      const gone = new Set<T>([...change.removed, ...change.displaced])
      const next = new Map(change.changed.map(({ previous, next }) => [previous, next]))
      items = items.filter((item) => !gone.has(item)).map((item) => next.get(item) ?? item)
      items.push(...change.added)
    }
  })
  /** The copy holds exactly the list's objects (in any order: a patch says what, not where). */
  const inStep = () => {
    const shown = list.getSnapshot().pages.flat()
    expect(new Set(items)).toEqual(new Set(shown))
    expect(items).toHaveLength(shown.length)
  }
  return { changes, off, inStep, types: () => changes.map((c) => c.type) }
}

const uris = (resources: readonly Resource[]) => resources.map((r) => r.uri)

async function walked<T>(list: SharedList<T>): Promise<void> {
  await Promise.all([list.load(), vi.advanceTimersByTimeAsync(10_000)])
}

describe('ListChange: appended', () => {
  it('tells each shown page as appended, with the next version, and the snapshot carries it', async () => {
    const list = createResourceList(catalogHost(catalog(10), 4))
    const consumer = follow(list)
    expect(list.getSnapshot().version).toBe(0)
    await walked(list)
    expect(consumer.types()).toEqual(['appended', 'appended', 'appended'])
    expect(consumer.changes.map((c) => c.version)).toEqual([1, 2, 3])
    expect(list.getSnapshot().version).toBe(3)
    const pages = list.getSnapshot().pages
    // The very page arrays, not copies.
    consumer.changes.forEach((change, i) => {
      expect(change.type === 'appended' && change.items).toBe(pages[i])
    })
    consumer.inStep()
  })
})

describe('ListChange: patched (what the structural sharing saw)', () => {
  async function revalidated(change: (items: Resource[]) => void, count = 20, perPage = 4) {
    const items = catalog(count)
    const list = createResourceList(catalogHost(items, perPage))
    await walked(list)
    const before = list.getSnapshot().pages.flat()
    const consumer = follow(list)
    change(items)
    list.refresh()
    await walked(list)
    consumer.inStep()
    return { list, before, consumer }
  }

  it('tells nothing when a revalidation changed nothing', async () => {
    const { consumer, list } = await revalidated(() => {})
    expect(consumer.changes).toEqual([])
    expect(list.getSnapshot().version).toBe(5)
  })

  it('tells a changed resource with its previous and next object, and nothing of the others', async () => {
    const { consumer, before, list } = await revalidated((items) => {
      ;(items[6] as Resource).name = 'renamed'
    })
    expect(consumer.types()).toEqual(['patched'])
    const patch = consumer.changes[0] as Extract<ListChange<Resource>, { type: 'patched' }>
    expect(patch).toMatchObject({ version: 6, added: [], removed: [], displaced: [] })
    expect(patch.changed).toHaveLength(1)
    expect(patch.changed[0]?.previous).toBe(before[6])
    expect(patch.changed[0]?.next).toBe(list.getSnapshot().pages.flat()[6])
    expect(patch.changed[0]?.next.name).toBe('renamed')
  })

  it('tells an insertion as added and keeps every shifted resource out of the patch', async () => {
    const { consumer } = await revalidated((items) => {
      items.splice(5, 0, { uri: 'c://new', name: 'new' })
    })
    // The pass caught up at 5 pages and then went on: the resource pushed past them comes back.
    expect(consumer.types()).toEqual(['patched', 'appended'])
    const patch = consumer.changes[0] as Extract<ListChange<Resource>, { type: 'patched' }>
    expect(uris(patch.added)).toEqual(['c://new'])
    expect(patch.changed).toEqual([])
    expect(patch.removed).toEqual([])
    expect(uris(patch.displaced)).toEqual(['c://019'])
    const appended = consumer.changes[1] as Extract<ListChange<Resource>, { type: 'appended' }>
    // The very object it displaced.
    expect(appended.items).toEqual([patch.displaced[0]])
    expect(appended.items[0]).toBe(patch.displaced[0])
  })

  it('tells a removal from a complete list as removed', async () => {
    const { consumer, before } = await revalidated((items) => {
      items.splice(9, 1)
    })
    expect(consumer.types()).toEqual(['patched'])
    const patch = consumer.changes[0] as Extract<ListChange<Resource>, { type: 'patched' }>
    expect(patch.removed).toEqual([before[9]])
    expect(patch.removed[0]).toBe(before[9])
    expect(patch).toMatchObject({ added: [], changed: [], displaced: [] })
  })

  it('tells a resource moved further than the sharing looks as changed, not removed and added', async () => {
    // 40 resources in pages of 2: the last one moves to the front, 20 pages away.
    const { consumer } = await revalidated(
      (items) => {
        items.unshift(items.pop() as Resource)
      },
      40,
      2,
    )
    const patch = consumer.changes[0] as Extract<ListChange<Resource>, { type: 'patched' }>
    expect(patch.added).toEqual([])
    expect(patch.removed).toEqual([])
    expect(patch.changed.map((c) => c.next.uri)).toEqual(['c://039'])
  })

  it('proves a removal in a partly walked list by a later resource, and only displaces its tail', async () => {
    const items = catalog(20)
    const list = createResourceList(catalogHost(items, 4))
    // Three pages of five shown: the list is not complete.
    await Promise.all([list.load({ pages: 3 }), vi.advanceTimersByTimeAsync(1_000)])
    const before = list.getSnapshot().pages.flat()
    const consumer = follow(list)
    items.splice(2, 1)
    items.splice(5, 0, { uri: 'c://new', name: 'new' }, { uri: 'c://new2', name: 'new2' })
    list.refresh()
    await vi.advanceTimersByTimeAsync(1_000)
    consumer.inStep()
    expect(list.getSnapshot().complete).toBe(false)
    const patch = consumer.changes[0] as Extract<ListChange<Resource>, { type: 'patched' }>
    // c://002 is gone for sure (c://003.. are still listed); c://011 was pushed to page 4.
    expect(patch.removed).toEqual([before[2]])
    expect(uris(patch.displaced)).toEqual(['c://011'])
    expect(uris(patch.added)).toEqual(['c://new', 'c://new2'])
  })
})

describe('ListChange: reset', () => {
  it('tells a partition change as reset: the pages went', async () => {
    let partition = 'alice'
    const list = createResourceList(catalogHost(catalog(3), 4, () => partition))
    await walked(list)
    const consumer = follow(list)
    partition = 'bob'
    list.subscribe(() => {})
    expect(consumer.changes).toEqual([{ type: 'reset', version: 2 }])
    consumer.inStep()
  })

  it('keeps telling the other listeners when one throws', async () => {
    const list = createResourceList(catalogHost(catalog(3), 4))
    const thrown: unknown[] = []
    const onError = (error: unknown) => thrown.push(error)
    process.on('uncaughtException', onError)
    list.onChange(() => {
      throw new Error('a consumer failed')
    })
    const consumer = follow(list)
    await walked(list)
    process.off('uncaughtException', onError)
    expect(consumer.types()).toEqual(['appended'])
    expect(list.getSnapshot().loaded).toBe(3)
    expect(thrown).toEqual([new Error('a consumer failed')])
  })
})

describe('client.templateList', () => {
  const clients: ResourceClient[] = []
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.close()))
  })

  /** A server whose template list is `templates` in pages of 2. */
  function serve(templates: ResourceTemplate[]) {
    const session = new FakeSession('modern')
    session.answer = (method, params) => {
      if (method !== 'resources/templates/list') return {}
      const at = params.cursor === undefined ? 0 : Number(params.cursor)
      return {
        resourceTemplates: structuredClone(templates.slice(at, at + 2)),
        ...(at + 2 < templates.length && { nextCursor: String(at + 2) }),
        ttlMs: 3_600_000,
      }
    }
    const client = createResourceClient()
    clients.push(client)
    client.addServer('s', { connect: async () => session })
    return { client, session }
  }

  const template = (i: number, name = `t${i}`): ResourceTemplate => ({
    uriTemplate: `t://${i}/{x}`,
    name,
  })

  it('is one shared pass per server that tells list_changed as a patch keyed by URI template', async () => {
    const templates = [template(0), template(1), template(2)]
    const { client, session } = serve(templates)
    const list = client.templateList('s')
    expect(client.templateList('s')).toBe(list)
    const consumer = follow(list)
    await walked(list)
    expect(consumer.types()).toEqual(['appended', 'appended'])
    const before = list.getSnapshot().pages.flat()
    expect(before.map((t) => t.uriTemplate)).toEqual(['t://0/{x}', 't://1/{x}', 't://2/{x}'])
    const fetched = session.requests.length

    templates[1] = template(1, 'renamed')
    templates.push(template(3))
    await client.invalidateLists('s')
    await walked(list)
    // Walked again from page 1, none of the invalidated pages taken from the cache.
    expect(session.requests.length).toBe(fetched + 2)
    expect(consumer.types()).toEqual(['appended', 'appended', 'patched'])
    const patch = consumer.changes[2] as Extract<ListChange<ResourceTemplate>, { type: 'patched' }>
    expect(patch.changed).toHaveLength(1)
    expect(patch.changed[0]?.previous).toBe(before[1])
    expect(patch.changed[0]?.next.name).toBe('renamed')
    expect(patch.added.map((t) => t.uriTemplate)).toEqual(['t://3/{x}'])
    // The unchanged templates are the very objects shown before.
    const now = list.getSnapshot().pages.flat()
    expect(now[0]).toBe(before[0])
    expect(now[2]).toBe(before[2])
    consumer.inStep()
  })

  it('shares a generic list over any keyed items', async () => {
    const list = createSharedList<{ id: string }>({
      serverId: 'g',
      method: 'things/list',
      keyOf: (item) => item.id,
      maxPages: 10,
      partition: () => 'p',
      now: () => 0,
      fetchPage: async () => ({
        page: { items: [{ id: 'a' }], ttlMs: 0, cacheScope: 'public' },
        receivedAt: 0,
      }),
    })
    const consumer = follow(list)
    await list.load()
    expect(consumer.types()).toEqual(['appended'])
  })
})
