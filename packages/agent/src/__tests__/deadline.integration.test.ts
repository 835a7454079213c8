// Deadlines and servers that cannot help, with real ones: a stdio server that never answers
// a request, one that offers tools only, next to the demo server. A hung server costs a
// call its deadline (per tool set, or per call), not the SDK's 60 s; a search keeps the
// hits of the servers that answered and says which did not; a tools-only server is skipped.
import { createResourceClient, type ResourceClient } from '@resource-kit/client'
import { stdioServer } from '@resource-kit/client/node'
import { createDemoFetchHandler, type DemoFetchHandler } from '@resource-kit/demo-server'
import { rawStdioCommand } from '@resource-kit/test-utils'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { callTool } from '../jsonTools.ts'
import { createResourceTools } from '../resourceTools.ts'

let client: ResourceClient
let handler: DemoFetchHandler

beforeAll(async () => {
  handler = createDemoFetchHandler({ count: 300, logIntervalMs: 60_000, fileIntervalMs: 3_600_000 })
  client = createResourceClient()
  client.addServer('demo', {
    url: 'http://demo.invalid/mcp',
    fetch: (input, init) => handler.fetch(new Request(input, init)),
  })
  client.addServer('hung', stdioServer({ ...rawStdioCommand('hang'), stderr: 'ignore' }))
  client.addServer('tools', stdioServer({ ...rawStdioCommand('tools-only'), stderr: 'ignore' }))
  await Promise.all(['demo', 'hung', 'tools'].map((id) => client.ready(id)))
  // The demo's pages come from the cache then: its walk is well inside any deadline below.
  await client.walkResources('demo')
})
afterAll(async () => {
  await client?.close()
  await handler?.close()
})

type Failure = {
  ok: false
  error: { kind: string; message: string; hint: string; server?: string }
}

describe('deadlines against a server that never answers', () => {
  it('ends a read at the tool set’s deadline with timed_out, naming the server', async () => {
    const tools = createResourceTools(client, { timeoutMs: 400 })
    const result = (await callTool(tools, 'read_resource', {
      server: 'hung',
      uri: 'raw://anything',
    })) as Failure
    expect(result).toMatchObject({
      ok: false,
      error: {
        kind: 'timed_out',
        server: 'hung',
        uri: 'raw://anything',
        message: 'server "hung": no answer within 400 ms',
        hint: expect.stringContaining('did not answer in time'),
      },
    })
  })

  it('takes a deadline per call over the tool set’s', async () => {
    const tools = createResourceTools(client, { timeoutMs: 0 })
    const listed = (await callTool(
      tools,
      'list_resources',
      { server: 'hung' },
      { timeoutMs: 300 },
    )) as Failure
    expect(listed.error).toMatchObject({ kind: 'timed_out', server: 'hung' })
    const templates = (await callTool(
      tools,
      'fill_resource_template',
      { server: 'hung', template: 'x://{a}' },
      { timeoutMs: 300 },
    )) as Failure
    expect(templates.error).toMatchObject({ kind: 'timed_out', server: 'hung' })
  })

  it('keeps the hits of the servers that answered and says which did not', async () => {
    const tools = createResourceTools(client, { timeoutMs: 4000 })
    const found = (await callTool(tools, 'search_resources', { query: 'users' })) as {
      ok: boolean
      results: { server: string }[]
      notSearched?: { server: string; error?: { kind: string } }[]
      skipped?: { server: string; reason: string }[]
    }
    expect(found.ok).toBe(true)
    expect(found.results.length).toBeGreaterThan(0)
    expect(found.results.every((hit) => hit.server === 'demo')).toBe(true)
    expect(found.notSearched).toEqual([
      { server: 'hung', searched: 0, error: expect.objectContaining({ kind: 'timed_out' }) },
    ])
    expect(found.skipped).toEqual([{ server: 'tools', reason: 'offers no resources (tools only)' }])
  })
})
