import {
  createFixtureServer,
  createLegacyFixture,
  type FixtureServer,
  INPUT_URIS,
} from '@resource-kit/test-utils'
import { QueryClient } from '@tanstack/query-core'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createResourceClient } from '../createResourceClient.ts'
import type { ResourceClient, ResourceClientOptions } from '../resourceClient.ts'

// Only the clock is fake: the in-memory transport and the SDK keep their real timers.
const advance = (ms: number) => vi.setSystemTime(Date.now() + ms)

describe('the cache of record', () => {
  let fixture: FixtureServer
  const clients: ResourceClient[] = []

  async function connect(options: ResourceClientOptions = {}) {
    const client = createResourceClient(options)
    clients.push(client)
    client.addServer('f', { transport: () => fixture.inMemoryTransport() })
    await client.ready('f')
    return client
  }

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] })
  })
  afterEach(async () => {
    vi.useRealTimers()
    await Promise.all(clients.splice(0).map((client) => client.close()))
    await fixture.close()
  })

  it('serves a second read within the TTL with no wire call, and refetches after it', async () => {
    fixture = createFixtureServer({ ttlMs: 60_000 })
    const client = await connect()
    await client.read('f', 'fixture://r/01')
    await client.read('f', 'fixture://r/01')
    expect(fixture.calls('resources/read')).toBe(1)
    advance(59_000)
    await client.read('f', 'fixture://r/01')
    expect(fixture.calls('resources/read')).toBe(1)
    advance(2_000)
    fixture.setText('fixture://r/01', 'changed')
    const fresh = await client.read('f', 'fixture://r/01')
    expect(fixture.calls('resources/read')).toBe(2)
    expect(fresh.contents[0]).toMatchObject({ text: 'changed' })
  })

  it('caches each list page on its own clock', async () => {
    fixture = createFixtureServer({ ttlMs: 60_000, resourceCount: 12, pageSize: 5 })
    const client = await connect()
    await client.walkResources('f')
    await client.walkResources('f')
    expect(fixture.calls('resources/list')).toBe(3)
    advance(61_000)
    await client.listResources('f')
    expect(fixture.calls('resources/list')).toBe(4)
  })

  it('refetches on every use when ttlMs is 0', async () => {
    fixture = createFixtureServer({ ttlMs: 0 })
    const client = await connect()
    await client.read('f', 'fixture://r/01')
    await client.read('f', 'fixture://r/01')
    await client.listResources('f')
    await client.listResources('f')
    expect(fixture.calls('resources/read')).toBe(2)
    expect(fixture.calls('resources/list')).toBe(2)
  })

  it('deduplicates requests in flight', async () => {
    fixture = createFixtureServer({ ttlMs: 0 })
    const client = await connect()
    const [a, b] = await Promise.all([
      client.read('f', 'fixture://r/02'),
      client.read('f', 'fixture://r/02'),
    ])
    expect(a).toBe(b)
    expect(fixture.calls('resources/read')).toBe(1)
  })

  it('never serves a private entry to another partition sharing the QueryClient', async () => {
    fixture = createFixtureServer({ ttlMs: 60_000, cacheScope: 'private' })
    const queryClient = new QueryClient()
    const alice = await connect({ queryClient, partition: 'alice' })
    const bob = await connect({ queryClient, partition: 'bob' })
    await alice.read('f', 'fixture://r/01')
    await alice.read('f', 'fixture://r/01')
    expect(fixture.calls('resources/read')).toBe(1)
    await bob.read('f', 'fixture://r/01')
    expect(fixture.calls('resources/read')).toBe(2)
    await bob.listResources('f')
    await alice.listResources('f')
    expect(fixture.calls('resources/list')).toBe(2)
  })

  it('makes list_changed and updated(uri) invalidations refetch', async () => {
    fixture = createFixtureServer({ ttlMs: 60_000 })
    const client = await connect()
    await client.listResources('f')
    await client.listTemplates('f')
    await client.read('f', 'fixture://dir/')
    await client.read('f', 'fixture://r/01')
    await client.invalidateLists('f')
    await client.listResources('f')
    await client.listTemplates('f')
    expect(fixture.calls('resources/list')).toBe(2)
    expect(fixture.calls('resources/templates/list')).toBe(2)
    await client.invalidateRead('f', 'fixture://dir/')
    await client.read('f', 'fixture://r/01') // another URI: still fresh
    await client.read('f', 'fixture://dir/')
    expect(fixture.calls('resources/read')).toBe(3)
  })

  it('does not cache results reached through input rounds', async () => {
    fixture = createFixtureServer({ ttlMs: 60_000 })
    const inputHandler = vi.fn(async () => ({ action: 'accept' as const, content: { ok: true } }))
    const client = await connect({ inputHandler })
    const first = await client.read('f', INPUT_URIS.confirm)
    expect(first.contents[0]).toMatchObject({ text: 'confirmed' })
    await client.read('f', INPUT_URIS.confirm)
    expect(inputHandler).toHaveBeenCalledTimes(2)
    expect(fixture.calls('resources/read')).toBe(4) // two rounds per read
  })

  it('uses the configured default TTL for 2025 servers, which send no ttlMs (0 unless set)', async () => {
    fixture = createFixtureServer()
    const legacy = createLegacyFixture()
    const plain = createResourceClient()
    const patient = createResourceClient({ defaultTtlMs: 30_000 })
    clients.push(plain, patient)
    plain.addServer('old', { transport: () => legacy.inMemoryTransport() })
    patient.addServer('old', { transport: () => legacy.inMemoryTransport() })
    await plain.read('old', 'fixture://r/01')
    await plain.read('old', 'fixture://r/01')
    expect(legacy.calls('resources/read')).toBe(2)
    const read = await patient.read('old', 'fixture://r/01')
    expect(read).toMatchObject({ ttlMs: 30_000, cacheScope: 'private' })
    await patient.read('old', 'fixture://r/01')
    expect(legacy.calls('resources/read')).toBe(3)
    await legacy.close()
  })
})
