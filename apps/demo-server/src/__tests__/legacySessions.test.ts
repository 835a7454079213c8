import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client'
import { afterEach, describe, expect, it } from 'vitest'
import { createDemoServer } from '../createDemoServer.ts'
import { createLegacySessions, type LegacySessions } from '../legacySessions.ts'
import { createFakeClock } from './fakeClock.ts'

const cleanups: (() => Promise<void> | void)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

function setup(maxSessions?: number) {
  const demo = createDemoServer({ count: 100, clock: createFakeClock() })
  const sessions = createLegacySessions(demo.connectionFactory, maxSessions ? { maxSessions } : {})
  cleanups.push(
    () => demo.close(),
    () => sessions.close(),
  )
  return sessions
}

async function connect(sessions: LegacySessions) {
  const client = new Client({ name: 'legacy', version: '1' })
  const transport = new StreamableHTTPClientTransport(new URL('http://127.0.0.1/mcp'), {
    fetch: (input, init) => sessions.handle(new Request(input, init)),
  })
  await client.connect(transport)
  return { client, transport }
}

describe('createLegacySessions', () => {
  it('keeps one session per initialized 2025 client and ends it on DELETE', async () => {
    const sessions = setup()
    const { client, transport } = await connect(sessions)
    expect(sessions.size).toBe(1)
    expect((await client.listResources()).resources.length).toBe(100)
    await transport.terminateSession()
    expect(sessions.size).toBe(0)
    await client.close()
  })

  it('refuses requests that are neither initialize nor part of a session', async () => {
    const sessions = setup()
    const response = await sessions.handle(
      new Request('http://127.0.0.1/mcp', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'resources/list', params: {} }),
      }),
    )
    expect(response.status).toBe(400)
    expect(sessions.size).toBe(0)
  })

  it('closes the least recently used session past the cap', async () => {
    const sessions = setup(2)
    const first = await connect(sessions)
    const second = await connect(sessions)
    await first.client.listResources() // first is now the most recently used
    const third = await connect(sessions)
    expect(sessions.size).toBe(2)
    await expect(second.client.listResources()).rejects.toThrow()
    await expect(first.client.listResources()).resolves.toBeDefined()
    for (const { client } of [first, second, third]) await client.close()
  })
})
