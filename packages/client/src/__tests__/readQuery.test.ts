// One cache entry per read: `client.readQuery` is the query `client.read` fills, under the
// client's own key, so an observer (React Query's useQuery is one) and the client's own reads
// share one entry and one request, and an invalidation reaches both.
import { QueryObserver } from '@tanstack/query-core'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createResourceClient } from '../createResourceClient.ts'
import { ResourceTooLargeError } from '../errors.ts'
import type { ResourceClient } from '../resourceClient.ts'
import { resourceKeys } from '../resourceKeys.ts'
import type { ReadResult } from '../types.ts'
import { FakeSession } from './subscriptionsFakes.ts'

const clients: ResourceClient[] = []
beforeEach(() => vi.useFakeTimers())
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()))
  vi.useRealTimers()
})

function serve() {
  const state = { version: 1 }
  const session = new FakeSession('modern')
  session.answer = (method) =>
    method === 'resources/read'
      ? { contents: [{ uri: 'x://a', text: `v${state.version}` }], ttlMs: 60_000 }
      : {}
  const client = createResourceClient()
  clients.push(client)
  client.addServer('s', { connect: async () => session })
  const reads = () => session.requests.filter((r) => r.method === 'resources/read').length
  const entries = () =>
    client.queryClient.getQueryCache().findAll({ queryKey: resourceKeys.reads('s', 'default') })
      .length
  return { client, state, reads, entries }
}

const textOf = (result: ReadResult | undefined) => {
  const [content] = result?.contents ?? []
  return content && 'text' in content ? content.text : undefined
}

describe('client.readQuery', () => {
  it('is the entry client.read fills: an observer and a read are one entry and one request', async () => {
    const { client, reads, entries } = serve()
    const options = client.readQuery('s', 'x://a')
    expect(options.queryKey).toEqual(resourceKeys.read('s', client.partition, 'x://a'))
    const observer = new QueryObserver(client.queryClient, options)
    const off = observer.subscribe(() => {})
    await vi.advanceTimersByTimeAsync(0)
    expect(textOf(observer.getCurrentResult().data)).toBe('v1')
    expect(textOf(await client.read('s', 'x://a'))).toBe('v1')
    expect(reads()).toBe(1)
    expect(entries()).toBe(1)
    off()
  })

  it('refetches for its observer when the read is invalidated, and client.read takes the new answer', async () => {
    const { client, state, reads } = serve()
    const observer = new QueryObserver(client.queryClient, client.readQuery('s', 'x://a'))
    const off = observer.subscribe(() => {})
    await vi.advanceTimersByTimeAsync(0)
    state.version = 2
    await client.invalidateRead('s', 'x://a')
    await vi.advanceTimersByTimeAsync(0)
    expect(textOf(observer.getCurrentResult().data)).toBe('v2')
    expect(textOf(await client.read('s', 'x://a'))).toBe('v2')
    expect(reads()).toBe(2)
    off()
  })

  it('refuses contents over maxBytes per use, keeping the one entry for other limits', async () => {
    const { client, entries } = serve()
    const small = new QueryObserver(
      client.queryClient,
      client.readQuery('s', 'x://a', { maxBytes: 1 }),
    )
    const large = new QueryObserver(
      client.queryClient,
      client.readQuery('s', 'x://a', { maxBytes: 100 }),
    )
    const offs = [small.subscribe(() => {}), large.subscribe(() => {})]
    await vi.advanceTimersByTimeAsync(0)
    expect(small.getCurrentResult().error).toBeInstanceOf(ResourceTooLargeError)
    expect(textOf(large.getCurrentResult().data)).toBe('v1')
    expect(entries()).toBe(1)
    for (const off of offs) off()
  })
})
