// Watches at the edges, through the public client and the real SDK Session, against the
// scripted server of test-utils: refused URIs, streams that end while a retarget waits
// for its ack, acks that never come, graceful ends that are not the end, and unsolicited
// legacy notifications. Fake timers throughout; the scripted server answers on cue.
import {
  createScriptedServer,
  type ScriptedListen,
  type ScriptedServer,
  type ScriptedServerOptions,
} from '@resource-kit/test-utils'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createResourceClient } from '../createResourceClient.ts'
import type { ResourceClient, Watch, WatchEvent } from '../resourceClient.ts'
import { resourceKeys } from '../resourceKeys.ts'

const UPDATED = 'notifications/resources/updated'
const LIST_CHANGED = 'notifications/resources/list_changed'

/** Lets promises run without moving the fake clock. */
async function settle(rounds = 20) {
  for (let i = 0; i < rounds; i++) await vi.advanceTimersByTimeAsync(0)
}

function setup(options: ScriptedServerOptions = {}) {
  const server = createScriptedServer(options)
  server.handle('resources/read', (request) =>
    request.reply({ contents: [{ uri: String(request.params.uri), text: 'v1' }] }),
  )
  server.handle('resources/list', (request) => request.reply({ resources: [] }))
  const client = createResourceClient()
  client.addServer('s', { transport: () => server.transport() })
  return { server, client }
}

function record(watch: Watch) {
  const events: WatchEvent[] = []
  const statuses: string[] = []
  watch.onEvent((event) => events.push(event))
  watch.subscribe(() => statuses.push(watch.getSnapshot().status))
  return { events, statuses }
}

/** A listen handler that refuses any filter naming `bad`, and acks the rest. */
function refusing(server: ScriptedServer, bad: string) {
  server.handle('subscriptions/listen', (request) => {
    const listen = request as ScriptedListen
    const uris = (listen.filter.resourceSubscriptions ?? []) as string[]
    if (uris.includes(bad)) listen.fail(-32602, `Unknown resource: ${bad}`, { uri: bad })
    else listen.ack()
  })
}

/** Resolves-or-not after `ms` of fake time: true when `promise` settled. */
async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let done = false
  void promise.then(
    () => {
      done = true
    },
    () => {
      done = true
    },
  )
  await settle()
  await vi.advanceTimersByTimeAsync(ms)
  return done
}

let client: ResourceClient | undefined
beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(async () => {
  const closing = client?.close()
  client = undefined
  await vi.advanceTimersByTimeAsync(5_000)
  await closing
  vi.useRealTimers()
})

describe('one refused URI affects only the watches that asked for it', () => {
  it('keeps the other watches live on the old stream when a new URI is refused', async () => {
    const s = setup()
    client = s.client
    refusing(s.server, 'x://bad')
    const good = client.watch('s', { uris: ['x://a'] })
    const seen = record(good)
    await settle()
    expect(good.getSnapshot().status).toBe('live')

    const bad = client.watch('s', { uris: ['x://bad'] })
    await settle()
    expect(bad.getSnapshot().status).toBe('error')
    expect(bad.getSnapshot().error?.message).toContain('Unknown resource: x://bad')
    expect(good.getSnapshot()).toMatchObject({
      status: 'live',
      honored: { resourceSubscriptions: ['x://a'] },
    })
    expect(s.server.openListens()).toEqual([s.server.listens[0]])

    s.server.listens[0]?.notify(UPDATED, { uri: 'x://a' })
    await settle()
    expect(seen.events).toEqual([{ type: 'updated', uri: 'x://a' }])
    expect(seen.statuses).not.toContain('error')

    // The refusal stays with that watch: a later watch joins the stream as usual …
    const later = client.watch('s', { uris: ['x://c'] })
    await settle()
    expect(later.getSnapshot().status).toBe('live')
    expect(bad.getSnapshot().status).toBe('error')
    expect(s.server.openListens().map((l) => l.filter)).toEqual([
      { resourceSubscriptions: ['x://a', 'x://c'] },
    ])
    // … and the refused watch is asked again once it asks for something else.
    bad.update({ uris: ['x://d'] })
    await settle()
    expect(bad.getSnapshot().status).toBe('live')
  })

  it('finds the refused watch among several added at once', async () => {
    const s = setup()
    client = s.client
    refusing(s.server, 'x://bad')
    const first = client.watch('s', { uris: ['x://a'] })
    const bad = client.watch('s', { uris: ['x://bad'] })
    const fine = client.watch('s', { uris: ['x://b'], listChanged: true })
    await settle(60)
    expect(first.getSnapshot().status).toBe('live')
    expect(fine.getSnapshot()).toMatchObject({
      status: 'live',
      honored: { resourcesListChanged: true, resourceSubscriptions: ['x://b'] },
    })
    expect(bad.getSnapshot()).toMatchObject({ status: 'error' })
    expect(bad.getSnapshot().error?.message).toContain('Unknown resource: x://bad')
    expect(s.server.openListens()).toHaveLength(1)
    expect(s.server.openListens()[0]?.filter).toEqual({
      resourcesListChanged: true,
      resourceSubscriptions: ['x://a', 'x://b'],
    })
  })

  it('fails only the watch whose legacy subscribe is refused', async () => {
    const s = setup({ era: 'legacy' })
    client = s.client
    s.server.handle('resources/subscribe', (request) =>
      request.params.uri === 'x://bad'
        ? request.fail(-32602, 'Unknown resource: x://bad')
        : request.reply({}),
    )
    const good = client.watch('s', { uris: ['x://a'] })
    await settle()
    const bad = client.watch('s', { uris: ['x://bad'] })
    await settle()
    expect(good.getSnapshot().status).toBe('live')
    expect(bad.getSnapshot().status).toBe('error')
    expect(bad.getSnapshot().error?.message).toContain('Unknown resource: x://bad')
  })
})

describe('retarget races', () => {
  /** The first listen is acked at once; later ones wait in `held` for the test. */
  function holdingRetargets(server: ScriptedServer) {
    const held: ScriptedListen[] = []
    server.handle('subscriptions/listen', (request) => {
      const listen = request as ScriptedListen
      if (server.listens.length === 1) listen.ack()
      else held.push(listen)
    })
    return held
  }

  for (const how of ['end', 'cancel'] as const) {
    it(`keeps exactly one stream when the old one ends gracefully (${how}) during a retarget`, async () => {
      const s = setup()
      client = s.client
      const held = holdingRetargets(s.server)
      const a = client.watch('s', { uris: ['x://a'] })
      const seen = record(a)
      await settle()
      const b = client.watch('s', { uris: ['x://b'] })
      await settle()
      expect(held).toHaveLength(1)
      s.server.listens[0]?.[how]()
      await settle()
      held[0]?.ack()
      await settle()
      expect(a.getSnapshot().status).toBe('live')
      expect(b.getSnapshot().status).toBe('live')
      expect(s.server.openListens()).toEqual([held[0]])
      // Updates between the old end and the new ack were lost: everything was resynced.
      expect(seen.events).toEqual([{ type: 'resynced' }])
      held[0]?.notify(UPDATED, { uri: 'x://a' })
      await settle()
      expect(seen.events).toContainEqual({ type: 'updated', uri: 'x://a' })
      await vi.advanceTimersByTimeAsync(60_000)
      expect(s.server.listens).toHaveLength(2)
      expect(s.server.openListens()).toEqual([held[0]])
    })
  }

  it('keeps exactly one stream when the old one drops during a retarget', async () => {
    const s = setup()
    client = s.client
    const held = holdingRetargets(s.server)
    const a = client.watch('s', { uris: ['x://a'] })
    await settle()
    client.watch('s', { uris: ['x://b'] })
    await settle()
    // An error response after the ack: the SDK reports the stream as dropped.
    s.server.listens[0]?.raw({
      id: s.server.listens[0].id,
      error: { code: -32000, message: 'stream broke' },
    })
    await settle()
    held[0]?.ack()
    await settle()
    await vi.advanceTimersByTimeAsync(60_000)
    expect(a.getSnapshot().status).toBe('live')
    expect(s.server.openListens()).toHaveLength(1)
  })

  it('re-listens when the old stream ends and the retarget is then refused', async () => {
    const s = setup()
    client = s.client
    const held = holdingRetargets(s.server)
    const a = client.watch('s', { uris: ['x://a'] })
    await settle()
    const bad = client.watch('s', { uris: ['x://bad'] })
    await settle()
    s.server.listens[0]?.end()
    await settle()
    held[0]?.fail(-32602, 'Unknown resource: x://bad')
    await settle()
    expect(a.getSnapshot().status).toBe('reconnecting')
    refusing(s.server, 'x://bad')
    await vi.advanceTimersByTimeAsync(1_000)
    await settle(60)
    expect(a.getSnapshot().status).toBe('live')
    expect(bad.getSnapshot().status).toBe('error')
    expect(s.server.openListens().map((l) => l.filter)).toEqual([
      { resourceSubscriptions: ['x://a'] },
    ])
  })

  it('delivers nothing to a watch closed during the race, and leaves no stream when all are closed', async () => {
    const s = setup()
    client = s.client
    const held = holdingRetargets(s.server)
    const a = client.watch('s', { uris: ['x://a'] })
    const seenA = record(a)
    await settle()
    const b = client.watch('s', { uris: ['x://a', 'x://b'] })
    await settle()
    s.server.listens[0]?.end()
    const closingA = a.close()
    await settle()
    held.at(-1)?.ack()
    await settle()
    await closingA
    for (const listen of s.server.openListens()) listen.notify(UPDATED, { uri: 'x://a' })
    await settle()
    await vi.advanceTimersByTimeAsync(1_000)
    for (const listen of held) listen.ack()
    await settle()
    expect(seenA.events).toEqual([])
    expect(a.getSnapshot().status).toBe('closed')
    expect(s.server.openListens()).toHaveLength(1)
    await b.close()
    await settle()
    expect(s.server.openListens()).toEqual([])
  })
})

describe('closing never hangs', () => {
  it('resolves watch.close(), removeServer() and client.close() when a listen ack never comes', async () => {
    const s = setup({ autoAck: false })
    client = s.client
    const watch = client.watch('s', { uris: ['x://a'] })
    await settle()
    expect(s.server.listens).toHaveLength(1)
    expect(await settlesWithin(watch.close(), 1_000)).toBe(true)
    // The abandoned listen was cancelled on the wire.
    expect(s.server.listens[0]?.state).toBe('cancelled')

    client.watch('s', { uris: ['x://a'] })
    await settle()
    expect(await settlesWithin(client.removeServer('s'), 1_000)).toBe(true)

    const other = setup({ autoAck: false })
    client = other.client
    client.watch('s', { uris: ['x://a'] })
    await settle()
    expect(await settlesWithin(client.close(), 1_000)).toBe(true)
  })

  it('closes a watch whose retarget waits for an ack that never comes; the others keep their stream', async () => {
    const s = setup()
    client = s.client
    s.server.handle('subscriptions/listen', (request) => {
      if (s.server.listens.length === 1) (request as ScriptedListen).ack()
    })
    const a = client.watch('s', { uris: ['x://a'] })
    await settle()
    const b = client.watch('s', { uris: ['x://b'] })
    await settle()
    expect(await settlesWithin(b.close(), 1_000)).toBe(true)
    expect(a.getSnapshot().status).toBe('live')
    expect(s.server.openListens()).toEqual([s.server.listens[0]])
    expect(s.server.listens[1]?.state).toBe('cancelled')
  })

  it('bounds the wait for an ack, then retries', async () => {
    const s = setup({ autoAck: false })
    client = s.client
    const watch = client.watch('s', { uris: ['x://a'] })
    await settle()
    expect(watch.getSnapshot().status).toBe('connecting')
    await vi.advanceTimersByTimeAsync(10_000)
    await settle()
    expect(watch.getSnapshot().status).toBe('reconnecting')
    s.server.handle('subscriptions/listen', (request) => (request as ScriptedListen).ack())
    await vi.advanceTimersByTimeAsync(1_000)
    await settle()
    expect(watch.getSnapshot().status).toBe('live')
    expect(s.server.openListens()).toHaveLength(1)
  })
})

describe('a graceful end is not the end', () => {
  for (const how of ['end', 'cancel'] as const) {
    it(`re-listens with backoff and resyncs after the server ends the stream (${how})`, async () => {
      const s = setup()
      client = s.client
      await client.read('s', 'x://a')
      const watch = client.watch('s', { uris: ['x://a'], listChanged: true })
      const seen = record(watch)
      await settle()
      s.server.listens[0]?.[how]()
      await settle()
      expect(watch.getSnapshot()).toMatchObject({ status: 'reconnecting', attempt: 1 })
      expect(watch.getSnapshot().error?.message).toContain('ended the subscription stream')
      await vi.advanceTimersByTimeAsync(600)
      await settle()
      expect(s.server.listens).toHaveLength(2)
      expect(watch.getSnapshot()).toMatchObject({ status: 'live', attempt: 0 })
      expect(seen.statuses).toEqual(['live', 'reconnecting', 'live'])
      expect(seen.events).toEqual([{ type: 'resynced' }])
      const read = client.queryClient.getQueryState(
        resourceKeys.read('s', client.partition, 'x://a'),
      )
      expect(read?.isInvalidated).toBe(true)
    })
  }

  it('comes back on a new connection when the server ends its streams and goes away', async () => {
    const s = setup()
    client = s.client
    const watch = client.watch('s', { uris: ['x://a'] })
    const seen = record(watch)
    await settle()
    s.server.listens[0]?.end()
    await settle()
    await s.server.connections[0]?.drop()
    await settle()
    expect(watch.getSnapshot().status).toBe('reconnecting')
    await vi.advanceTimersByTimeAsync(600)
    await settle(60)
    expect(s.server.connections).toHaveLength(2)
    expect(watch.getSnapshot().status).toBe('live')
    expect(s.server.openListens().map((l) => l.connection.index)).toEqual([1])
    expect(seen.events).toEqual([{ type: 'resynced' }])
    s.server.openListens()[0]?.notify(UPDATED, { uri: 'x://a' })
    await settle()
    expect(seen.events).toContainEqual({ type: 'updated', uri: 'x://a' })
  })

  it('stops when the server refuses the re-listen', async () => {
    const s = setup()
    client = s.client
    const watch = client.watch('s', { uris: ['x://a'] })
    await settle()
    s.server.handle('subscriptions/listen', (request) =>
      request.fail(-32602, 'No subscriptions here any more'),
    )
    s.server.listens[0]?.end()
    await vi.advanceTimersByTimeAsync(600)
    await settle()
    expect(watch.getSnapshot().status).toBe('error')
    expect(watch.getSnapshot().error?.message).toContain('No subscriptions here any more')
    await vi.advanceTimersByTimeAsync(60_000)
    expect(s.server.listens).toHaveLength(2)
  })

  it('backs off further when every new stream ends at once', async () => {
    const s = setup()
    client = s.client
    s.server.handle('subscriptions/listen', (request) => {
      const listen = request as ScriptedListen
      listen.ack()
      if (s.server.listens.length > 1) queueMicrotask(() => listen.end())
    })
    client.watch('s', { uris: ['x://a'] })
    await settle()
    s.server.listens[0]?.end()
    await vi.advanceTimersByTimeAsync(30_000)
    // 500 ms, 1 s, 2 s, 4 s, 8 s, 16 s … not one listen every 500 ms.
    expect(s.server.listens.length).toBeLessThanOrEqual(7)
    expect(s.server.listens.length).toBeGreaterThanOrEqual(4)
  })
})

describe('unsolicited legacy notifications', () => {
  it('invalidate the cache with no watch open', async () => {
    const s = setup({ era: 'legacy' })
    client = s.client
    await client.read('s', 'x://a')
    await client.listResources('s')
    const { queryClient, partition } = client
    const read = () => queryClient.getQueryState(resourceKeys.read('s', partition, 'x://a'))
    const list = () => queryClient.getQueryState(resourceKeys.list('s', partition))
    expect(read()?.isInvalidated).toBe(false)
    s.server.connections[0]?.notify(UPDATED, { uri: 'x://a' })
    await settle()
    expect(read()?.isInvalidated).toBe(true)
    expect(list()?.isInvalidated).toBe(false)
    s.server.connections[0]?.notify(LIST_CHANGED)
    await settle()
    expect(list()?.isInvalidated).toBe(true)
  })

  it('invalidate once when a watch also covers them', async () => {
    const s = setup({ era: 'legacy' })
    client = s.client
    const invalidations: string[] = []
    const watch = client.watch('s', { uris: ['x://a'] })
    const seen = record(watch)
    await settle()
    client.queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'invalidate')
        invalidations.push(String(event.query.queryKey.at(-1)))
    })
    await client.read('s', 'x://a')
    s.server.connections[0]?.notify(UPDATED, { uri: 'x://a' })
    await settle()
    expect(seen.events).toEqual([{ type: 'updated', uri: 'x://a' }])
    expect(invalidations).toEqual(['x://a'])
  })
})
