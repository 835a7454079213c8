// A list_changed from the real demo server over Streamable HTTP (the live file appears, then
// goes): the client's list pass is walked again from page 1, and what did not change reaches
// its consumers as the very objects they already had. The demo's timer is injected, so the
// test toggles the file when it wants.
import {
  createResourceClient,
  type Resource,
  type ResourceListSnapshot,
} from '@resource-kit/client'
import { type DemoHttpServer, startDemoHttpServer } from '@resource-kit/demo-server/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const FILE_INTERVAL_MS = 1234
const WAIT = { timeout: 20_000, interval: 20 }

describe('a revalidation against the demo server', () => {
  let server: DemoHttpServer
  let toggleLiveFile: () => void = () => {
    throw new Error('the demo did not start its live-file timer')
  }
  const client = createResourceClient()

  beforeAll(async () => {
    server = await startDemoHttpServer({
      port: 0,
      count: 300,
      pageSize: 25,
      fileIntervalMs: FILE_INTERVAL_MS,
      clock: {
        setInterval: (callback, ms) => {
          if (ms === FILE_INTERVAL_MS) toggleLiveFile = callback
          return 0
        },
        clearInterval: () => {},
      },
    })
    client.addServer('demo', { url: server.url })
    await client.ready('demo')
  })
  afterAll(async () => {
    await client.close()
    await server?.close()
  })

  it('keeps every unchanged resource object across list_changed, and gives the others new ones', async () => {
    const liveUri = server.handler.demo.catalog.content.workspace.liveFile.uri
    const list = client.resourceList('demo')
    const off = list.subscribe(() => {})
    const watch = client.watch('demo', { listChanged: true })
    try {
      await expect.poll(() => watch.getSnapshot().status, WAIT).toBe('live')
      const first = await list.load()
      expect(first).toMatchObject({ complete: true, revalidating: false })
      expect(first.pages.length).toBeGreaterThan(10)

      /** After the next list_changed: the pass that replaced the pages, walked to its end. */
      const revalidated = async (
        before: ResourceListSnapshot,
        listed: boolean,
      ): Promise<ResourceListSnapshot> => {
        toggleLiveFile()
        await expect
          .poll(() => {
            const snapshot = list.getSnapshot()
            return !snapshot.revalidating && snapshot.generation !== before.generation
          }, WAIT)
          .toBe(true)
        // Caught up with the shown pages, the new pass replaced them; a longer list goes on
        // when a consumer loads (the picker does).
        const after = await list.load()
        expect(after.complete).toBe(true)
        expect(after.pages.some((page) => page.some((r) => r.uri === liveUri))).toBe(listed)
        return after
      }
      const expectShared = (before: ResourceListSnapshot, after: ResourceListSnapshot) => {
        const previous = new Map(before.pages.flat().map((r): [string, Resource] => [r.uri, r]))
        let kept = 0
        for (const resource of after.pages.flat()) {
          const old = previous.get(resource.uri)
          const same = old !== undefined && JSON.stringify(old) === JSON.stringify(resource)
          // Unchanged: the very object; changed or new: not one the consumers had.
          if (same) expect(resource).toBe(old)
          else expect(before.pages.flat()).not.toContain(resource)
          if (resource === old) kept += 1
        }
        return kept
      }

      const appeared = await revalidated(first, true)
      expect(appeared.generation).toBe(first.generation + 1)
      expect(appeared.loaded).toBe(first.loaded + 1)
      // The live file is new; its folder may describe it; every other resource is kept.
      expect(expectShared(first, appeared)).toBeGreaterThanOrEqual(first.loaded - 1)

      const went = await revalidated(appeared, false)
      expect(went.loaded).toBe(first.loaded)
      expect(expectShared(appeared, went)).toBeGreaterThanOrEqual(first.loaded - 1)
    } finally {
      off()
      await watch.close()
    }
  })
})
