// Watches against real 2025-11-25 servers, which know nothing of `subscriptions/listen`:
// the published reference server (@modelcontextprotocol/server-everything) over stdio,
// and our fixture served by sdk 1.x, whose calls we can count.
import {
  createLegacyFixture,
  EVERYTHING_SERVER_SCRIPT,
  StdioInPlaceTransport,
} from '@resource-kit/test-utils'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createResourceClient } from '../createResourceClient.ts'
import type { ResourceClient, Watch, WatchEvent } from '../resourceClient.ts'
import { resourceKeys } from '../resourceKeys.ts'
import { connectSdkSession } from '../sdkSession.ts'
import type { Session } from '../session.ts'

const WAIT = { timeout: 20_000, interval: 20 }

function record(watch: Watch) {
  const events: WatchEvent[] = []
  watch.onEvent((event) => events.push(event))
  return events
}

describe('watch on server-everything over stdio (legacy)', { timeout: 60_000 }, () => {
  let client: ResourceClient
  // The tools that make the server change are called on the same session the client uses.
  let session: Session | undefined

  beforeAll(async () => {
    client = createResourceClient()
    client.addServer('everything', {
      connect: async (options) => {
        // Probed in place: this file is about watches (legacy.integration covers the sibling probe).
        const transport = new StdioInPlaceTransport({
          command: process.execPath,
          args: [EVERYTHING_SERVER_SCRIPT, 'stdio'],
          stderr: 'pipe',
        })
        session = await connectSdkSession(transport, options)
        return session
      },
    })
    const server = await client.ready('everything')
    expect(server).toMatchObject({
      era: 'legacy',
      capabilities: { resources: { subscribe: true } },
    })
  }, 60_000)
  afterAll(() => client.close())

  const callTool = (name: string, args: Record<string, unknown> = {}) => {
    if (!session) throw new Error('not connected')
    return session.request('tools/call', { name, arguments: args })
  }

  it('subscribes to a static resource and receives its updates', async () => {
    const page = await client.listResources('everything')
    const uri = page.items[0]?.uri as string
    expect(uri).toMatch(/^demo:\/\/resource\/static\//)
    await client.read('everything', uri)
    const watch = client.watch('everything', { uris: [uri] })
    const events = record(watch)
    await vi.waitFor(() => expect(watch.getSnapshot().status).toBe('live'), WAIT)
    expect(watch.getSnapshot().honored).toEqual({ resourceSubscriptions: [uri] })
    await callTool('toggle-subscriber-updates')
    try {
      await vi.waitFor(() => expect(events).toContainEqual({ type: 'updated', uri }), WAIT)
      const key = resourceKeys.read('everything', client.partition, uri)
      expect(client.queryClient.getQueryState(key)?.isInvalidated).toBe(true)
    } finally {
      await callTool('toggle-subscriber-updates')
      await watch.close()
    }
  })

  it('hears list_changed when a tool adds a resource, and the list grows from 7 to 8', async () => {
    const before = await client.listResources('everything')
    expect(before.items).toHaveLength(7)
    const watch = client.watch('everything', { listChanged: true })
    const events = record(watch)
    await vi.waitFor(() => expect(watch.getSnapshot().status).toBe('live'), WAIT)
    expect(watch.getSnapshot().honored).toEqual({ resourcesListChanged: true })
    await callTool('gzip-file-as-resource', {
      name: 'hello.txt.gz',
      data: 'data:text/plain;base64,aGVsbG8=',
      outputType: 'resource',
    })
    await vi.waitFor(() => expect(events).toContainEqual({ type: 'listChanged' }), WAIT)
    const { queryClient, partition } = client
    expect(
      queryClient.getQueryState(resourceKeys.list('everything', partition))?.isInvalidated,
    ).toBe(true)
    const after = await client.listResources('everything')
    expect(after.items).toHaveLength(8)
    expect(after.items.map((r) => r.uri)).toContain('demo://resource/session/hello.txt.gz')
    await watch.close()
  })
})

describe('watch on the sdk 1.x fixture (legacy subscribe / unsubscribe)', () => {
  it('moves the subscription when the watched set changes, and unsubscribes on unwatch', async () => {
    const fixture = createLegacyFixture({ resourceCount: 3, pageSize: 0 })
    const client = createResourceClient()
    client.addServer('legacy', {
      connect: async (options) => connectSdkSession(await fixture.inMemoryTransport(), options),
    })
    try {
      const watch = client.watch('legacy', { uris: ['fixture://r/0'] })
      const events = record(watch)
      await vi.waitFor(() => expect(watch.getSnapshot().status).toBe('live'), WAIT)
      expect(client.getServer('legacy')?.era).toBe('legacy')
      expect(fixture.calls('resources/subscribe')).toBe(1)
      fixture.notifyUpdated('fixture://r/0')
      await vi.waitFor(
        () => expect(events).toEqual([{ type: 'updated', uri: 'fixture://r/0' }]),
        WAIT,
      )
      watch.update({ uris: ['fixture://r/1'] })
      await vi.waitFor(
        () =>
          expect(watch.getSnapshot().honored).toEqual({ resourceSubscriptions: ['fixture://r/1'] }),
        WAIT,
      )
      expect(fixture.calls('resources/subscribe')).toBe(2)
      expect(fixture.calls('resources/unsubscribe')).toBe(1)
      // The server no longer sends updates for the old URI; the new one arrives.
      fixture.notifyUpdated('fixture://r/0')
      fixture.notifyUpdated('fixture://r/1')
      await vi.waitFor(
        () => expect(events.at(-1)).toEqual({ type: 'updated', uri: 'fixture://r/1' }),
        WAIT,
      )
      expect(events).toHaveLength(2)
      await watch.close()
      expect(fixture.calls('resources/unsubscribe')).toBe(2)
    } finally {
      await client.close()
      await fixture.close()
    }
  })
})
