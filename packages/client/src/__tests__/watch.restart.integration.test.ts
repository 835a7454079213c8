// Servers that restart, and watches that carry on with no app action: a 2025-era HTTP
// server that forgets its sessions (in process, then as a real process killed and started
// again on the same port), and a modern HTTP server stopped with SIGTERM and started
// again on the same port. (stdio kill / SIGTERM restarts: watch.integration.test.ts.)
import {
  createLegacyHttpHandler,
  type HttpFixtureProcess,
  startHttpFixtureProcess,
} from '@resource-kit/test-utils'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createResourceClient } from '../createResourceClient.ts'
import type { ResourceClient, Watch, WatchEvent } from '../resourceClient.ts'

const FIRST = 'fixture://r/0'
const SECOND = 'fixture://r/1'
const WAIT = { timeout: 20_000, interval: 20 }

function record(watch: Watch) {
  const events: WatchEvent[] = []
  const statuses: string[] = []
  watch.onEvent((event) => events.push(event))
  watch.subscribe(() => statuses.push(watch.getSnapshot().status))
  return { events, statuses }
}

function serverStatuses(client: ResourceClient, id: string) {
  const seen: string[] = []
  client.subscribe(() => {
    const status = client.getServer(id)?.status
    if (status && seen.at(-1) !== status) seen.push(status)
  })
  return seen
}

const live = (watch: Watch) =>
  vi.waitFor(() => expect(watch.getSnapshot().status).toBe('live'), WAIT)

let cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
  await Promise.allSettled(cleanups.reverse().map((cleanup) => cleanup()))
  cleanups = []
})

describe('a 2025-era HTTP server that forgets its sessions (in process)', () => {
  it('starts a new session, re-subscribes and resyncs, passing through reconnecting', async () => {
    const handler = createLegacyHttpHandler({ resourceCount: 3, pageSize: 0 })
    const client = createResourceClient()
    cleanups.push(
      () => handler.close(),
      () => client.close(),
    )
    client.addServer('legacy', {
      url: 'http://legacy.invalid/mcp',
      fetch: (input, init) => handler.fetch(new Request(input, init)),
    })
    await client.ready('legacy')
    const statuses = serverStatuses(client, 'legacy')
    const watch = client.watch('legacy', { uris: [FIRST] })
    const seen = record(watch)
    await live(watch)

    await handler.restart()
    // The request that meets the 404 is sent again on the new session: no reconnect() needed.
    const first = await client.read('legacy', SECOND)
    expect(first.contents[0]?.uri).toBe(SECOND)
    await vi.waitFor(() => expect(seen.events).toContainEqual({ type: 'resynced' }), WAIT)
    expect(statuses).toEqual(['reconnecting', 'ready'])
    expect(handler.sessions).toBe(1)
    const read = await client.read('legacy', SECOND)
    expect(read.contents[0]?.uri).toBe(SECOND)
    expect(watch.getSnapshot().status).toBe('live')
    handler.world.emit({ type: 'updated', uri: FIRST })
    await vi.waitFor(
      () => expect(seen.events).toContainEqual({ type: 'updated', uri: FIRST }),
      WAIT,
    )
  })

  it('notices the restart through its event stream when nothing is requested', async () => {
    const handler = createLegacyHttpHandler({ resourceCount: 3, pageSize: 0 })
    const client = createResourceClient()
    cleanups.push(
      () => handler.close(),
      () => client.close(),
    )
    client.addServer('legacy', {
      url: 'http://legacy.invalid/mcp',
      fetch: (input, init) => handler.fetch(new Request(input, init)),
    })
    const watch = client.watch('legacy', { uris: [FIRST] })
    const seen = record(watch)
    await live(watch)
    await handler.restart()
    await vi.waitFor(() => expect(seen.events).toContainEqual({ type: 'resynced' }), WAIT)
    handler.world.emit({ type: 'updated', uri: FIRST })
    await vi.waitFor(
      () => expect(seen.events).toContainEqual({ type: 'updated', uri: FIRST }),
      WAIT,
    )
  })
})

describe('real HTTP server processes restarted on the same port', { timeout: 90_000 }, () => {
  async function start(kind: 'modern' | 'legacy', port?: number): Promise<HttpFixtureProcess> {
    const server = await startHttpFixtureProcess({
      kind,
      fixture: { resourceCount: 3, pageSize: 0 },
      ...(port !== undefined && { port }),
    })
    cleanups.push(() => server.kill())
    return server
  }

  for (const [kind, how] of [
    ['modern', 'stop'],
    ['legacy', 'kill'],
  ] as const) {
    it(`${kind}: updates resume after the server is ${how === 'stop' ? 'stopped with SIGTERM' : 'killed'} and started again`, async () => {
      const first = await start(kind)
      const client = createResourceClient()
      cleanups.push(() => client.close())
      client.addServer(kind, { url: first.url })
      const watch = client.watch(kind, { uris: [FIRST] })
      const seen = record(watch)
      await live(watch)
      expect(client.getServer(kind)?.era).toBe(kind)
      first.signal('SIGUSR2')
      await vi.waitFor(
        () => expect(seen.events).toContainEqual({ type: 'updated', uri: FIRST }),
        WAIT,
      )

      await first[how]()
      const again = await start(kind, first.port)
      expect(again.url).toBe(first.url)
      await vi.waitFor(() => expect(seen.events).toContainEqual({ type: 'resynced' }), {
        ...WAIT,
        timeout: 45_000,
      })
      expect(seen.statuses).toContain('reconnecting')
      await live(watch)
      const before = seen.events.length
      again.signal('SIGUSR2')
      await vi.waitFor(
        () => expect(seen.events.slice(before)).toContainEqual({ type: 'updated', uri: FIRST }),
        WAIT,
      )
      const read = await client.read(kind, SECOND)
      expect(read.contents[0]?.uri).toBe(SECOND)
    })
  }
})
