import { describe, expect, it } from 'vitest'
import { createFakeClient, makeResources, readySnapshot } from '../../__tests__/fakeClient.ts'
import { completionOptions, minTtl, readOptions, templateListOptions } from '../queryOptions.ts'

const client = () =>
  createFakeClient([
    {
      snapshot: readySnapshot('s1'),
      pages: [makeResources(2), makeResources(1, 'file:///other/')],
      templates: [{ uriTemplate: 'x://{id}', name: 'x' }],
      reads: {
        'x://1': { contents: [{ uri: 'x://1', text: 'one' }], ttlMs: 5000, cacheScope: 'public' },
      },
    },
  ])

/** The first three parts (prefix, server, partition) of every key the factories make for s1. */
const keyPrefixes = (c: ReturnType<typeof client>) =>
  [
    templateListOptions(c, 's1').queryKey,
    readOptions(c, 's1', 'x://1').queryKey,
    completionOptions(c, 's1', { template: 'x://{id}', argument: { name: 'id', value: '' } })
      .queryKey,
  ].map((key) => key.slice(0, 3))

describe('query option factories', () => {
  it('keys every query under the client prefix for the server and partition', () => {
    for (const prefix of keyPrefixes(client())) expect(prefix).toEqual(['mcp', 's1', 'default'])
  })

  it('keys each server under the partition the client names for it (its signed-in account)', () => {
    const c = { ...client(), partitionOf: (id: string) => `default~account-of-${id}` }
    for (const prefix of keyPrefixes(c))
      expect(prefix).toEqual(['mcp', 's1', 'default~account-of-s1'])
  })

  it('reads under the client’s own key, whatever the size limit: one cache entry per read', async () => {
    const c = client()
    const keys = [undefined, 1024, 1_000_000].map((maxBytes) =>
      JSON.stringify(
        readOptions(c, 's1', 'x://1', maxBytes === undefined ? {} : { maxBytes }).queryKey,
      ),
    )
    expect(new Set(keys)).toEqual(
      new Set([JSON.stringify(['mcp', 's1', 'default', 'resources', 'read', 'x://1'])]),
    )
    await c.queryClient.fetchQuery(readOptions(c, 's1', 'x://1'))
    await c.queryClient.fetchQuery(readOptions(c, 's1', 'x://1', { maxBytes: 1024 }))
    expect(c.queryClient.getQueryCache().findAll({ queryKey: ['mcp', 's1'] })).toHaveLength(1)
  })

  it('takes staleness from the server TTL (the shortest page wins)', async () => {
    const c = client()
    const options = readOptions(c, 's1', 'x://1')
    await c.queryClient.fetchQuery(options)
    const query = c.queryClient.getQueryCache().find({ queryKey: options.queryKey })!
    const staleTime = options.staleTime as unknown as (q: typeof query) => number
    expect(staleTime(query)).toBe(5000)
    expect(
      minTtl([
        { ttlMs: 300, cacheScope: 'public' },
        { ttlMs: 100, cacheScope: 'private' },
      ]),
    ).toBe(100)
    expect(minTtl([])).toBe(0)
  })

  it('walks templates and reports whether the walk completed', async () => {
    const c = client()
    const list = await c.queryClient.fetchQuery(templateListOptions(c, 's1'))
    expect(list).toMatchObject({ items: [{ name: 'x' }], complete: true, ttlMs: 60_000 })
  })

  it('sends other variables as context and omits an empty context', async () => {
    const c = client()
    await c.queryClient.fetchQuery(
      completionOptions(c, 's1', {
        template: 't',
        argument: { name: 'a', value: 'x' },
        context: { b: '1' },
      }),
    )
    await c.queryClient.fetchQuery(
      completionOptions(c, 's1', { template: 't', argument: { name: 'a', value: 'y' } }),
    )
    expect(c.calls.complete.map(({ signal: _, ...rest }) => rest)).toEqual([
      { template: 't', argument: { name: 'a', value: 'x' }, context: { b: '1' } },
      { template: 't', argument: { name: 'a', value: 'y' } },
    ])
  })
})
