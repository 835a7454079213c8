// SourcesTracker over the fake client: how often the background walk asks the server.
import { focusManager } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createFakeClient, makeResources, readySnapshot } from '../../__tests__/fakeClient.ts'
import { SourcesTracker } from '../sourcesTracker.ts'

/** The first server's resource counts that listeners saw, each change once. */
function lengthsSeen(tracker: SourcesTracker): number[] {
  const seen: number[] = []
  tracker.subscribe(() => {
    const length = tracker.getSnapshot()[0]?.resources.length ?? 0
    if (seen.at(-1) !== length) seen.push(length)
  })
  return seen
}

describe('SourcesTracker background walk', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    focusManager.setFocused(undefined)
    vi.useRealTimers()
  })

  it('asks each cursor once when the pages go stale before the walk ends', async () => {
    // 12 pages, one per idle period of 100 ms: the walk takes 1.1 s, each page lives 50 ms.
    const pages = Array.from({ length: 12 }, (_, i) => makeResources(10, `x://p${i}/`))
    const client = createFakeClient([{ snapshot: readySnapshot('s'), pages, ttlMs: 50 }])
    const whenIdle = () => new Promise<void>((resolve) => setTimeout(resolve, 100))
    // Mounted as the provider mounts it: the cache hears focus and online events.
    client.queryClient.mount()
    const tracker = new SourcesTracker(client, { whenIdle })
    tracker.setServers(client.getServers())
    for (let step = 0; step < 8; step++) {
      await vi.advanceTimersByTimeAsync(170)
      // What happens to a long walk in a browser: the user comes back to the tab, and the
      // server's snapshot is replaced (a status update); neither makes a page stale-er.
      focusManager.setFocused(false)
      focusManager.setFocused(true)
      client.setServer('s', { snapshot: { ...readySnapshot('s') } })
      tracker.setServers(client.getServers())
    }
    await vi.advanceTimersByTimeAsync(1000)

    expect(tracker.getSnapshot()[0]).toMatchObject({ status: 'ready', hasMore: false })
    expect(tracker.getSnapshot()[0]!.resources).toHaveLength(120)
    const perCursor = new Map<string, number>()
    for (const { cursor } of client.calls.list) {
      const key = cursor ?? 'first'
      perCursor.set(key, (perCursor.get(key) ?? 0) + 1)
    }
    const once = ['first', ...Array.from({ length: 11 }, (_, i) => String(i + 1))].map((c) => [
      c,
      1,
    ])
    expect([...perCursor]).toEqual(once)
    tracker.destroy()
    client.queryClient.unmount()
  })
})

describe('SourcesTracker pacing', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('asks for up to ten pages per idle period after the first', async () => {
    const pages = Array.from({ length: 30 }, (_, i) => makeResources(2, `x://p${i}/`))
    const client = createFakeClient([{ snapshot: readySnapshot('s'), pages }])
    const idle: (() => void)[] = []
    const whenIdle = () => new Promise<void>((resolve) => idle.push(resolve))
    const tracker = new SourcesTracker(client, { whenIdle })
    tracker.setServers(client.getServers())
    await vi.advanceTimersByTimeAsync(50)
    expect(client.calls.list).toHaveLength(1)
    for (const resolve of idle.splice(0)) resolve()
    await vi.advanceTimersByTimeAsync(50)
    // One idle period: ten more pages, fetched back to back.
    expect(client.calls.list).toHaveLength(11)
    tracker.destroy()
  })

  it('holds list changes while someone types, and tells them once they pause', async () => {
    const pages = Array.from({ length: 30 }, (_, i) => makeResources(2, `x://p${i}/`))
    const client = createFakeClient([{ snapshot: readySnapshot('s'), pages }])
    const idle: (() => void)[] = []
    let pause = () => {}
    const input = {
      quiet: true,
      settled: () => new Promise<void>((resolve) => (pause = resolve)),
    }
    const tracker = new SourcesTracker(client, {
      whenIdle: () => new Promise<void>((resolve) => idle.push(resolve)),
      publishIntervalMs: 100,
      inputQuiet: input,
    })
    const seen = lengthsSeen(tracker)
    tracker.setServers(client.getServers())
    await vi.advanceTimersByTimeAsync(50)
    expect(seen).toEqual([0, 2])
    // Typing: ten more pages arrive, and stay unpublished past the interval.
    input.quiet = false
    for (const resolve of idle.splice(0)) resolve()
    await vi.advanceTimersByTimeAsync(300)
    expect(client.calls.list).toHaveLength(11)
    expect(seen).toEqual([0, 2])
    input.quiet = true
    pause()
    await vi.advanceTimersByTimeAsync(0)
    expect(seen).toEqual([0, 2, 22])
    tracker.destroy()
  })

  it("tells its listeners at most once per interval while pages arrive, and the walk's end at once", async () => {
    const pages = Array.from({ length: 40 }, (_, i) => makeResources(2, `x://p${i}/`))
    const client = createFakeClient([{ snapshot: readySnapshot('s'), pages }])
    const tracker = new SourcesTracker(client, {
      whenIdle: async () => {},
      publishIntervalMs: 100,
    })
    // Status changes, like templates arriving, are told at once.
    const seen = lengthsSeen(tracker)
    tracker.setServers(client.getServers())
    // Every page arrives within the first interval (the fake client answers at once).
    await vi.advanceTimersByTimeAsync(99)
    expect(client.calls.list).toHaveLength(40)
    // Nothing, the first page, then the walk's end at once: not the 38 pages between.
    expect(seen).toEqual([0, 2, 80])
    await vi.advanceTimersByTimeAsync(200)
    expect(tracker.getSnapshot()[0]).toMatchObject({ status: 'ready', hasMore: false })
    expect(seen).toEqual([0, 2, 80])
    tracker.destroy()
  })

  it('waits longer between publishes the more is loaded, and tells the walk’s end at once', async () => {
    // 100 pages of 1,000, ten per idle period of 200 ms: 10,000 more every 200 ms.
    const pages = Array.from({ length: 100 }, (_, i) => makeResources(1000, `x://p${i}/`))
    const client = createFakeClient([{ snapshot: readySnapshot('s'), pages }])
    const tracker = new SourcesTracker(client, {
      whenIdle: () => new Promise<void>((resolve) => setTimeout(resolve, 200)),
      publishIntervalMs: 100,
    })
    const published: { at: number; length: number }[] = []
    tracker.subscribe(() => {
      const length = tracker.getSnapshot()[0]?.resources.length ?? 0
      // The server's first state (no pages yet) is a status change, told at once.
      if (length > 0 && published.at(-1)?.length !== length)
        published.push({ at: Date.now(), length })
    })
    const started = Date.now()
    tracker.setServers(client.getServers())
    await vi.advanceTimersByTimeAsync(5000)
    expect(tracker.getSnapshot()[0]).toMatchObject({ status: 'ready', hasMore: false })
    const lengths = published.map((p) => p.length)
    expect(lengths.at(-1)).toBe(100_000)
    // The interval grows 1 ms per 10 resources, to 1 s from 10,000: the chunks that arrive
    // meanwhile wait (an interval of 100 ms would publish each of them).
    const times = published.map((p) => p.at - started)
    for (let i = 1; i < published.length - 1; i++) {
      const before = published[i - 1]!
      expect(published[i]!.at - before.at).toBeGreaterThanOrEqual(
        Math.min(1000, Math.max(100, before.length / 10)),
      )
    }
    expect(published.length, `published ${lengths} at ${times}`).toBeLessThan(10)
    // The last page is told at once, not after the interval.
    expect(published.at(-1)!.at - published.at(-2)!.at).toBeLessThan(1000)
    tracker.destroy()
  })
})

describe('SourcesTracker lists', () => {
  it('shows only the new pass of a server removed and added again between updates (already walked)', async () => {
    const client = createFakeClient([
      { snapshot: readySnapshot('s'), pages: [makeResources(2, 'x://old/')] },
    ])
    const tracker = new SourcesTracker(client)
    tracker.setServers(client.getServers())
    await vi.waitFor(() => expect(tracker.getSnapshot()[0]?.resources).toHaveLength(2))
    await client.removeServer('s')
    client.setServer('s', { snapshot: readySnapshot('s'), pages: [makeResources(3, 'x://new/')] })
    // Another consumer walked the new pass already: it has as many pages as the old one.
    await client.resourceList('s').load()
    tracker.setServers(client.getServers())
    await vi.waitFor(() => expect(tracker.getSnapshot()[0]?.resources).toHaveLength(3))
    expect(tracker.getSnapshot()[0]!.resources.every((r) => r.uri.startsWith('x://new/'))).toBe(
      true,
    )
    tracker.destroy()
  })
})

describe('SourcesTracker after the server comes back', () => {
  it('lists again a pass that failed while the connection was going away', async () => {
    let failing = true
    const client = createFakeClient([
      {
        snapshot: readySnapshot('s'),
        pages: [makeResources(2, 'x://s/')],
        failPage: () => (failing ? new Error('Could not connect to x://s') : undefined),
      },
    ])
    const tracker = new SourcesTracker(client)
    tracker.setServers(client.getServers())
    await vi.waitFor(() => expect(tracker.getSnapshot()[0]?.status).toBe('error'))
    // The session goes (a sign-in, a reconnect) and comes back live.
    client.setServer('s', { snapshot: { ...readySnapshot('s'), status: 'connecting' } })
    tracker.setServers(client.getServers())
    failing = false
    client.setServer('s', { snapshot: readySnapshot('s') })
    tracker.setServers(client.getServers())
    await vi.waitFor(() => expect(tracker.getSnapshot()[0]?.status).toBe('ready'))
    expect(tracker.getSnapshot()[0]!.resources).toHaveLength(2)
    tracker.destroy()
  })
})

describe('SourcesTracker at the client page cap', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('walks back past the cap what a revalidation displaced', async () => {
    // Four pages of two, the client's cap four pages: the whole list, nothing more to ask.
    const [a0, a1, a2, a3, a4, a5, a6, a7] = makeResources(8, 'x://a/')
    const pages = [
      [a0!, a1!],
      [a2!, a3!],
      [a4!, a5!],
      [a6!, a7!],
    ]
    const client = createFakeClient([{ snapshot: readySnapshot('s'), pages, maxPages: 4 }])
    const whenIdle = () => new Promise<void>((resolve) => setTimeout(resolve, 10))
    const tracker = new SourcesTracker(client, { whenIdle, publishIntervalMs: 0 })
    tracker.setServers(client.getServers())
    await vi.advanceTimersByTimeAsync(500)
    expect(tracker.getSnapshot()[0]!.resources).toHaveLength(8)

    // A resource inserted first: the last one moves to a fifth page, past the cap.
    const [inserted] = makeResources(1, 'x://0/')
    client.setServer('s', {
      pages: [[inserted!, a0!], [a1!, a2!], [a3!, a4!], [a5!, a6!], [a7!]],
    })
    client.emit('s', { type: 'listChanged' })
    await vi.advanceTimersByTimeAsync(500)

    const uris = tracker.getSnapshot()[0]!.resources.map((resource) => resource.uri)
    expect(uris).toContain(a7!.uri)
    expect(uris).toHaveLength(9)
    expect(tracker.getSnapshot()[0]).toMatchObject({ status: 'ready', hasMore: false })
    tracker.destroy()
  })
})
