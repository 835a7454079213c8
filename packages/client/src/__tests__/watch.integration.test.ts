// Watches against the real fixture server (modern era, `subscriptions/listen`), through
// the public client: over the in-process HTTP path (`createMcpHandler(...).fetch`) and
// over real stdio (a subprocess we can signal, kill and have the client start again).
import { InMemoryTransport } from '@modelcontextprotocol/server'
import { serveStdio } from '@modelcontextprotocol/server/stdio'
import {
  createFixtureMcpServer,
  createFixtureServer,
  type FixtureServer,
  FixtureWorld,
  fixtureStdioCommand,
  StdioInPlaceTransport,
} from '@resource-kit/test-utils'
import { QueryObserver } from '@tanstack/query-core'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createResourceClient } from '../createResourceClient.ts'
import type { ResourceClient, Watch, WatchEvent } from '../resourceClient.ts'
import { resourceKeys } from '../resourceKeys.ts'

const FIRST = 'fixture://r/0'
const SECOND = 'fixture://r/1'
const WAIT = { timeout: 20_000, interval: 20 }

/** One way to reach a fixture server and to make it change. */
interface Harness {
  client: ResourceClient
  id: string
  /** `updated` for FIRST. */
  update(): void
  /** Adds a resource (→ `list_changed`). */
  addResource(): void
  /** The server ends every listen gracefully. */
  shutDown(): Promise<void>
  close(): Promise<void>
}

function httpHarness(): Harness {
  const fixture: FixtureServer = createFixtureServer({ resourceCount: 3, pageSize: 0 })
  const client = createResourceClient()
  client.addServer('http', { url: fixture.url, fetch: fixture.fetch })
  let added = 0
  return {
    client,
    id: 'http',
    update: () => fixture.notifyUpdated(FIRST),
    addResource: () => fixture.addResource({ uri: `fixture://added/${++added}`, name: 'added' }),
    shutDown: () => fixture.close(),
    async close() {
      await client.close()
      await fixture.close()
    },
  }
}

/** The fixture as a real subprocess; every (re)connect spawns a fresh one (era probed in place). */
function stdioHarness() {
  const command = fixtureStdioCommand({ resourceCount: 3, pageSize: 0 }, { compiled: true })
  const spawned: StdioInPlaceTransport[] = []
  const client = createResourceClient()
  client.addServer('stdio', {
    transport: () => {
      const transport = new StdioInPlaceTransport({
        command: command.command,
        args: command.args,
        env: { ...(process.env as Record<string, string>), ...command.env },
        stderr: 'pipe',
      })
      spawned.push(transport)
      return transport
    },
  })
  const signal = (name: NodeJS.Signals) => {
    const pid = spawned.at(-1)?.pid
    if (!pid) throw new Error('the stdio fixture is not running')
    process.kill(pid, name)
  }
  const harness: Harness & { kill(): void; spawned: StdioInPlaceTransport[] } = {
    client,
    id: 'stdio',
    spawned,
    update: () => signal('SIGUSR2'),
    addResource: () => signal('SIGUSR1'),
    kill: () => signal('SIGKILL'),
    async shutDown() {
      signal('SIGTERM')
    },
    close: () => client.close(),
  }
  return harness
}

function record(watch: Watch) {
  const events: WatchEvent[] = []
  const statuses: string[] = []
  watch.onEvent((event) => events.push(event))
  watch.subscribe(() => statuses.push(watch.getSnapshot().status))
  return { events, statuses }
}

async function live(watch: Watch) {
  await vi.waitFor(() => expect(watch.getSnapshot().status).toBe('live'), WAIT)
}

function readState(h: Harness, uri: string) {
  return h.client.queryClient.getQueryState(resourceKeys.read(h.id, h.client.partition, uri))
}

/** The behaviour every transport must show; `h()` is the harness of the enclosing describe. */
function sharedWatchTests(h: () => Harness) {
  it('delivers updates to the watcher and invalidates the cached read', async () => {
    const { client, id } = h()
    await client.read(id, FIRST)
    expect(readState(h(), FIRST)?.isInvalidated).toBe(false)
    const watch = client.watch(id, { uris: [FIRST] })
    const { events, statuses } = record(watch)
    await live(watch)
    expect(statuses[0]).toBe('live')
    expect(watch.getSnapshot().honored).toEqual({ resourceSubscriptions: [FIRST] })
    h().update()
    await vi.waitFor(() => expect(events).toEqual([{ type: 'updated', uri: FIRST }]), WAIT)
    expect(readState(h(), FIRST)?.isInvalidated).toBe(true)
    await watch.close()
  })

  it('changes the watched set on the live stream', async () => {
    const { client, id } = h()
    const watch = client.watch(id, { uris: [SECOND] })
    const { events } = record(watch)
    await live(watch)
    watch.update({ uris: [FIRST] })
    await vi.waitFor(
      () => expect(watch.getSnapshot().honored).toEqual({ resourceSubscriptions: [FIRST] }),
      WAIT,
    )
    expect(watch.getSnapshot().status).toBe('live')
    h().update()
    await vi.waitFor(() => expect(events).toEqual([{ type: 'updated', uri: FIRST }]), WAIT)
    await watch.close()
    expect(watch.getSnapshot().status).toBe('closed')
  })

  it('invalidates both the resource list and the template list on list_changed', async () => {
    const { client, id } = h()
    const before = await client.listResources(id)
    await client.listTemplates(id)
    const watch = client.watch(id, { listChanged: true })
    const { events } = record(watch)
    await live(watch)
    h().addResource()
    await vi.waitFor(() => expect(events).toContainEqual({ type: 'listChanged' }), WAIT)
    const { queryClient, partition } = client
    expect(queryClient.getQueryState(resourceKeys.list(id, partition))?.isInvalidated).toBe(true)
    expect(queryClient.getQueryState(resourceKeys.templateList(id, partition))?.isInvalidated).toBe(
      true,
    )
    const after = await client.listResources(id)
    expect(after.items.length).toBe(before.items.length + 1)
    await watch.close()
  })
}

// The stdio fixture starts with the file and boots while the in-process tests run.
let stdio: ReturnType<typeof stdioHarness>
beforeAll(() => {
  stdio = stdioHarness()
})
afterAll(() => stdio.close())

describe('watch over in-process HTTP (modern fixture)', () => {
  let http: Harness
  const h = () => http
  beforeAll(() => {
    http = httpHarness()
  })
  afterAll(() => http.close())

  sharedWatchTests(h)

  it('coalesces a flood of 10,000 updates of one URI into a few refetches', async () => {
    const fixture = createFixtureServer({ resourceCount: 3, pageSize: 0 })
    const client = createResourceClient()
    client.addServer('flood', { url: fixture.url, fetch: fixture.fetch })
    // An active observer, as a UI keeps one: invalidation refetches it.
    const observer = new QueryObserver(client.queryClient, {
      queryKey: [...resourceKeys.read('flood', client.partition, FIRST), { view: 'test' }],
      queryFn: ({ signal }) => client.read('flood', FIRST, { signal }),
      staleTime: 60_000,
    })
    const unobserve = observer.subscribe(() => {})
    try {
      await vi.waitFor(() => expect(observer.getCurrentResult().data).toBeDefined(), WAIT)
      const watch = client.watch('flood', { uris: [FIRST] })
      const { events } = record(watch)
      await live(watch)
      fixture.resetCalls()
      fixture.setText(FIRST, 'after the flood')
      for (let i = 0; i < 10_000; i++) fixture.notifyUpdated(FIRST)
      await vi.waitFor(
        () =>
          expect(observer.getCurrentResult().data?.contents[0]).toMatchObject({
            text: 'after the flood',
          }),
        WAIT,
      )
      // Let the last coalescing window close before counting.
      await new Promise((resolve) => setTimeout(resolve, 1_000))
      expect(fixture.calls('resources/read')).toBeGreaterThanOrEqual(1)
      expect(fixture.calls('resources/read')).toBeLessThanOrEqual(5)
      expect(events.length).toBeLessThanOrEqual(5)
    } finally {
      unobserve()
      await client.close()
      await fixture.close()
    }
  })

  it('re-listens and resyncs when the server is redeployed (graceful end, then back)', async () => {
    const fixture = createFixtureServer({ resourceCount: 3, pageSize: 0 })
    const client = createResourceClient()
    client.addServer('redeploy', { url: fixture.url, fetch: fixture.fetch })
    try {
      const watch = client.watch('redeploy', { uris: [FIRST], listChanged: true })
      const { statuses, events } = record(watch)
      await live(watch)
      await fixture.restartHttp()
      await vi.waitFor(() => expect(events).toContainEqual({ type: 'resynced' }), WAIT)
      expect(statuses).toEqual(['live', 'reconnecting', 'live'])
      fixture.notifyUpdated(FIRST)
      await vi.waitFor(() => expect(events).toContainEqual({ type: 'updated', uri: FIRST }), WAIT)
    } finally {
      await client.close()
      await fixture.close()
    }
  })
})

describe('watch over real stdio (modern fixture)', { timeout: 60_000 }, () => {
  const h = () => stdio
  beforeAll(async () => {
    await stdio.client.ready(stdio.id)
  }, 60_000)

  sharedWatchTests(h)

  it('re-listens after the server is killed mid-stream, and invalidates what it watched', async () => {
    const { client, id } = stdio
    await client.read(id, FIRST)
    const watch = client.watch(id, { uris: [FIRST], listChanged: true })
    const { events, statuses } = record(watch)
    await live(watch)
    const killed = stdio.spawned.at(-1)?.pid
    stdio.kill()
    await vi.waitFor(() => expect(statuses).toContain('reconnecting'), WAIT)
    expect(watch.getSnapshot().attempt).toBeGreaterThanOrEqual(1)
    await vi.waitFor(() => expect(events).toContainEqual({ type: 'resynced' }), {
      ...WAIT,
      timeout: 45_000,
    })
    expect(watch.getSnapshot()).toMatchObject({ status: 'live', attempt: 0 })
    expect(stdio.spawned.at(-1)?.pid).not.toBe(killed)
    expect(readState(stdio, FIRST)?.isInvalidated).toBe(true)
    // The new process's stream delivers.
    stdio.update()
    await vi.waitFor(() => expect(events).toContainEqual({ type: 'updated', uri: FIRST }), WAIT)
    await watch.close()
  })

  it('re-listens on a new process after the server shuts down gracefully (SIGTERM)', async () => {
    const { client, id } = stdio
    const watch = client.watch(id, { uris: [FIRST] })
    const { statuses, events } = record(watch)
    await live(watch)
    const stopped = stdio.spawned.at(-1)?.pid
    await stdio.shutDown()
    await vi.waitFor(() => expect(events).toContainEqual({ type: 'resynced' }), {
      ...WAIT,
      timeout: 45_000,
    })
    expect(statuses).toEqual(['live', 'reconnecting', 'live'])
    expect(stdio.spawned.at(-1)?.pid).not.toBe(stopped)
    stdio.update()
    await vi.waitFor(() => expect(events).toContainEqual({ type: 'updated', uri: FIRST }), WAIT)
    await watch.close()
  })
})

describe('watch over the stdio framing, in process (modern fixture)', () => {
  it('listens again on the same session when the server cancels the listen with notifications/cancelled', async () => {
    const world = new FixtureWorld({ resourceCount: 3, pageSize: 0 })
    const [clientEnd, serverEnd] = InMemoryTransport.createLinkedPair()
    const handle = serveStdio(({ era }) => createFixtureMcpServer(world, { era, live: true }), {
      transport: serverEnd,
    })
    const listenIds: (string | number)[] = []
    const send = clientEnd.send.bind(clientEnd)
    clientEnd.send = (message, options) => {
      if ('method' in message && message.method === 'subscriptions/listen' && 'id' in message) {
        listenIds.push(message.id)
      }
      return send(message, options)
    }
    let connects = 0
    const client = createResourceClient()
    client.addServer('mem', {
      transport: () => {
        connects++
        return clientEnd
      },
    })
    try {
      const watch = client.watch('mem', { uris: [FIRST] })
      const { statuses } = record(watch)
      await live(watch)
      // What a stdio server sends when it tears a subscription down (spec: cancellation).
      await serverEnd.send({
        jsonrpc: '2.0',
        method: 'notifications/cancelled',
        params: { requestId: listenIds[0] as string, reason: 'shutting down' },
      })
      await vi.waitFor(() => expect(listenIds).toHaveLength(2), WAIT)
      await live(watch)
      expect(statuses).toEqual(['live', 'reconnecting', 'live'])
      expect(connects).toBe(1)
    } finally {
      await client.close()
      await handle.close()
    }
  })
})
