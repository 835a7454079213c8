// The page end of a bridge reads every backend message as untrusted: a hostile or broken
// backend (scripted here at the raw channel) gets clear errors, never bad data in the page.
import { afterEach, describe, expect, it } from 'vitest'
import { connectBridge, inProcessChannelPair } from '../bridge.ts'
import { InvalidContentError, McpRequestError, ResourceNotFoundError } from '../errors.ts'
import type { ResourceClient } from '../resourceClient.ts'

const pages: ResourceClient[] = []
afterEach(async () => {
  for (const page of pages.splice(0)) await page.close()
})

/** A page whose backend answers each request with `reply(request)`. */
function scriptedBackend(
  reply: (request: Record<string, unknown>) => unknown,
  servers: unknown[] = [{ id: 's', status: 'ready' }],
) {
  const [pageEnd, backendEnd] = inProcessChannelPair()
  const sent: Record<string, unknown>[] = []
  backendEnd.receive(
    (data) => {
      const message = JSON.parse(data as string) as Record<string, unknown>
      sent.push(message)
      if (message.type === 'request') {
        const answer = reply(message)
        if (answer !== undefined) backendEnd.send(JSON.stringify(answer))
      }
    },
    () => {},
  )
  backendEnd.send(JSON.stringify({ type: 'hello', protocol: 1, servers }))
  const page = connectBridge(pageEnd)
  pages.push(page)
  return { page, backendEnd, sent }
}

const result = (request: Record<string, unknown>, value: unknown) => ({
  type: 'result',
  id: request.id,
  result: value,
})

describe('connectBridge reads the backend as untrusted', () => {
  it('rejects a list page without resources, and drops invalid items and unsafe icons', async () => {
    const { page } = scriptedBackend((request) =>
      (request.params as { cursor?: string }).cursor === undefined
        ? result(request, {
            resultType: 'complete',
            nextCursor: 'c2',
            ttlMs: 0,
            cacheScope: 'public',
          })
        : result(request, {
            resultType: 'complete',
            resources: [
              { uri: 'file:///a', name: 'a', icons: [{ src: 'javascript:alert(1)' }] },
              { name: 'no uri' },
              'not an object',
            ],
            ttlMs: 0,
            cacheScope: 'public',
          }),
    )
    await expect(page.listResources('s')).rejects.toBeInstanceOf(InvalidContentError)
    const second = await page.listResources('s', { cursor: 'c2' })
    expect(second.items.map((item) => item.uri)).toEqual(['file:///a'])
    expect(second.items[0]?.icons).toBeUndefined()
  })

  it('rejects a read whose blob is not base64, and keeps errors as their classes', async () => {
    const { page } = scriptedBackend((request) => {
      const uri = (request.params as { uri: string }).uri
      if (uri === 'file:///bad') {
        return result(request, {
          resultType: 'complete',
          contents: [{ uri, blob: '<script>' }],
          ttlMs: 0,
          cacheScope: 'public',
        })
      }
      if (uri === 'file:///gone') {
        return {
          type: 'error',
          id: request.id,
          error: {
            name: 'ResourceNotFoundError',
            message: 'Resource not found: file:///gone',
            code: -32002,
            uri,
          },
        }
      }
      return {
        type: 'error',
        id: request.id,
        error: { name: 'Weird', message: 'x'.repeat(10_000), code: -1 },
      }
    })
    await expect(page.read('s', 'file:///bad')).rejects.toBeInstanceOf(InvalidContentError)
    const gone = await page.read('s', 'file:///gone').catch((error: unknown) => error)
    expect(gone).toBeInstanceOf(ResourceNotFoundError)
    expect((gone as ResourceNotFoundError).uri).toBe('file:///gone')
    const weird = await page.read('s', 'file:///other').catch((error: unknown) => error)
    expect(weird).toBeInstanceOf(McpRequestError)
    expect((weird as Error).message.length).toBeLessThan(2100) // cut to a readable length
  })

  it('keeps only well-formed servers, once each, with known statuses', async () => {
    const { page } = scriptedBackend(
      () => undefined,
      [
        { id: 's', status: 'ready', serverInfo: { name: 'S', version: '1' } },
        { id: 's', status: 'error' },
        { id: 't', status: 'on-fire' },
        { status: 'ready' },
        'nonsense',
        { id: 'u', status: 'needs-auth', auth: { phase: 'bogus', serverName: 'U' } },
      ],
    )
    await page.ready('s')
    expect(page.getServers().map((server) => [server.id, server.status])).toEqual([
      ['s', 'ready'],
      ['u', 'needs-auth'],
    ])
    expect(page.getServer('u')?.auth).toMatchObject({ phase: 'signed-out', serverName: 'U' })
  })

  it('keeps a server the backend reads as offline (it answered before, and stopped)', async () => {
    const { page } = scriptedBackend(
      () => undefined,
      [
        { id: 's', status: 'ready' },
        {
          id: 'o',
          status: 'offline',
          era: 'modern',
          error: { name: 'ConnectionError', message: 'Server "o" stopped answering' },
        },
      ],
    )
    await page.ready('s')
    expect(page.getServer('o')).toMatchObject({ status: 'offline', era: 'modern' })
    await expect(page.ready('o')).rejects.toThrow('Server "o" stopped answering')
  })

  it('ignores replies to requests it never sent, and messages that are not JSON objects', async () => {
    const { page, backendEnd } = scriptedBackend((request) => result(request, { ok: true }))
    backendEnd.send('not json')
    backendEnd.send(JSON.stringify({ type: 'result', id: 12345, result: {} }))
    backendEnd.send(JSON.stringify([1, 2]))
    await expect(page.reconnect('s')).resolves.toBeUndefined()
  })

  it('opens only http(s) authorization pages', async () => {
    const opened: string[] = []
    const [pageEnd, backendEnd] = inProcessChannelPair()
    const answers: unknown[] = []
    backendEnd.receive(
      (data) => answers.push(JSON.parse(data as string)),
      () => {},
    )
    const page = connectBridge(pageEnd, {
      openAuthorization: async (url) => {
        opened.push(url.href)
        return undefined
      },
    })
    pages.push(page)
    backendEnd.send(
      JSON.stringify({ type: 'hello', protocol: 1, servers: [{ id: 's', status: 'needs-auth' }] }),
    )
    backendEnd.send(
      JSON.stringify({
        type: 'openAuthorization',
        input: 1,
        server: 's',
        url: 'javascript:alert(1)',
      }),
    )
    backendEnd.send(
      JSON.stringify({
        type: 'openAuthorization',
        input: 2,
        server: 's',
        url: 'https://auth.example/authorize',
      }),
    )
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(opened).toEqual(['https://auth.example/authorize'])
    expect(answers).toEqual([
      { type: 'answer', input: 1, answer: {} },
      { type: 'answer', input: 2, answer: {} },
    ])
  })
})
