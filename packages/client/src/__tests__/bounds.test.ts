import { QueryClient } from '@tanstack/query-core'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createResourceClient } from '../createResourceClient.ts'
import {
  InvalidCursorError,
  McpRequestError,
  RequestCancelledError,
  ResourceKitError,
  ResourceTooLargeError,
} from '../errors.ts'
import { DEFAULT_MAX_PAGES } from '../paginate.ts'
import type { ResourceClient, ResourceClientOptions } from '../resourceClient.ts'
import { resourceKeys } from '../resourceKeys.ts'
import { ScriptedSession, settle, text } from './scriptedSession.ts'

const clients: ResourceClient[] = []

function connect(session: ScriptedSession, options: ResourceClientOptions = {}) {
  const client = createResourceClient(options)
  clients.push(client)
  client.addServer('s', { connect: async () => session })
  return client
}

/** Answers every read with `size` bytes of text and every list page with one item. */
function answering(era: 'modern' | 'legacy' = 'modern', size = 10) {
  const session = new ScriptedSession(era)
  session.auto = (method, params) => {
    if (method === 'resources/read') return text(String(params.uri), 'x'.repeat(size))
    if (method === 'resources/list') {
      const at = Number(params.cursor ?? 0)
      return { resources: [{ uri: `r://${at}`, name: `r${at}` }], nextCursor: String(at + 1) }
    }
    return undefined
  }
  return session
}

const reads = (client: ResourceClient) =>
  client.queryClient
    .getQueryCache()
    .findAll({ queryKey: resourceKeys.reads('s', client.partition) })

afterEach(async () => {
  vi.useRealTimers()
  await Promise.all(clients.splice(0).map((client) => client.close()))
})

describe('a rejected cursor', () => {
  it('drops the cached pages of that list without cancelling another caller’s page in flight', async () => {
    const session = new ScriptedSession('modern')
    const client = connect(session)
    const first = client.listResources('s')
    await settle()
    session
      .take('resources/list')
      .resolve({ resources: [{ uri: 'r://1', name: 'one' }], nextCursor: 'b', ttlMs: 60_000 })
    await first
    // Another caller's page is on the wire while a stale cursor is rejected.
    const other = client.listResources('s', { cursor: 'b' })
    const stale = client.listResources('s', { cursor: 'expired' })
    await settle()
    session
      .take('resources/list', { cursor: 'expired' })
      .reject(new McpRequestError(-32602, 'Invalid cursor'))
    await expect(stale).rejects.toBeInstanceOf(InvalidCursorError)
    session
      .take('resources/list', { cursor: 'b' })
      .resolve({ resources: [{ uri: 'r://2', name: 'two' }], ttlMs: 60_000 })
    expect((await other).items[0]?.name).toBe('two')
    // The first page was dropped: asking again goes to the server.
    const again = client.listResources('s')
    await settle()
    session.take('resources/list').resolve({ resources: [], ttlMs: 60_000 })
    expect((await again).items).toEqual([])
  })
})

describe('errors of public methods', () => {
  it('rejects a read whose entry is removed under it with a ResourceKitError, never a bare CancelledError', async () => {
    const session = new ScriptedSession('modern')
    const client = connect(session)
    const read = client.read('s', 'file:///slow')
    await settle()
    client.queryClient.removeQueries({ queryKey: resourceKeys.server('s') })
    const error = await read.catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(RequestCancelledError)
    expect(error).toBeInstanceOf(ResourceKitError)
    expect((error as Error).message).toMatch(/resources\/read of file:\/\/\/slow on server "s"/)
  })

  it('wraps whatever an app Session throws in a ResourceKitError', async () => {
    const session = new ScriptedSession('modern')
    session.auto = () => {
      throw new TypeError('boom')
    }
    const client = connect(session)
    const error = await client.read('s', 'file:///x').catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ResourceKitError)
    expect((error as Error).message).toMatch(/boom/)
    expect((error as Error).cause).toBeInstanceOf(TypeError)
  })
})

describe('removeServer', () => {
  it('removes only its own partition: another client sharing the QueryClient keeps its cache', async () => {
    const queryClient = new QueryClient()
    const aliceSession = answering()
    const bobSession = answering()
    const alice = connect(aliceSession, { queryClient, partition: 'alice' })
    const bob = connect(bobSession, { queryClient, partition: 'bob' })
    await alice.read('s', 'file:///a')
    await bob.read('s', 'file:///a')
    await alice.removeServer('s')
    expect(reads(bob)).toHaveLength(1)
    await bob.read('s', 'file:///a')
    expect(bobSession.sent).toBe(1)
  })
})

describe('bounded by default', () => {
  it('stops a walk without limits at DEFAULT_MAX_PAGES with the cursor to continue', async () => {
    const client = connect(answering())
    const result = await client.walkResources('s')
    expect(DEFAULT_MAX_PAGES).toBe(1000)
    expect(result).toMatchObject({
      complete: false,
      pages: 1000,
      stoppedBy: 'maxPages',
      nextCursor: '1000',
    })
    let pages = 0
    for await (const _ of client.resourcePages('s', { cursor: '5000' })) pages++
    expect(pages).toBe(1000)
  })

  it('lets unused entries go after a finite gcTime in Node too', async () => {
    vi.useFakeTimers()
    const client = connect(answering())
    await client.read('s', 'file:///a')
    expect(reads(client)[0]?.gcTime).toBe(5 * 60_000)
    await vi.advanceTimersByTimeAsync(5 * 60_000 + 1)
    expect(reads(client)).toHaveLength(0)
  })

  it('keeps the app QueryClient’s own default gcTime', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { gcTime: 1234 } } })
    const client = connect(answering(), { queryClient })
    await client.read('s', 'file:///a')
    expect(reads(client)[0]?.gcTime).toBe(1234)
  })

  it('evicts the oldest unused entries past maxEntries', async () => {
    const client = connect(answering(), { cache: { maxEntries: 10 } })
    for (let i = 0; i < 25; i++) await client.read('s', `file:///${i}`)
    await settle()
    const kept = reads(client).map((query) => query.queryKey[5])
    expect(kept).toHaveLength(10)
    expect(kept).toContain('file:///24')
    expect(kept).not.toContain('file:///0')
  })

  it('evicts past maxBytes of read contents', async () => {
    const client = connect(answering('modern', 1000), { cache: { maxBytes: 5000 } })
    for (let i = 0; i < 12; i++) await client.read('s', `file:///${i}`)
    await settle()
    expect(reads(client)).toHaveLength(5)
  })

  it.each(['modern', 'legacy'] as const)(
    'does not keep a read refused by maxBytes (%s)',
    async (era) => {
      const client = connect(answering(era, 2000))
      for (let i = 0; i < 6; i++) {
        await expect(
          client.read('s', `file:///big/${i}`, { maxBytes: 1000 }),
        ).rejects.toBeInstanceOf(ResourceTooLargeError)
      }
      expect(reads(client)).toHaveLength(0)
    },
  )
})
