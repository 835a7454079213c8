// The bridge end to end over in-process channels: a backend ResourceClient on the fixture
// MCP server (real SDK server, in-memory transport), pages on connectBridge.
import { createFixtureServer, type FixtureServer, INPUT_URIS } from '@resource-kit/test-utils'
import { afterEach, describe, expect, it } from 'vitest'
import type { BridgeChannel } from '../bridge/channel.ts'
import {
  type BridgeBackend,
  type ConnectBridgeOptions,
  connectBridge,
  createBridgeBackend,
  inProcessChannelPair,
  type ServeBridgeOptions,
  serveBridge,
} from '../bridge.ts'
import { createResourceClient } from '../createResourceClient.ts'
import { ResourceNotFoundError } from '../errors.ts'
import type { ResourceClient, ResourceClientOptions, WatchEvent } from '../resourceClient.ts'

const closers: (() => Promise<void> | void)[] = []
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close()
})

interface Setup {
  fixture: FixtureServer
  backend: BridgeBackend
  client: ResourceClient
  /** A page served with these options (grant: every server unless given). */
  page(
    serve?: Partial<ServeBridgeOptions>,
    connect?: ConnectBridgeOptions,
  ): { page: ResourceClient; pageEnd: BridgeChannel; backendEnd: BridgeChannel }
}

async function setup(
  fixtureOptions: Parameters<typeof createFixtureServer>[0] = {},
  clientOptions: ResourceClientOptions = {},
): Promise<Setup> {
  const fixture = createFixtureServer(fixtureOptions)
  const backend = createBridgeBackend()
  const client = createResourceClient({ inputHandler: backend.inputHandler, ...clientOptions })
  client.addServer('f', { transport: () => fixture.inMemoryTransport() })
  client.addServer('hidden', { transport: () => fixture.inMemoryTransport() })
  closers.push(
    () => fixture.close(),
    () => client.close(),
  )
  await Promise.all([client.ready('f'), client.ready('hidden')])
  return {
    fixture,
    backend,
    client,
    page(serve = {}, connect = {}) {
      const [pageEnd, backendEnd] = inProcessChannelPair()
      serveBridge(client, backendEnd, { backend, grant: (id) => id === 'f', ...serve })
      const page = connectBridge(pageEnd, connect)
      closers.push(() => page.close())
      return { page, pageEnd, backendEnd }
    },
  }
}

/** A raw page: what it sends is text we choose; what it receives is collected, parsed. */
function rawPage(s: Setup, serve: Partial<ServeBridgeOptions> = {}) {
  const [pageEnd, backendEnd] = inProcessChannelPair()
  const connection = serveBridge(s.client, backendEnd, {
    backend: s.backend,
    grant: (id) => id === 'f',
    ...serve,
  })
  const received: Record<string, unknown>[] = []
  const waiters: (() => void)[] = []
  pageEnd.receive(
    (data) => {
      received.push(JSON.parse(data as string))
      for (const wake of waiters.splice(0)) wake()
    },
    () => {},
  )
  closers.push(() => connection.close())
  return {
    connection,
    pageEnd,
    received,
    send: (message: unknown) => pageEnd.send(JSON.stringify(message)),
    async next(match: (message: Record<string, unknown>) => boolean) {
      for (;;) {
        const found = received.find(match)
        if (found) return found
        await new Promise<void>((resolve) => waiters.push(resolve))
      }
    },
  }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20))

describe('the bridge: what the picker uses works across it', () => {
  it('shows only the granted servers, with their status', async () => {
    const s = await setup()
    const { page } = s.page()
    await page.ready('f')
    expect(page.getServers().map((server) => [server.id, server.status])).toEqual([['f', 'ready']])
    expect(page.getServer('f')?.capabilities?.resources).toBeDefined()
    await expect(page.ready('hidden')).rejects.toThrow(/hidden/)
  })

  it('lists pages, walks, reads, completes and keeps the shared list pass', async () => {
    const s = await setup({ resourceCount: 25, pageSize: 10 })
    const { page } = s.page()
    const first = await page.listResources('f')
    expect(first.items).toHaveLength(10)
    expect(first.nextCursor).toBeDefined()
    const walk = await page.walkResources('f')
    expect(walk.complete).toBe(true)
    expect(walk.items.length).toBe(25 + 3) // the generated ones and the fixture's special three
    const templates = await page.walkTemplates('f')
    expect(templates.items.map((t) => t.uriTemplate)).toContain('fixture://r/{id}')
    const read = await page.read('f', 'fixture://r/01')
    expect(read.contents[0]).toMatchObject({ uri: 'fixture://r/01' })
    const completion = await page.complete('f', {
      template: 'fixture://r/{id}',
      argument: { name: 'id', value: '0' },
    })
    expect(completion.values.length).toBeGreaterThan(0)
    const list = page.resourceList('f')
    const snapshot = await list.load()
    expect(snapshot.complete).toBe(true)
    expect(snapshot.loaded).toBe(28)
    // Errors cross as the classes they were.
    await expect(page.read('f', 'fixture://nothing-here')).rejects.toBeInstanceOf(
      ResourceNotFoundError,
    )
  })

  it('delivers watch events and invalidates the page cache', async () => {
    const s = await setup()
    const { page } = s.page()
    await page.ready('f')
    const before = await page.read('f', 'fixture://r/01')
    const watch = page.watch('f', { uris: ['fixture://r/01'] })
    await until(() => watch.getSnapshot().status === 'live')
    const events: WatchEvent[] = []
    watch.onEvent((event) => events.push(event))
    s.fixture.setText('fixture://r/01', 'changed')
    s.fixture.notifyUpdated('fixture://r/01')
    await until(() => events.length > 0)
    expect(events).toEqual([{ type: 'updated', uri: 'fixture://r/01' }])
    const after = await page.read('f', 'fixture://r/01')
    expect(after.contents[0]).toMatchObject({ text: 'changed' })
    expect(after).not.toBe(before)
    await watch.close()
  })

  it('asks the page that reads for input, and the answer completes the read', async () => {
    const s = await setup()
    const asked: string[] = []
    const { page } = s.page(
      {},
      {
        inputHandler: async (request, context) => {
          asked.push(`${context.serverId} ${context.uri} ${request.mode}`)
          return { action: 'accept', content: { ok: true } }
        },
      },
    )
    const read = await page.read('f', INPUT_URIS.confirm)
    expect(asked).toEqual([`f ${INPUT_URIS.confirm} form`])
    expect(read.contents[0]).toMatchObject({ text: expect.stringContaining('confirmed') })
  })

  it('cancels a read by AbortSignal, up to the input prompt it opened in the page', async () => {
    const s = await setup()
    let promptSignal: AbortSignal | undefined
    const { page } = s.page(
      {},
      {
        inputHandler: (_request, context) => {
          promptSignal = context.signal
          return new Promise(() => {}) // a person who never answers
        },
      },
    )
    const controller = new AbortController()
    const reading = page.read('f', INPUT_URIS.confirm, { signal: controller.signal })
    await until(() => promptSignal !== undefined)
    controller.abort()
    await expect(reading).rejects.toThrow(/abort/i)
    await until(() => promptSignal?.aborted === true)
  })
})

describe('the bridge: one backend, many users', () => {
  it('fetches a public list once for every page until its TTL ends', async () => {
    const s = await setup({ resourceCount: 25, pageSize: 10, ttlMs: 60_000, cacheScope: 'public' })
    const pages = [
      s.page({ principal: 'alice' }).page,
      s.page({ principal: 'bob' }).page,
      s.page({ principal: 'carol' }).page,
    ]
    s.fixture.resetCalls()
    for (const page of pages) await page.walkResources('f')
    expect(s.fixture.calls('resources/list')).toBe(3) // one walk of three pages, not three walks
    for (const page of pages) await page.read('f', 'fixture://r/02')
    expect(s.fixture.calls('resources/read')).toBe(1)
  })

  it('keeps private results per principal: shared within one, refetched for another', async () => {
    const s = await setup({ ttlMs: 60_000, cacheScope: 'private' })
    const alice1 = s.page({ principal: 'alice' }).page
    const alice2 = s.page({ principal: 'alice' }).page
    const bob = s.page({ principal: 'bob' }).page
    s.fixture.resetCalls()
    await alice1.read('f', 'fixture://r/03')
    await alice2.read('f', 'fixture://r/03')
    expect(s.fixture.calls('resources/read')).toBe(1) // same principal: the backend's cache
    await bob.read('f', 'fixture://r/03')
    expect(s.fixture.calls('resources/read')).toBe(2) // another principal: fetched for bob
    await alice1.listResources('f')
    await bob.listResources('f')
    expect(s.fixture.calls('resources/list')).toBe(2)
  })
})

describe('the bridge: every page message is hostile', () => {
  it('refuses an unknown method by name, and keeps serving', async () => {
    const s = await setup()
    const raw = rawPage(s)
    raw.send({ type: 'request', id: 1, method: 'tools/call', params: { name: 'rm -rf' } })
    const refused = await raw.next((m) => m.type === 'error' && m.id === 1)
    expect((refused.error as { message: string }).message).toMatch(/unknown method "tools\/call"/)
    raw.send({
      type: 'request',
      id: 2,
      method: 'read',
      params: { server: 'f', uri: 'fixture://r/01' },
    })
    const read = await raw.next((m) => m.id === 2)
    expect(read.type).toBe('result')
  })

  it('refuses a server this connection was not granted, in the words used for unknown ones', async () => {
    const s = await setup()
    const raw = rawPage(s)
    raw.send({
      type: 'request',
      id: 1,
      method: 'read',
      params: { server: 'hidden', uri: 'fixture://r/01' },
    })
    raw.send({
      type: 'request',
      id: 2,
      method: 'read',
      params: { server: 'nope', uri: 'fixture://r/01' },
    })
    raw.send({ type: 'watch', watch: 3, server: 'hidden', target: { listChanged: true } })
    const hidden = await raw.next((m) => m.id === 1)
    const unknown = await raw.next((m) => m.id === 2)
    expect((hidden.error as { message: string }).message).toBe(
      'Server "hidden" is not available on this connection',
    )
    expect((unknown.error as { message: string }).message).toBe(
      'Server "nope" is not available on this connection',
    )
    const watch = await raw.next((m) => m.type === 'watchState' && m.watch === 3)
    expect(watch.snapshot).toMatchObject({ status: 'error' })
    const hello = raw.received.find((m) => m.type === 'hello') as { servers: { id: string }[] }
    expect(hello.servers.map((server) => server.id)).toEqual(['f'])
  })

  it('refuses a 100 MB message cleanly, without parsing it, and keeps serving', async () => {
    const s = await setup()
    const raw = rawPage(s)
    raw.pageEnd.send(
      `{"type":"request","id":1,"method":"read","params":{"uri":"${'x'.repeat(100_000_000)}"}}`,
    )
    const refused = await raw.next((m) => m.type === 'error')
    expect((refused.error as { message: string }).message).toMatch(
      /message too large \(\d+ characters; the limit is 1000000\)/,
    )
    raw.send({
      type: 'request',
      id: 2,
      method: 'read',
      params: { server: 'f', uri: 'fixture://r/01' },
    })
    expect((await raw.next((m) => m.id === 2)).type).toBe('result')
  })

  it('refuses text that is not a message, and shapes it does not know', async () => {
    const s = await setup()
    const raw = rawPage(s)
    raw.pageEnd.send('not json')
    raw.send([1, 2, 3])
    raw.send({ type: 'request', method: 'read', params: {} })
    raw.send({ type: 'request', id: 9, method: 'read', params: { server: 'f', uri: 42 } })
    raw.send({ type: 'evil' })
    await until(() => raw.received.filter((m) => m.type === 'error').length >= 5)
    const words = raw.received
      .filter((m) => m.type === 'error')
      .map((m) => (m.error as { message: string }).message)
    expect(words).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/must be JSON text/),
        expect.stringMatching(/must be an object with a "type"/),
        expect.stringMatching(/needs a numeric "id"/),
        expect.stringMatching(/"uri" must be a string/),
        expect.stringMatching(/unknown message type "evil"/),
      ]),
    )
  })

  it('bounds the requests in flight and the watches of one connection', async () => {
    const s = await setup()
    const raw = rawPage(s, { limits: { maxInFlight: 1, maxWatches: 1 } })
    // A read that waits for input nobody gives: it stays in flight.
    raw.send({
      type: 'request',
      id: 1,
      method: 'read',
      params: { server: 'f', uri: INPUT_URIS.confirm },
    })
    await raw.next((m) => m.type === 'input')
    raw.send({
      type: 'request',
      id: 2,
      method: 'read',
      params: { server: 'f', uri: 'fixture://r/01' },
    })
    const refused = await raw.next((m) => m.id === 2)
    expect((refused.error as { message: string }).message).toMatch(/more than 1 requests in flight/)
    raw.send({ type: 'watch', watch: 3, server: 'f', target: { listChanged: true } })
    raw.send({ type: 'watch', watch: 4, server: 'f', target: { listChanged: true } })
    const second = await raw.next((m) => m.type === 'watchState' && m.watch === 4)
    expect(second.snapshot).toMatchObject({
      status: 'error',
      error: { message: 'more than 1 watches open' },
    })
    // Cancelling the first frees its place.
    raw.send({ type: 'cancel', id: 1 })
    raw.send({
      type: 'request',
      id: 5,
      method: 'read',
      params: { server: 'f', uri: 'fixture://r/01' },
    })
    expect((await raw.next((m) => m.id === 5)).type).toBe('result')
  })

  it('ignores a message after close, and one bad connection leaves the others alone', async () => {
    const s = await setup()
    const { page } = s.page()
    const bad = rawPage(s)
    await bad.next((m) => m.type === 'hello')
    bad.connection.close()
    const before = bad.received.length
    bad.send({
      type: 'request',
      id: 1,
      method: 'read',
      params: { server: 'f', uri: 'fixture://r/01' },
    })
    await settle()
    expect(bad.received.length).toBe(before)
    expect(bad.connection.closed).toBe(true)
    // The good page never noticed.
    const read = await page.read('f', 'fixture://r/05')
    expect(read.contents[0]).toMatchObject({ uri: 'fixture://r/05' })
  })
})

describe('the bridge: faults', () => {
  it('shows reconnecting when the channel drops, keeps what was shown, and resumes watches', async () => {
    const s = await setup()
    const backendEnds: BridgeChannel[] = []
    const page = connectBridge(
      () => {
        const [pageEnd, backendEnd] = inProcessChannelPair()
        serveBridge(s.client, backendEnd, { backend: s.backend, grant: () => true })
        backendEnds.push(backendEnd)
        return pageEnd
      },
      { reconnect: { initialMs: 5, maxMs: 20, jitter: 0 } },
    )
    closers.push(() => page.close())
    await page.ready('f')
    const shown = await page.listResources('f')
    const watch = page.watch('f', { listChanged: true })
    await until(() => watch.getSnapshot().status === 'live')
    const events: WatchEvent[] = []
    watch.onEvent((event) => events.push(event))

    backendEnds[0]?.close() // the backend side drops
    await until(() => page.getServer('f')?.status === 'reconnecting')
    expect(page.getServer('f')?.error?.message).toMatch(/dropped; reconnecting/)
    expect(watch.getSnapshot().status).toBe('reconnecting')
    // What was shown is still in the page's cache.
    expect(page.queryClient.getQueryData(['mcp', 'f', 'default', 'resources', 'list', null])).toBe(
      shown,
    )

    await until(() => page.getServer('f')?.status === 'ready')
    await until(() => watch.getSnapshot().status === 'live')
    await until(() => events.some((event) => event.type === 'resynced'))
    expect(
      page.queryClient.getQueryState(['mcp', 'f', 'default', 'resources', 'list', null])
        ?.isInvalidated,
    ).toBe(true)
  })

  it('resumes a walk when the backend restarts in the middle of it', async () => {
    const fixture = createFixtureServer({ resourceCount: 60, pageSize: 10 })
    closers.push(() => fixture.close())
    // Each "backend process" is a new client and bridge backend over the same MCP server.
    let current: { client: ResourceClient; end: BridgeChannel } | undefined
    const startBackend = () => {
      const backend = createBridgeBackend()
      const client = createResourceClient()
      client.addServer('f', { transport: () => fixture.inMemoryTransport() })
      closers.push(() => client.close())
      const [pageEnd, backendEnd] = inProcessChannelPair()
      serveBridge(client, backendEnd, { backend, grant: () => true })
      current = { client, end: backendEnd }
      return pageEnd
    }
    let listed = 0
    const page = connectBridge(startBackend, { reconnect: { initialMs: 5, jitter: 0 } })
    closers.push(() => page.close())
    await page.ready('f')
    const walking = page.walkResources('f', {})
    const pages: number[] = []
    for await (const p of page.resourcePages('f')) {
      pages.push(p.items.length)
      listed += 1
      if (listed === 2) {
        const old = current
        old?.end.close()
        await old?.client.close() // the backend process is gone
      }
    }
    const walk = await walking
    expect(pages.reduce((a, b) => a + b, 0)).toBe(63)
    expect(walk.items.length).toBe(63)
    expect(walk.complete).toBe(true)
  })
})

async function until(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const start = Date.now()
  while (!condition()) {
    if (Date.now() - start > timeoutMs) throw new Error('timed out waiting')
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
}
