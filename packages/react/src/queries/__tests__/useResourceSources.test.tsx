import { act, render, renderHook, waitFor } from '@testing-library/react'
import { type ReactNode, StrictMode } from 'react'
import { describe, expect, it } from 'vitest'
import {
  createFakeClient,
  type FakeClient,
  makeResources,
  readySnapshot,
} from '../../__tests__/fakeClient.ts'
import { ResourceKitProvider } from '../ResourceKitProvider.tsx'
import { useResourceSources } from '../useResourceSources.ts'
import { useServerStatus, useServers } from '../useServers.ts'

function wrapper(client: FakeClient) {
  return ({ children }: { children: ReactNode }) => (
    <StrictMode>
      <ResourceKitProvider client={client}>{children}</ResourceKitProvider>
    </StrictMode>
  )
}

describe('useServers / useServerStatus', () => {
  it('follow the client status snapshots', async () => {
    const client = createFakeClient([{ snapshot: { id: 'a', status: 'connecting' }, pages: [] }])
    const { result } = renderHook(() => ({ all: useServers(), a: useServerStatus('a') }), {
      wrapper: wrapper(client),
    })
    expect(result.current.a?.status).toBe('connecting')
    act(() => client.setServer('a', { snapshot: readySnapshot('a') }))
    expect(result.current.a?.status).toBe('ready')
    expect(result.current.all.map((s) => s.id)).toEqual(['a'])
  })
})

describe('ResourceKitProvider', () => {
  it('refuses a QueryClient other than the one the client caches in', () => {
    const client = createFakeClient()
    const other = createFakeClient().queryClient
    expect(() =>
      renderHook(() => null, {
        wrapper: ({ children }) => (
          <ResourceKitProvider client={client} queryClient={other}>
            {children}
          </ResourceKitProvider>
        ),
      }),
    ).toThrow(/one cache/)
  })
})

describe('useResourceSources', () => {
  it('gives each server its own status, and a failing server never empties the others', async () => {
    const failing = new Error('boom')
    const client = createFakeClient([
      { snapshot: readySnapshot('good', 'Good'), pages: [makeResources(3)] },
      { snapshot: readySnapshot('bad'), pages: [[]], failPage: () => failing },
      { snapshot: { id: 'down', status: 'error', error: new Error('refused') }, pages: [] },
      { snapshot: { id: 'wait', status: 'connecting' }, pages: [] },
    ])
    const { result } = renderHook(() => useResourceSources(), { wrapper: wrapper(client) })
    await waitFor(() =>
      expect(result.current.find((s) => s.serverId === 'bad')?.status).toBe('error'),
    )
    const by = Object.fromEntries(result.current.map((s) => [s.serverId, s]))
    expect(by.good).toMatchObject({ status: 'ready', serverName: 'Good' })
    expect(by.good!.resources).toHaveLength(3)
    expect(by.bad!.error).toBe(failing)
    expect(by.down).toMatchObject({ status: 'error' })
    // The server failed (its rows are marked as not live); a list that failed on a live one did not.
    expect(by.down!.serverDown).toBe(true)
    expect(by.bad!.serverDown).toBeUndefined()
    expect(by.wait).toMatchObject({ status: 'connecting' })
    by.down!.retry!()
    expect(client.calls.reconnect).toEqual(['down'])
  })

  it('loads pages up to the batch size, then offers load-more', async () => {
    const client = createFakeClient([
      {
        snapshot: readySnapshot('s'),
        pages: [makeResources(2), makeResources(2, 'x://b/'), makeResources(2, 'x://c/')],
      },
    ])
    const { result } = renderHook(() => useResourceSources({ batchSize: 3 }), {
      wrapper: wrapper(client),
    })
    await waitFor(() => expect(result.current[0]?.resources).toHaveLength(4))
    expect(result.current[0]).toMatchObject({ status: 'ready', hasMore: true })
    act(() => result.current[0]!.loadMore!())
    await waitFor(() => expect(result.current[0]?.resources).toHaveLength(6))
    expect(result.current[0]?.hasMore).toBe(false)
  })

  it('applies a batch size changed after mount: a larger batch walks on', async () => {
    const client = createFakeClient([
      {
        snapshot: readySnapshot('s'),
        pages: [makeResources(2), makeResources(2, 'x://b/'), makeResources(2, 'x://c/')],
      },
    ])
    const { result, rerender } = renderHook(
      ({ batchSize }: { batchSize: number }) => useResourceSources({ batchSize }),
      { wrapper: wrapper(client), initialProps: { batchSize: 3 } },
    )
    await waitFor(() => expect(result.current[0]?.resources).toHaveLength(4))
    expect(result.current[0]?.hasMore).toBe(true)
    // Was ignored: the tracker kept the options it was made with.
    rerender({ batchSize: 10 })
    await waitFor(() => expect(result.current[0]?.resources).toHaveLength(6))
    expect(result.current[0]?.hasMore).toBe(false)
  })

  it('walks on in the background past 5,000 resources, up to the page cap of a batch', async () => {
    const pages = Array.from({ length: 6 }, (_, i) => makeResources(1500, `x://p${i}/`))
    const client = createFakeClient([{ snapshot: readySnapshot('s'), pages }])
    const { result } = renderHook(() => useResourceSources(), { wrapper: wrapper(client) })
    await waitFor(() => expect(result.current[0]?.resources).toHaveLength(9000))
    expect(result.current[0]?.hasMore).toBe(false)

    const capped = createFakeClient([{ snapshot: readySnapshot('s'), pages }])
    const walk = renderHook(() => useResourceSources({ maxPages: 4 }), {
      wrapper: wrapper(capped),
    })
    await waitFor(() => expect(walk.result.current[0]?.resources).toHaveLength(6000))
    expect(walk.result.current[0]).toMatchObject({ hasMore: true })
    act(() => walk.result.current[0]!.loadMore!())
    await waitFor(() => expect(walk.result.current[0]?.resources).toHaveLength(9000))
  })

  it('asks for each next page only when the page is idle', async () => {
    const idle: (() => void)[] = []
    const whenIdle = () => new Promise<void>((resolve) => idle.push(resolve))
    const client = createFakeClient([
      { snapshot: readySnapshot('s'), pages: [makeResources(2), makeResources(2, 'x://b/')] },
    ])
    const { result } = renderHook(() => useResourceSources({ whenIdle }), {
      wrapper: wrapper(client),
    })
    await waitFor(() => expect(result.current[0]?.resources).toHaveLength(2))
    await waitFor(() => expect(idle.length).toBeGreaterThan(0))
    await new Promise((resolve) => setTimeout(resolve, 20))
    // Busy: the second page has not been asked for.
    expect(client.calls.list.map((c) => c.cursor)).toEqual([undefined])
    act(() => {
      for (const resolve of idle.splice(0)) resolve()
    })
    await waitFor(() => expect(result.current[0]?.resources).toHaveLength(4))
    expect(client.calls.list.map((c) => c.cursor)).toEqual([undefined, '1'])
  })

  it('keeps loaded items and offers retry when a later page fails', async () => {
    let fail = true
    const client = createFakeClient([
      {
        snapshot: readySnapshot('s'),
        pages: [makeResources(2), makeResources(2, 'x://b/')],
        failPage: (i) => (i === 1 && fail ? new Error('page 2 failed') : undefined),
      },
    ])
    const { result } = renderHook(() => useResourceSources(), { wrapper: wrapper(client) })
    await waitFor(() => expect(result.current[0]?.status).toBe('error'))
    expect(result.current[0]?.resources).toHaveLength(2)
    fail = false
    act(() => result.current[0]!.retry!())
    await waitFor(() => expect(result.current[0]?.resources).toHaveLength(4))
    expect(result.current[0]?.status).toBe('ready')
  })

  it('shows a server that stopped answering as reconnecting, its rows kept as last known', async () => {
    const client = createFakeClient([{ snapshot: readySnapshot('s'), pages: [makeResources(3)] }])
    const { result } = renderHook(() => useResourceSources(), { wrapper: wrapper(client) })
    await waitFor(() => expect(result.current[0]?.status).toBe('ready'))
    const dropped = new Error('fetch failed')
    act(() =>
      client.setServer('s', {
        snapshot: { ...readySnapshot('s'), status: 'reconnecting', error: dropped },
      }),
    )
    // Was 'ready' with its count, as if nothing happened.
    await waitFor(() => expect(result.current[0]?.status).toBe('reconnecting'))
    expect(result.current[0]?.resources).toHaveLength(3)
    expect(result.current[0]?.error).toBe(dropped)
    act(() => client.setServer('s', { snapshot: readySnapshot('s') }))
    await waitFor(() => expect(result.current[0]?.status).toBe('ready'))
  })

  it('shows a server nothing answers as offline (rows last known), with a Retry that reconnects', async () => {
    const client = createFakeClient([{ snapshot: readySnapshot('s'), pages: [makeResources(3)] }])
    const { result } = renderHook(() => useResourceSources(), { wrapper: wrapper(client) })
    await waitFor(() => expect(result.current[0]?.status).toBe('ready'))
    const refused = new Error('fetch failed')
    act(() =>
      client.setServer('s', {
        snapshot: { ...readySnapshot('s'), status: 'offline', error: refused },
      }),
    )
    // Was 'ready' with its count: the client's offline status had no React reading.
    await waitFor(() => expect(result.current[0]?.status).toBe('offline'))
    expect(result.current[0]?.resources).toHaveLength(3)
    expect(result.current[0]?.error).toBe(refused)
    expect(result.current[0]?.retry).toBeTypeOf('function')
  })

  it('refetches the list on list_changed, keeping the old items until the new ones arrive', async () => {
    const client = createFakeClient([{ snapshot: readySnapshot('s'), pages: [makeResources(1)] }])
    const { result } = renderHook(() => useResourceSources(), { wrapper: wrapper(client) })
    await waitFor(() => expect(result.current[0]?.resources).toHaveLength(1))
    client.servers.get('s')!.pages = [makeResources(2)]
    act(() => client.emit('s', { type: 'listChanged' }))
    expect(result.current[0]?.resources).toHaveLength(1)
    await waitFor(() => expect(result.current[0]?.resources).toHaveLength(2))
  })
})

const PARTS = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']

/** A slow part of the page: each renders for 10 ms (a big picker does more). */
function Slow({ name, seen }: { name: string; seen: string[] }) {
  const end = performance.now() + 10
  while (performance.now() < end) {
    // busy
  }
  seen.push(name)
  return null
}

function SlowPage({ seen }: { seen: string[] }) {
  const sources = useResourceSources()
  const name = sources[0]?.serverName ?? ''
  return (
    <>
      {PARTS.map((part) => (
        <Slow key={part} name={name} seen={seen} />
      ))}
    </>
  )
}

describe('useResourceSources rendering', () => {
  it('renders a new snapshot as a transition that yields, not as one synchronous render', async () => {
    const client = createFakeClient([
      { snapshot: readySnapshot('s', 'Before'), pages: [makeResources(2)] },
    ])
    const seen: string[] = []
    render(
      <ResourceKitProvider client={client}>
        <SlowPage seen={seen} />
      </ResourceKitProvider>,
    )
    await waitFor(() => expect(seen.at(-1)).toBe('Before'))
    seen.length = 0
    // The server's name changes: the tracker publishes a snapshot.
    client.setServer('s', { snapshot: readySnapshot('s', 'After') })
    // A task queued now runs in between the slow parts when the render yields.
    const atTimeout = await new Promise<number>((resolve) =>
      setTimeout(() => resolve(seen.filter((n) => n === 'After').length), 0),
    )
    await waitFor(() => expect(seen.filter((n) => n === 'After').length).toBeGreaterThanOrEqual(8))
    expect(atTimeout).toBeLessThan(8)
  })
})
