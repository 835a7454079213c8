// One intake per server for the change notifications of both eras: a legacy session's
// unsolicited ones and a modern listen stream's go through one coalescer, which invalidates
// the cache of record and then tells the watches, so a watch never hears of a change that
// the cache still serves. Through the public client over in-memory sessions, on fake timers.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createResourceClient } from '../createResourceClient.ts'
import type { ResourceClient } from '../resourceClient.ts'
import { resourceKeys } from '../resourceKeys.ts'
import { FakeSession } from './subscriptionsFakes.ts'

const UPDATED = 'notifications/resources/updated'
const LIST_CHANGED = 'notifications/resources/list_changed'

const flush = () => vi.advanceTimersByTimeAsync(0)

const clients: ResourceClient[] = []
beforeEach(() => vi.useFakeTimers())
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()))
  vi.useRealTimers()
})

/** A server whose `x://a` says `v<version>`; reads stay fresh for a minute unless invalidated. */
function serve(era: 'modern' | 'legacy') {
  const state = { version: 1 }
  const session = new FakeSession(era)
  session.answer = (method) => {
    if (method === 'resources/read')
      return { contents: [{ uri: 'x://a', text: `v${state.version}` }], ttlMs: 60_000 }
    return method === 'resources/list' ? { resources: [] } : {}
  }
  const client = createResourceClient()
  clients.push(client)
  client.addServer('s', { connect: async () => session })
  return { session, client, state }
}

const textOf = async (client: ResourceClient) => {
  const [content] = (await client.read('s', 'x://a')).contents
  return content && 'text' in content ? content.text : undefined
}

/** Sends `updated(x://a)` the way the era delivers it: unsolicited, or on the listen stream. */
function updated(session: FakeSession) {
  if (session.info.era === 'legacy') session.notify(UPDATED, { uri: 'x://a' })
  else session.openListens[0]?.send(UPDATED, { uri: 'x://a' })
}

describe.each(['legacy', 'modern'] as const)('one notification intake per server (%s)', (era) => {
  it('tells a watch of an update only once the cache dropped it: a read on the event is fresh', async () => {
    const { session, client, state } = serve(era)
    expect(await textOf(client)).toBe('v1')
    const watch = client.watch('s', { uris: ['x://a'] })
    const key = resourceKeys.read('s', client.partition, 'x://a')
    const invalidatedWhenTold: (boolean | undefined)[] = []
    const readOnEvent: Promise<string | undefined>[] = []
    watch.onEvent((event) => {
      if (event.type !== 'updated') return
      invalidatedWhenTold.push(client.queryClient.getQueryState(key)?.isInvalidated)
      readOnEvent.push(textOf(client))
    })
    await flush()
    state.version = 2
    updated(session)
    await flush()
    expect(invalidatedWhenTold).toEqual([true])
    expect(await Promise.all(readOnEvent)).toEqual(['v2'])
  })

  it('coalesces a flood of one URI into the same two runs for the cache and the watch', async () => {
    const { session, client } = serve(era)
    await textOf(client)
    const watch = client.watch('s', { uris: ['x://a'], listChanged: true })
    let heard = 0
    watch.onEvent(() => heard++)
    await flush()
    let invalidations = 0
    client.queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'invalidate') invalidations++
    })
    for (let i = 0; i < 1_000; i++) updated(session)
    await flush()
    // Read again inside the window: the trailing run shows as a second invalidation.
    await textOf(client)
    await vi.advanceTimersByTimeAsync(1_000)
    // One at once, one trailing: each run invalidates once and tells once.
    expect(heard).toBe(2)
    expect(invalidations).toBe(2)
  })
})

describe('one notification intake per server (legacy)', () => {
  it('follows a session once, watched or not', async () => {
    const { session, client } = serve('legacy')
    await client.ready('s')
    await flush()
    expect(session.notificationListeners).toBe(1)
    const watch = client.watch('s', { uris: ['x://a'], listChanged: true })
    await flush()
    expect(watch.getSnapshot().status).toBe('live')
    expect(session.notificationListeners).toBe(1)
  })

  it('invalidates what nobody watches and tells a watch only what it asked for', async () => {
    const { session, client } = serve('legacy')
    await textOf(client)
    await client.listResources('s')
    const watch = client.watch('s', { uris: ['x://b'] })
    const seen: unknown[] = []
    watch.onEvent((event) => seen.push(event))
    await flush()
    session.notify(UPDATED, { uri: 'x://a' })
    session.notify(LIST_CHANGED)
    session.notify(UPDATED, { uri: 'x://b' })
    // A notification tagged with a listen id belongs to a modern stream, not to this intake.
    session.notify(UPDATED, {
      uri: 'x://c',
      _meta: { 'io.modelcontextprotocol/subscriptionId': 'other' },
    })
    await flush()
    const state = (key: readonly unknown[]) => client.queryClient.getQueryState(key)?.isInvalidated
    expect(state(resourceKeys.read('s', client.partition, 'x://a'))).toBe(true)
    expect(state(resourceKeys.list('s', client.partition))).toBe(true)
    expect(seen).toEqual([{ type: 'updated', uri: 'x://b' }])
  })
})
