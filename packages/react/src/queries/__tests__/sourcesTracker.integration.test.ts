// SourcesTracker with the real client against real MCP fixture servers (in-process).
import { createResourceClient, type ResourceClient } from '@resource-kit/client'
import { createFixtureServer, type FixtureServer } from '@resource-kit/test-utils'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { PickerSource } from '../../shared/sourceTypes.ts'
import { SourcesTracker } from '../sourcesTracker.ts'

function until(tracker: SourcesTracker, predicate: (sources: readonly PickerSource[]) => boolean) {
  return new Promise<readonly PickerSource[]>((resolve) => {
    const check = () => {
      const sources = tracker.getSnapshot()
      if (!predicate(sources)) return false
      off()
      resolve(sources)
      return true
    }
    const off = tracker.subscribe(check)
    check()
  })
}

describe('SourcesTracker with the real client', () => {
  const fixtures: FixtureServer[] = []
  const clients: ResourceClient[] = []
  const trackers: SourcesTracker[] = []

  afterEach(async () => {
    for (const t of trackers.splice(0)) t.destroy()
    await Promise.all(clients.splice(0).map((c) => c.close()))
    await Promise.all(fixtures.splice(0).map((f) => f.close()))
  })

  function setup() {
    const fixture = createFixtureServer({ resourceCount: 12, pageSize: 5, ttlMs: 60_000 })
    fixtures.push(fixture)
    const client = createResourceClient()
    clients.push(client)
    const tracker = new SourcesTracker(client, { batchSize: 6 })
    trackers.push(tracker)
    client.subscribe(() => tracker.setServers(client.getServers()))
    return { fixture, client, tracker }
  }

  it('pages up to the batch, loads more on request, and keeps a failing server apart', async () => {
    const { fixture, client, tracker } = setup()
    client.addServer('good', { transport: () => fixture.inMemoryTransport() })
    client.addServer('bad', { url: 'http://127.0.0.1:9/mcp' })
    tracker.setServers(client.getServers())

    const loaded = await until(tracker, (s) => {
      const good = s.find((x) => x.serverId === 'good')
      const bad = s.find((x) => x.serverId === 'bad')
      return good?.status === 'ready' && good.loadingMore === false && bad?.status === 'error'
    })
    const good = loaded.find((s) => s.serverId === 'good')!
    expect(good.resources).toHaveLength(10)
    expect(good.hasMore).toBe(true)
    expect(good.templates?.length).toBeGreaterThan(0)
    expect(loaded.find((s) => s.serverId === 'bad')?.error?.message).toBeTruthy()

    good.loadMore!()
    const all = await until(tracker, (s) => s[0]?.resources.length === 15 && s[0].hasMore === false)
    expect(all[0]!.resources.map((r) => r.uri)).toContain('fixture://dir/')
    expect(all[1]?.status).toBe('error')
  })

  it('refetches the list after list_changed from the server', async () => {
    const { fixture, client, tracker } = setup()
    client.addServer('good', { transport: () => fixture.inMemoryTransport() })
    tracker.setServers(client.getServers())
    await until(tracker, (s) => s[0]?.status === 'ready' && s[0].loadingMore === false)
    tracker.getSnapshot()[0]!.loadMore!()
    await until(tracker, (s) => s[0]?.resources.length === 15)
    fixture.addResource({ uri: 'fixture://new', name: 'new.txt', mimeType: 'text/plain' })
    const after = await until(
      tracker,
      (s) => s[0]?.resources.some((r) => r.uri === 'fixture://new') === true,
    )
    expect(after[0]!.status).toBe('ready')
  })

  it('reports updated(uri) for the followed resources only, until they are unfollowed', async () => {
    const { fixture, client, tracker } = setup()
    client.addServer('good', { transport: () => fixture.inMemoryTransport() })
    tracker.setServers(client.getServers())
    await until(tracker, (s) => s[0]?.status === 'ready')
    const heard: string[] = []
    tracker.onResourceUpdated((serverId, uri) => heard.push(`${serverId} ${uri}`))
    tracker.watchResources([{ serverId: 'good', uri: 'fixture://r/01' }])
    // The watch is live once the server has acknowledged the new filter.
    await vi.waitFor(() => {
      fixture.notifyUpdated('fixture://r/01')
      expect(heard).toContain('good fixture://r/01')
    })
    fixture.notifyUpdated('fixture://r/02')
    fixture.notifyUpdated('fixture://r/01')
    await vi.waitFor(() =>
      expect(heard.filter((h) => h.endsWith('r/01')).length).toBeGreaterThan(1),
    )
    expect(heard).not.toContain('good fixture://r/02')

    // Unfollowed: the watch stops delivering it at once (even before the stream is retargeted).
    tracker.watchResources([])
    const before = heard.length
    fixture.notifyUpdated('fixture://r/01')
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(heard).toHaveLength(before)
  })
})
