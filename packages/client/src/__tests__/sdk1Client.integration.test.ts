// `{ client }` with an SDK 1.x Client the app already connected to a stdio server: the
// resource client works through it (the server is not started a second time), its errors
// are classified like the 2.x ones, and closing the resource client leaves it open.
import { Client as Sdk1Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport as Sdk1StdioTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { legacyStdioCommand } from '@resource-kit/test-utils'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createResourceClient } from '../createResourceClient.ts'
import { ResourceNotFoundError } from '../errors.ts'

let app: Sdk1Client
let transport: Sdk1StdioTransport

beforeAll(async () => {
  const { command, args, env } = legacyStdioCommand({}, { compiled: true })
  transport = new Sdk1StdioTransport({ command, args, env, stderr: 'ignore' })
  app = new Sdk1Client({ name: 'app', version: '1.0.0' })
  await app.connect(transport)
})
afterAll(() => app?.close())

describe('an SDK 1.x Client as the source', () => {
  it('lists, reads and classifies misses through the app’s own connection', async () => {
    const pid = transport.pid
    const client = createResourceClient()
    client.addServer('v1', { client: app })
    expect(await client.ready('v1')).toMatchObject({
      status: 'ready',
      era: 'legacy',
      serverInfo: { name: 'fixture-legacy' },
    })
    const walk = await client.walkResources('v1')
    expect(walk.complete).toBe(true)
    expect(walk.items.length).toBeGreaterThan(0)
    const first = walk.items[0]!
    const read = await client.read('v1', first.uri)
    expect(read.contents[0]).toMatchObject({ uri: first.uri })
    await expect(client.read('v1', 'fixture://no/such')).rejects.toBeInstanceOf(
      ResourceNotFoundError,
    )
    await client.close()
    // Still the one process, and the app's Client still works after ours closed.
    expect(transport.pid).toBe(pid)
    const again = await app.readResource({ uri: first.uri })
    expect(again.contents[0]).toMatchObject({ uri: first.uri })
  })

  it('says what it takes when given something else', () => {
    const client = createResourceClient()
    expect(() => client.addServer('x', { client: { request() {} } })).toThrow(
      /@modelcontextprotocol\/client \(2\.x\) or @modelcontextprotocol\/sdk \(1\.x\)/,
    )
    return client.close()
  })
})
