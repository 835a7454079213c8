// 2026-07-28 Streamable HTTP: when the response stream of a request breaks before its
// answer, the request is lost (no resumption) and is sent again with a new id. A real
// HTTP server that cuts the SSE stream of chosen requests mid-way, either by ending it
// or by resetting the connection.

import type { HttpFixture } from '@resource-kit/test-utils'
import { createFixtureServer, type FixtureServer, serveFetch } from '@resource-kit/test-utils'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createResourceClient } from '../createResourceClient.ts'
import { ConnectionError } from '../errors.ts'
import type { ResourceClient } from '../resourceClient.ts'

type Cut = 'end' | 'reset'

describe('a response stream that breaks before the answer', () => {
  let fixture: FixtureServer
  let http: HttpFixture
  let client: ResourceClient
  /** How many more times to cut each method's stream, and how. */
  let cuts: Map<string, { left: number; how: Cut }>
  let sent: { method: string; id: unknown }[]

  beforeEach(async () => {
    fixture = createFixtureServer({ resourceCount: 3, pageSize: 0 })
    cuts = new Map()
    sent = []
    http = await serveFetch(async (request) => {
      const body = request.method === 'POST' ? await request.clone().json() : undefined
      const method = typeof body?.method === 'string' ? body.method : ''
      if (body?.id !== undefined) sent.push({ method, id: body.id })
      const cut = cuts.get(method)
      if (cut && cut.left > 0) {
        cut.left -= 1
        return brokenStream(cut.how)
      }
      return fixture.fetch(request)
    })
    client = createResourceClient()
    client.addServer('cut', { url: http.url })
    await client.ready('cut')
    expect(client.getServer('cut')?.era).toBe('modern')
  })
  afterEach(async () => {
    await client.close()
    await http.close()
    await fixture.close()
  })

  // Without the re-issue the request waits for the SDK's 60 s timeout: the test's own
  // signal turns that into a failure well before.
  const soon = () => AbortSignal.timeout(15_000)

  it('sends a read again with a new id when its stream ends without the answer', async () => {
    cuts.set('resources/read', { left: 1, how: 'end' })
    const read = await client.read('cut', 'fixture://r/1', { signal: soon() })
    expect(read.contents[0]?.uri).toBe('fixture://r/1')
    const reads = sent.filter((s) => s.method === 'resources/read')
    expect(reads).toHaveLength(2)
    expect(reads[0]?.id).not.toEqual(reads[1]?.id)
  })

  it('sends a list page again when the connection is reset mid-stream', async () => {
    cuts.set('resources/list', { left: 2, how: 'reset' })
    const page = await client.listResources('cut', { signal: soon() })
    expect(page.items.map((item) => item.uri)).toContain('fixture://r/2')
    const lists = sent.filter((s) => s.method === 'resources/list')
    expect(lists).toHaveLength(3)
    expect(new Set(lists.map((s) => s.id)).size).toBe(3)
  })

  it('gives up after three broken streams with an error naming the method and server', async () => {
    cuts.set('completion/complete', { left: 10, how: 'end' })
    const completing = client.complete('cut', {
      template: 'fixture://users/{owner}/repos/{repo}',
      argument: { name: 'owner', value: 'al' },
      signal: soon(),
    })
    await expect(completing).rejects.toThrow(ConnectionError)
    await expect(completing).rejects.toThrow(
      'completion/complete (server "cut"): the response stream broke before the answer, 3 times',
    )
    expect(sent.filter((s) => s.method === 'completion/complete')).toHaveLength(3)
  })
})

/** An SSE response that sends a comment, then ends or fails before any JSON-RPC message. */
function brokenStream(how: Cut): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(': working\n\n'))
      setTimeout(() => {
        if (how === 'end') controller.close()
        else controller.error(new Error('connection reset'))
      }, 20)
    },
  })
  return new Response(body, { headers: { 'content-type': 'text/event-stream' } })
}
