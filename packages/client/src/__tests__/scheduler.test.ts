// One injected scheduler drives every timing of a client: coalescing windows, re-listen
// backoff, list staleness and the idle pacing of a revalidation. The global timers are
// frozen (fake, never advanced) here, so whatever still waits on them never runs.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createResourceClient } from '../createResourceClient.ts'
import type { ResourceClient, ResourceClientOptions } from '../resourceClient.ts'
import { resourceKeys } from '../resourceKeys.ts'
import type { Scheduler } from '../scheduler.ts'
import { FakeSession } from './subscriptionsFakes.ts'

/** A clock that moves only when the test says, with an idle wait the test releases. */
class ManualScheduler implements Scheduler {
  time = 1_000_000
  idleWaits = 0
  readonly #timers = new Map<number, { at: number; run: () => void }>()
  #next = 1
  #idle: (() => void)[] = []

  setTimeout(run: () => void, ms: number): unknown {
    const id = this.#next++
    this.#timers.set(id, { at: this.time + ms, run })
    return id
  }

  clearTimeout(handle: unknown): void {
    this.#timers.delete(handle as number)
  }

  now(): number {
    return this.time
  }

  idle(signal: AbortSignal): Promise<void> {
    this.idleWaits++
    return new Promise((resolve, reject) => {
      this.#idle.push(resolve)
      signal.addEventListener('abort', () => reject(signal.reason), { once: true })
    })
  }

  /** Ends every idle wait so far. */
  releaseIdle(): void {
    for (const resolve of this.#idle.splice(0)) resolve()
  }

  /** Moves the clock by `ms`, running each timer due on the way (and the promises it starts). */
  async advance(ms: number): Promise<void> {
    const until = this.time + ms
    for (;;) {
      const due = [...this.#timers]
        .filter(([, t]) => t.at <= until)
        .sort((a, b) => a[1].at - b[1].at)
      const [first] = due
      if (!first) break
      this.#timers.delete(first[0])
      this.time = first[1].at
      first[1].run()
      await settle()
    }
    this.time = until
    await settle()
  }
}

/** Lets promises run; the frozen global clock does not move. */
async function settle(rounds = 10) {
  for (let i = 0; i < rounds; i++) await vi.advanceTimersByTimeAsync(0)
}

const clients: ResourceClient[] = []
beforeEach(() => vi.useFakeTimers())
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()))
  vi.useRealTimers()
})

function connect(sessions: FakeSession[], options: ResourceClientOptions) {
  const client = createResourceClient(options)
  clients.push(client)
  let index = 0
  client.addServer('s', {
    connect: async () => sessions[Math.min(index++, sessions.length - 1)] as FakeSession,
  })
  return client
}

/** A session listing `pages` pages of one resource each, fresh for `ttlMs`. */
function listing(era: 'modern' | 'legacy', pages: number, ttlMs = 60_000) {
  const session = new FakeSession(era)
  let reads = 0
  session.answer = (method, params) => {
    // Each read says something new (an equal answer keeps the cached object, and its age).
    if (method === 'resources/read') {
      reads++
      return { contents: [{ uri: String(params.uri), text: `read ${reads}` }], ttlMs }
    }
    if (method !== 'resources/list') return {}
    const at = Number(params.cursor ?? 0)
    return {
      resources: [{ uri: `r://${at}`, name: `r${at}` }],
      ...(at + 1 < pages && { nextCursor: String(at + 1) }),
      ttlMs,
    }
  }
  return session
}

describe('one injected scheduler', () => {
  it('is the client’s, for the React package to pace on too', () => {
    const scheduler = new ManualScheduler()
    const client = connect([listing('modern', 1)], { scheduler })
    expect(client.scheduler).toBe(scheduler)
  })

  it('times the notification coalescer: the trailing run comes when its clock says', async () => {
    const scheduler = new ManualScheduler()
    const session = listing('legacy', 1)
    const client = connect([session], { scheduler })
    const key = resourceKeys.read('s', client.partition, 'x://a')
    const invalidated = () => client.queryClient.getQueryState(key)?.isInvalidated
    await client.read('s', 'x://a')
    for (let i = 0; i < 100; i++) {
      session.notify('notifications/resources/updated', { uri: 'x://a' })
    }
    await settle()
    // The first at once; read again, the rest wait for the window's end on the scheduler.
    expect(invalidated()).toBe(true)
    await client.read('s', 'x://a')
    expect(invalidated()).toBe(false)
    await scheduler.advance(249)
    expect(invalidated()).toBe(false)
    await scheduler.advance(1)
    expect(invalidated()).toBe(true)
  })

  it('times the re-listen backoff after a dropped stream', async () => {
    const scheduler = new ManualScheduler()
    const first = listing('modern', 1)
    const second = listing('modern', 1)
    const client = connect([first, second], { scheduler })
    const watch = client.watch('s', { uris: ['x://a'] })
    await settle()
    expect(watch.getSnapshot().status).toBe('live')
    first.drop()
    await settle()
    expect(watch.getSnapshot().status).toBe('reconnecting')
    // Backoff: 500 ms less up to 30 % jitter, on the scheduler's clock.
    await scheduler.advance(500)
    await settle()
    expect(second.listens).toHaveLength(1)
    expect(watch.getSnapshot().status).toBe('live')
  })

  it('reads list staleness on its clock', async () => {
    const scheduler = new ManualScheduler()
    const session = listing('modern', 2, 60_000)
    const client = connect([session], { scheduler })
    const list = client.resourceList('s')
    await list.load()
    expect(list.getSnapshot().staleAt).toBe(scheduler.time + 60_000)
    await scheduler.advance(60_000)
    const off = list.subscribe(() => {})
    // A consumer arriving at the list stale by the scheduler's clock walks it again.
    expect(list.getSnapshot().revalidating).toBe(true)
    off()
  })

  it('paces a revalidation on its idle wait, page by page after the first', async () => {
    const scheduler = new ManualScheduler()
    const session = listing('modern', 3)
    const client = connect([session], { scheduler })
    const list = client.resourceList('s')
    await list.load()
    const listed = () => session.requests.filter((r) => r.method === 'resources/list').length
    expect(listed()).toBe(3)
    const off = list.subscribe(() => {})
    // list_changed: walked again from page 1, none of the pages taken from the cache.
    await client.invalidateLists('s')
    await settle()
    expect(listed()).toBe(4)
    expect(scheduler.idleWaits).toBe(1)
    scheduler.releaseIdle()
    await settle()
    expect(listed()).toBe(5)
    scheduler.releaseIdle()
    await settle()
    expect(listed()).toBe(6)
    expect(list.getSnapshot().revalidating).toBe(false)
    off()
  })
})
