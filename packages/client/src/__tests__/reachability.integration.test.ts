// A server that stops answering leaves `ready` within seconds, with no app action, and is
// `ready` again once it answers: real HTTP server processes killed and started again on
// the same port, and servers that accept requests and never answer them (deadlines).
import {
  createFixtureServer,
  type FixtureServer,
  type HttpFixture,
  type HttpFixtureProcess,
  serveFetch,
  startHttpFixtureProcess,
} from '@resource-kit/test-utils'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createResourceClient } from '../createResourceClient.ts'
import { RequestTimeoutError, ServerNotReadyError } from '../errors.ts'
import type { ResourceClient } from '../resourceClient.ts'

const FIRST = 'fixture://r/0'
const WAIT = { timeout: 20_000, interval: 20 }

let cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
  await Promise.allSettled(cleanups.reverse().map((cleanup) => cleanup()))
  cleanups = []
})

function statusesOf(client: ResourceClient, id: string): string[] {
  const seen: string[] = []
  client.subscribe(() => {
    const status = client.getServer(id)?.status
    if (status && seen.at(-1) !== status) seen.push(status)
  })
  return seen
}

describe('a killed HTTP server process, started again on the same port', {
  timeout: 60_000,
}, () => {
  async function start(kind: 'modern' | 'legacy', port?: number): Promise<HttpFixtureProcess> {
    const server = await startHttpFixtureProcess({
      kind,
      fixture: { resourceCount: 3, pageSize: 0 },
      ...(port !== undefined && { port }),
    })
    cleanups.push(() => server.kill())
    return server
  }

  it('modern, watched: its dropped listen stream makes it offline; ready again when it is back', async () => {
    const first = await start('modern')
    const client = createResourceClient()
    cleanups.push(() => client.close())
    client.addServer('m', { url: first.url })
    const watch = client.watch('m', { uris: [FIRST] })
    await vi.waitFor(() => expect(watch.getSnapshot().status).toBe('live'), WAIT)
    const statuses = statusesOf(client, 'm')

    await first.kill()
    // No call made: the listen stream's end is enough.
    await vi.waitFor(() => expect(client.getServer('m')?.status).toBe('offline'), WAIT)
    expect(statuses.slice(0, 2)).toEqual(['reconnecting', 'offline'])
    expect(client.getServer('m')?.era).toBe('modern') // what it was stays shown
    // While offline, calls fail at once with the reason.
    const failed = await client.read('m', FIRST).catch((error: unknown) => error)
    expect(failed).toBeInstanceOf(ServerNotReadyError)
    expect((failed as Error).message).toContain('offline')

    await start('modern', first.port)
    await vi.waitFor(() => expect(client.getServer('m')?.status).toBe('ready'), WAIT)
    expect((await client.read('m', FIRST)).contents[0]?.uri).toBe(FIRST)
    await vi.waitFor(() => expect(watch.getSnapshot().status).toBe('live'), WAIT)
  })

  it('legacy, unwatched: a read that fails at the network level makes it offline; ready again when it is back', async () => {
    const first = await start('legacy')
    const client = createResourceClient()
    cleanups.push(() => client.close())
    client.addServer('l', { url: first.url })
    await client.ready('l')
    expect(client.getServer('l')?.era).toBe('legacy')
    const statuses = statusesOf(client, 'l')

    await first.kill()
    await expect(client.read('l', FIRST)).rejects.toThrow(/server "l"/)
    await vi.waitFor(() => expect(client.getServer('l')?.status).toBe('offline'), WAIT)
    expect(statuses[0]).toBe('reconnecting')
    expect(client.getServer('l')?.error?.message).toMatch(/server "l"/)

    await start('legacy', first.port)
    // No call made: the backoff's next attempt finds it.
    await vi.waitFor(() => expect(client.getServer('l')?.status).toBe('ready'), WAIT)
    expect((await client.read('l', FIRST)).contents[0]?.uri).toBe(FIRST)
  })
})

describe('a server that accepts requests and does not answer', () => {
  let fixture: FixtureServer
  let http: HttpFixture
  /** Methods held without an answer until the client gives up; `*` holds everything. */
  let hold: Set<string>

  async function serve(): Promise<string> {
    fixture = createFixtureServer({ resourceCount: 3, pageSize: 0 })
    hold = new Set()
    http = await serveFetch(async (request) => {
      const body = request.method === 'POST' ? await request.clone().json() : undefined
      const method = typeof body?.method === 'string' ? body.method : ''
      if (hold.has('*') || hold.has(method)) {
        await new Promise((resolve) => request.signal.addEventListener('abort', resolve))
        return new Response(null, { status: 499 })
      }
      return fixture.fetch(request)
    })
    cleanups.push(
      () => fixture.close(),
      () => http.close(),
    )
    return http.url
  }

  it('fails a read at its deadline naming server and method; a server still answering stays ready', async () => {
    const url = await serve()
    const client = createResourceClient()
    cleanups.push(() => client.close())
    client.addServer('slow', { url }, { deadlines: { readMs: 300 } })
    await client.ready('slow')
    hold.add('resources/read')
    const failed = await client.read('slow', FIRST).catch((error: unknown) => error)
    expect(failed).toBeInstanceOf(RequestTimeoutError)
    expect((failed as Error).message).toBe(
      'Server "slow" did not answer resources/read within 300 ms',
    )
    expect(failed).toMatchObject({ method: 'resources/read', timeoutMs: 300, serverId: 'slow' })
    // The check it triggers is answered: nothing else changes.
    expect((await client.listResources('slow')).items.length).toBeGreaterThan(0)
    expect(client.getServer('slow')?.status).toBe('ready')
  })

  it('leaves ready when nothing answers any more, and is ready again once it answers', async () => {
    const url = await serve()
    const client = createResourceClient({ deadlines: { readMs: 300, connectMs: 500 } })
    cleanups.push(() => client.close())
    client.addServer('hung', { url })
    await client.ready('hung')
    const statuses = statusesOf(client, 'hung')
    hold.add('*')
    await expect(client.read('hung', FIRST)).rejects.toBeInstanceOf(RequestTimeoutError)
    await vi.waitFor(() => expect(client.getServer('hung')?.status).toBe('offline'), WAIT)
    expect(statuses.slice(0, 2)).toEqual(['reconnecting', 'offline'])

    hold.clear()
    await vi.waitFor(() => expect(client.getServer('hung')?.status).toBe('ready'), WAIT)
    expect((await client.read('hung', FIRST)).contents[0]?.uri).toBe(FIRST)
  })

  it('fails a completion at the client-wide deadline, also one asked while connecting', async () => {
    const url = await serve()
    const client = createResourceClient({ deadlines: { completeMs: 200 } })
    cleanups.push(() => client.close())
    hold.add('completion/complete')
    client.addServer('c', { url })
    await expect(
      client.complete('c', {
        template: 'fixture://users/{owner}/repos/{repo}',
        argument: { name: 'owner', value: 'al' },
      }),
    ).rejects.toThrow('Server "c" did not answer completion/complete within 200 ms')
  })
})
