import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { McpRequestError } from '../errors.ts'
import type { WatchEvent } from '../resourceClient.ts'
import { createServerSubscriptions } from '../subscriptions.ts'
import { FakeSession, fakeHost, methodNotFound } from './subscriptionsFakes.ts'

const UPDATED = 'notifications/resources/updated'
const LIST_CHANGED = 'notifications/resources/list_changed'

function setup(...sessions: FakeSession[]) {
  const host = fakeHost(...(sessions.length > 0 ? sessions : [new FakeSession()]))
  const subs = createServerSubscriptions({
    serverId: 's1',
    host,
    backoff: { random: () => 0 },
  })
  return { host, subs, session: host.current }
}

/** Let promises and zero-delay work run (fake timers stay where they are). */
const flush = () => vi.advanceTimersByTimeAsync(0)

function events(watch: { onEvent(l: (e: WatchEvent) => void): () => void }) {
  const seen: WatchEvent[] = []
  watch.onEvent((event) => seen.push(event))
  return seen
}

describe('createServerSubscriptions (modern)', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('opens one listen stream and goes connecting → live, showing what was honoured', async () => {
    const { subs, session } = setup()
    const watch = subs.watch({ uris: ['docs://a', 'docs://a', ''], listChanged: true })
    const statuses: string[] = [watch.getSnapshot().status]
    watch.subscribe(() => statuses.push(watch.getSnapshot().status))
    await subs.settled()
    expect(session.log).toEqual([
      'listen#0 {"resourcesListChanged":true,"resourceSubscriptions":["docs://a"]}',
    ])
    expect(statuses).toEqual(['connecting', 'live'])
    expect(watch.getSnapshot()).toEqual({
      status: 'live',
      requested: { resourcesListChanged: true, resourceSubscriptions: ['docs://a'] },
      honored: { resourcesListChanged: true, resourceSubscriptions: ['docs://a'] },
      attempt: 0,
    })
  })

  it('shares one stream between watches and merges their filters', async () => {
    const { subs, session } = setup()
    subs.watch({ uris: ['docs://a'] })
    subs.watch({ uris: ['docs://b'], listChanged: true })
    await subs.settled()
    expect(session.listens).toHaveLength(1)
    expect(session.listens[0]?.filter).toEqual({
      resourcesListChanged: true,
      resourceSubscriptions: ['docs://a', 'docs://b'],
    })
  })

  it('exposes a partial acknowledgement, and calls a watch with nothing honoured unsupported', async () => {
    const session = new FakeSession()
    session.honor = () => ({ resourcesListChanged: true })
    const { subs } = setup(session)
    const both = subs.watch({ uris: ['docs://a'], listChanged: true })
    const urisOnly = subs.watch({ uris: ['docs://a'] })
    await subs.settled()
    expect(both.getSnapshot()).toMatchObject({
      status: 'live',
      honored: { resourcesListChanged: true },
    })
    expect(urisOnly.getSnapshot()).toMatchObject({ status: 'unsupported', honored: {} })
  })

  it('invalidates and notifies on updated and list_changed, only for watches they concern', async () => {
    const { subs, session, host } = setup()
    const a = subs.watch({ uris: ['docs://a'] })
    const dir = subs.watch({ uris: ['file:///dir/'], listChanged: true })
    const seenA = events(a)
    const seenDir = events(dir)
    await subs.settled()
    const stream = session.listens[0]
    stream?.send(UPDATED, { uri: 'docs://a' })
    stream?.send(UPDATED, { uri: 'file:///dir/x.txt' })
    stream?.send(LIST_CHANGED)
    // Not asked for, malformed, or foreign: ignored.
    stream?.send(UPDATED, { uri: 'docs://ab' })
    stream?.send(UPDATED, { uri: 42 })
    stream?.send(UPDATED, {})
    stream?.send('notifications/tools/list_changed')
    await flush()
    expect(host.invalidated).toEqual(['read docs://a', 'read file:///dir/x.txt', 'lists'])
    expect(seenA).toEqual([{ type: 'updated', uri: 'docs://a' }])
    expect(seenDir).toEqual([
      { type: 'updated', uri: 'file:///dir/x.txt' },
      { type: 'listChanged' },
    ])
  })

  it('coalesces a flood of 10,000 updates of one URI into a few invalidations', async () => {
    const { subs, session, host } = setup()
    const watch = subs.watch({ uris: ['docs://hot'] })
    const seen = events(watch)
    await subs.settled()
    for (let i = 0; i < 10_000; i++) {
      session.listens[0]?.send(UPDATED, { uri: 'docs://hot' })
      if (i % 10 === 9) await vi.advanceTimersByTimeAsync(1)
    }
    await vi.advanceTimersByTimeAsync(2_000)
    expect(host.invalidated.length).toBeGreaterThanOrEqual(2)
    expect(host.invalidated.length).toBeLessThanOrEqual(5)
    expect(seen).toHaveLength(host.invalidated.length)
  })

  it('changes the watched set by opening the new stream before closing the old one', async () => {
    const { subs, session, host } = setup()
    const watch = subs.watch({ uris: ['docs://a'] })
    await subs.settled()
    const old = session.listens[0]
    watch.update({ uris: ['docs://a', 'docs://b'] })
    expect(watch.getSnapshot().status).toBe('live')
    await subs.settled()
    expect(session.log).toEqual([
      'listen#0 {"resourceSubscriptions":["docs://a"]}',
      'listen#1 {"resourceSubscriptions":["docs://a","docs://b"]}',
      'listen#0 closed',
    ])
    expect(watch.getSnapshot()).toMatchObject({
      status: 'live',
      requested: { resourceSubscriptions: ['docs://a', 'docs://b'] },
      honored: { resourceSubscriptions: ['docs://a', 'docs://b'] },
    })
    // A straggler on the replaced stream is not ours any more.
    old?.onNotification({ method: UPDATED, params: { uri: 'docs://a' } })
    session.listens[1]?.send(UPDATED, { uri: 'docs://b' })
    await flush()
    expect(host.invalidated).toEqual(['read docs://b'])
  })

  it('batches changes made together into one new stream, and skips a change to the same set', async () => {
    const { subs, session } = setup()
    const watch = subs.watch({ uris: ['docs://a'] })
    await subs.settled()
    watch.update({ uris: ['docs://b'] })
    watch.update({ uris: ['docs://c'] })
    subs.watch({ uris: ['docs://c'] })
    await subs.settled()
    expect(session.listens.map((l) => l.filter)).toEqual([
      { resourceSubscriptions: ['docs://a'] },
      { resourceSubscriptions: ['docs://c'] },
    ])
    watch.update({ uris: ['docs://c'] })
    await subs.settled()
    expect(session.listens).toHaveLength(2)
  })

  it('closes the stream when the last watch closes, and narrows it when one of two closes', async () => {
    const { subs, session } = setup()
    const a = subs.watch({ uris: ['docs://a'] })
    const b = subs.watch({ uris: ['docs://b'] })
    await subs.settled()
    await a.close()
    expect(a.getSnapshot().status).toBe('closed')
    expect(session.openListens.map((l) => l.filter)).toEqual([
      { resourceSubscriptions: ['docs://b'] },
    ])
    await b.close()
    expect(session.openListens).toEqual([])
    expect(session.log.at(-1)).toBe('listen#1 closed')
  })

  it('re-listens with backoff after a graceful end, then invalidates everything watched', async () => {
    const { subs, session, host } = setup()
    const watch = subs.watch({ listChanged: true })
    const seen = events(watch)
    await subs.settled()
    session.listens[0]?.end('graceful')
    await flush()
    expect(watch.getSnapshot()).toMatchObject({ status: 'reconnecting', attempt: 1 })
    await vi.advanceTimersByTimeAsync(499)
    expect(session.listens).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(session.listens).toHaveLength(2)
    expect(watch.getSnapshot()).toMatchObject({ status: 'live', attempt: 0 })
    expect(host.invalidated).toEqual(['lists'])
    expect(seen).toEqual([{ type: 'resynced' }])
  })

  it('re-listens with backoff after a drop, then invalidates everything watched', async () => {
    const first = new FakeSession()
    const second = new FakeSession()
    const { subs, host } = setup(first, second)
    const watch = subs.watch({ uris: ['docs://a', 'docs://b'], listChanged: true })
    const seen = events(watch)
    await subs.settled()
    first.drop()
    await flush()
    expect(watch.getSnapshot()).toMatchObject({ status: 'reconnecting', attempt: 1 })
    await vi.advanceTimersByTimeAsync(499)
    expect(second.listens).toHaveLength(0)
    await vi.advanceTimersByTimeAsync(1)
    expect(second.listens).toHaveLength(1)
    expect(watch.getSnapshot()).toMatchObject({ status: 'live', attempt: 0 })
    expect(host.invalidated).toEqual(['read docs://a', 'read docs://b', 'lists'])
    expect(seen).toEqual([{ type: 'resynced' }])
  })

  it('treats a stream that ends without a result as a drop even if the session lives on', async () => {
    const { subs, session } = setup()
    const watch = subs.watch({ uris: ['docs://a'] })
    await subs.settled()
    session.listens[0]?.end('remote')
    await flush()
    expect(watch.getSnapshot().status).toBe('reconnecting')
    await vi.advanceTimersByTimeAsync(500)
    expect(session.openListens).toHaveLength(1)
    expect(watch.getSnapshot().status).toBe('live')
  })

  it('backs off 500 ms, 1 s, 2 s … while reconnecting keeps failing', async () => {
    const first = new FakeSession()
    const { subs, host } = setup(first, new FakeSession())
    const watch = subs.watch({ uris: ['docs://a'] })
    await subs.settled()
    host.failNext = 3
    first.drop()
    await flush()
    const connectsAt: number[] = []
    const start = Date.now()
    let seen = host.connects
    for (let ms = 0; ms < 10_000; ms += 50) {
      await vi.advanceTimersByTimeAsync(50)
      if (host.connects !== seen) {
        seen = host.connects
        connectsAt.push(Date.now() - start)
      }
    }
    // Attempts at 500, then +1000, +2000, +4000 (the fourth one succeeds).
    expect(connectsAt).toEqual([500, 1500, 3500, 7500])
    expect(watch.getSnapshot()).toMatchObject({ status: 'live', attempt: 0 })
  })

  it('shows the attempt count and the last error while reconnecting', async () => {
    const first = new FakeSession()
    const { subs, host } = setup(first, new FakeSession())
    const watch = subs.watch({ uris: ['docs://a'] })
    await subs.settled()
    host.failNext = 5
    first.drop()
    await vi.advanceTimersByTimeAsync(500 + 1000)
    expect(watch.getSnapshot()).toMatchObject({ status: 'reconnecting', attempt: 3 })
    expect(watch.getSnapshot().error?.message).toBe('connect refused')
  })

  it('is unsupported without the capability, without ever listening', async () => {
    const session = new FakeSession('modern', { subscribe: false, listChanged: false })
    const { subs } = setup(session)
    const watch = subs.watch({ uris: ['docs://a'], listChanged: true })
    await subs.settled()
    expect(watch.getSnapshot()).toMatchObject({ status: 'unsupported', honored: {} })
    expect(session.listens).toHaveLength(0)
  })

  it('asks only for what the capabilities allow', async () => {
    const session = new FakeSession('modern', { subscribe: false, listChanged: true })
    const { subs } = setup(session)
    const watch = subs.watch({ uris: ['docs://a'], listChanged: true })
    await subs.settled()
    expect(session.listens[0]?.filter).toEqual({ resourcesListChanged: true })
    expect(watch.getSnapshot()).toMatchObject({
      status: 'live',
      honored: { resourcesListChanged: true },
    })
  })

  it('is unsupported when the server answers -32601, and in error on other refusals', async () => {
    const session = new FakeSession()
    session.listenError = methodNotFound()
    const { subs } = setup(session)
    const watch = subs.watch({ uris: ['docs://a'] })
    await subs.settled()
    expect(watch.getSnapshot().status).toBe('unsupported')

    const other = new FakeSession()
    other.listenError = new McpRequestError(-32602, 'bad filter')
    const second = setup(other)
    const failing = second.subs.watch({ uris: ['docs://a'] })
    await second.subs.settled()
    expect(failing.getSnapshot()).toMatchObject({ status: 'error', error: other.listenError })
    await vi.advanceTimersByTimeAsync(60_000)
    expect(second.host.connects).toBe(1)
  })

  it('closes everything on close()', async () => {
    const { subs, session } = setup()
    const a = subs.watch({ uris: ['docs://a'] })
    await subs.settled()
    await subs.close()
    expect(a.getSnapshot().status).toBe('closed')
    expect(session.openListens).toEqual([])
    const late = subs.watch({ uris: ['docs://b'] })
    expect(late.getSnapshot().status).toBe('closed')
  })

  it('stops reconnecting once nothing is watched', async () => {
    const first = new FakeSession()
    const { subs, host } = setup(first, new FakeSession())
    const watch = subs.watch({ uris: ['docs://a'] })
    await subs.settled()
    first.drop()
    await flush()
    await watch.close()
    await vi.advanceTimersByTimeAsync(60_000)
    expect(host.connects).toBe(1)
  })

  it('keeps going when a listener throws', async () => {
    const { subs, session, host } = setup()
    const watch = subs.watch({ uris: ['docs://a'] })
    watch.onEvent(() => {
      throw new Error('listener bug')
    })
    await subs.settled()
    session.listens[0]?.send(UPDATED, { uri: 'docs://a' })
    await flush()
    expect(host.invalidated).toEqual(['read docs://a'])
    expect(watch.getSnapshot().status).toBe('live')
  })
})

describe('createServerSubscriptions (legacy)', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('subscribes per URI and takes the unsolicited notifications', async () => {
    const session = new FakeSession('legacy')
    const { subs, host } = setup(session)
    const watch = subs.watch({ uris: ['docs://a', 'docs://b'], listChanged: true })
    const seen = events(watch)
    await subs.settled()
    expect(session.log).toEqual(['resources/subscribe docs://a', 'resources/subscribe docs://b'])
    expect(watch.getSnapshot()).toMatchObject({
      status: 'live',
      honored: { resourcesListChanged: true, resourceSubscriptions: ['docs://a', 'docs://b'] },
    })
    session.notify(UPDATED, { uri: 'docs://b' })
    session.notify(LIST_CHANGED)
    session.notify(UPDATED, { uri: 'docs://zzz' })
    session.notify(UPDATED, {
      uri: 'docs://a',
      _meta: { 'io.modelcontextprotocol/subscriptionId': 'x' },
    })
    await flush()
    // The cache drops whatever the server says changed (the intake's rule, watched or not);
    // the watches hear only what they asked for.
    expect(host.invalidated).toEqual(['read docs://b', 'lists', 'read docs://zzz'])
    expect(seen).toEqual([{ type: 'updated', uri: 'docs://b' }, { type: 'listChanged' }])
  })

  it('subscribes the new URIs before unsubscribing the old, and unsubscribes on close', async () => {
    const session = new FakeSession('legacy')
    const { subs } = setup(session)
    const watch = subs.watch({ uris: ['docs://a'] })
    const seen = events(watch)
    await subs.settled()
    watch.update({ uris: ['docs://b'] })
    await subs.settled()
    session.notify(UPDATED, { uri: 'docs://a' })
    await flush()
    expect(seen).toEqual([])
    await watch.close()
    expect(session.log).toEqual([
      'resources/subscribe docs://a',
      'resources/subscribe docs://b',
      'resources/unsubscribe docs://a',
      'resources/unsubscribe docs://b',
    ])
  })

  it('is unsupported for URIs when subscribe answers -32601, while list changes still count', async () => {
    const session = new FakeSession('legacy')
    session.answer = (method) => {
      if (method === 'resources/subscribe') throw methodNotFound()
      return {}
    }
    const { subs } = setup(session)
    const uris = subs.watch({ uris: ['docs://a', 'docs://b'] })
    const lists = subs.watch({ listChanged: true, uris: ['docs://a'] })
    await subs.settled()
    expect(uris.getSnapshot()).toMatchObject({ status: 'unsupported', honored: {} })
    expect(lists.getSnapshot()).toMatchObject({
      status: 'live',
      honored: { resourcesListChanged: true },
    })
    // After -32601 the channel stops asking.
    expect(
      session.requests.filter((r) => r.method === 'resources/subscribe').length,
    ).toBeLessThanOrEqual(2)
  })

  it('re-subscribes on a new session after a drop and invalidates what it watches', async () => {
    const first = new FakeSession('legacy')
    const second = new FakeSession('legacy')
    const { subs, host } = setup(first, second)
    const watch = subs.watch({ uris: ['docs://a'] })
    const seen = events(watch)
    await subs.settled()
    first.drop()
    await flush()
    expect(watch.getSnapshot().status).toBe('reconnecting')
    await vi.advanceTimersByTimeAsync(500)
    expect(second.log).toEqual(['resources/subscribe docs://a'])
    expect(watch.getSnapshot().status).toBe('live')
    expect(host.invalidated).toEqual(['read docs://a'])
    expect(seen).toEqual([{ type: 'resynced' }])
  })
})
