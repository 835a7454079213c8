import { Client, InMemoryTransport } from '@modelcontextprotocol/client'
import { afterEach, describe, expect, it } from 'vitest'
import { createDemoFetchHandler } from '../createDemoFetchHandler.ts'
import { createDemoServer, type DemoServer } from '../createDemoServer.ts'
import { serveDemoTransport } from '../serveDemoTransport.ts'
import { createFakeClock } from './fakeClock.ts'

const cleanups: (() => Promise<void> | void)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

async function connectInMemory(demo: DemoServer, mode: 'auto' | 'legacy') {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair()
  const connection = serveDemoTransport(demo, serverSide)
  const client = new Client({ name: 'test', version: '1' }, { versionNegotiation: { mode } })
  const updated: string[] = []
  client.setNotificationHandler('notifications/resources/updated', (n) => {
    updated.push(n.params.uri)
  })
  await client.connect(clientSide)
  cleanups.push(
    () => client.close(),
    () => connection.close(),
  )
  return { client, updated }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20))

describe('serveDemoTransport (in-memory)', () => {
  it.each([
    ['auto', '2026-07-28'],
    ['legacy', '2025-11-25'],
  ] as const)('serves %s clients (%s): pages, reads and pushes updates', async (mode, version) => {
    const clock = createFakeClock()
    const demo = createDemoServer({ count: 300, pageSize: 40, clock })
    cleanups.push(() => demo.close())
    const { client, updated } = await connectInMemory(demo, mode)
    expect(client.getNegotiatedProtocolVersion()).toBe(version)

    const page = await client.request({ method: 'resources/list', params: {} })
    expect(page.resources).toHaveLength(40)
    expect(page.nextCursor).toEqual(expect.any(String))

    const read = await client.readResource({ uri: 'log://app/tail' })
    expect(read.contents[0]).toMatchObject({ uri: 'log://app/tail', mimeType: 'text/plain' })

    if (mode === 'auto') await client.listen({ resourceSubscriptions: ['log://app/tail'] })
    else await client.subscribeResource({ uri: 'log://app/tail' })
    clock.tick(2000)
    await settle()
    expect(updated).toEqual(['log://app/tail'])
  })
})

describe('createDemoFetchHandler', () => {
  const handler = () => {
    const created = createDemoFetchHandler({
      count: 100,
      corsOrigins: ['http://app.test'],
      clock: createFakeClock(),
    })
    cleanups.push(() => created.close())
    return created
  }

  it('answers 404 off the MCP path and 403 to foreign origins', async () => {
    const { fetch } = handler()
    expect((await fetch(new Request('http://127.0.0.1/other', { method: 'POST' }))).status).toBe(
      404,
    )
    const foreign = await fetch(
      new Request('http://127.0.0.1/mcp', {
        method: 'POST',
        headers: { origin: 'http://evil.test' },
      }),
    )
    expect(foreign.status).toBe(403)
  })

  it('answers a legacy request for an unknown session with 404', async () => {
    const { fetch } = handler()
    const response = await fetch(
      new Request('http://127.0.0.1/mcp', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-session-id': 'nope',
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'resources/list', params: {} }),
      }),
    )
    expect(response.status).toBe(404)
    expect(await response.json()).toMatchObject({ error: { code: -32001 } })
  })

  it('stops the live data it created on close, but not a demo it was given', async () => {
    const demo = createDemoServer({ count: 100, clock: createFakeClock() })
    const shared = createDemoFetchHandler({ demo })
    await shared.close()
    let events = 0
    demo.live.subscribe(() => events++)
    expect(events).toBe(0)
    const own = createDemoFetchHandler({ count: 100 })
    await own.close()
    expect(own.demo.live.subscribe(() => {})).toBeTypeOf('function')
    demo.close()
  })
})
