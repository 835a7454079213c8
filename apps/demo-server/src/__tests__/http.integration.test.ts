import { request as httpRequest } from 'node:http'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DemoHttpServer, startDemoHttpServer } from '../http.ts'
import { describeDemoBehaviour } from './demoBehaviour.ts'

const count = 10_000
const chatOrigin = 'http://localhost:5173'
let server: DemoHttpServer

beforeAll(async () => {
  server = await startDemoHttpServer({ port: 0, count, logIntervalMs: 100, fileIntervalMs: 400 })
})
afterAll(async () => {
  await server?.close()
})

describe('demo server over Streamable HTTP on 127.0.0.1', () => {
  it('listens on loopback at /mcp', () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/)
  })

  describeDemoBehaviour(() => ({
    count,
    transport: () => new StreamableHTTPClientTransport(new URL(server.url)),
  }))

  it('answers the chat app’s CORS preflight and decorates its requests', async () => {
    const preflight = await fetch(server.url, {
      method: 'OPTIONS',
      headers: {
        origin: chatOrigin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,mcp-protocol-version',
      },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe(chatOrigin)
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/MCP-Protocol-Version/i)

    const response = await fetch(server.url, {
      method: 'POST',
      headers: {
        origin: chatOrigin,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2026-07-28',
        'mcp-method': 'server/discover',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'server/discover',
        params: {
          _meta: {
            'io.modelcontextprotocol/protocolVersion': '2026-07-28',
            'io.modelcontextprotocol/clientCapabilities': {},
          },
        },
      }),
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('access-control-allow-origin')).toBe(chatOrigin)
    const body = (await response.json()) as { result: { supportedVersions: string[] } }
    expect(body.result.supportedVersions).toContain('2026-07-28')
  })

  it('accepts its own origin (a page it serves), by address and by localhost', async () => {
    const { port } = new URL(server.url)
    for (const origin of [`http://127.0.0.1:${port}`, `http://localhost:${port}`]) {
      const response = await fetch(server.url, {
        method: 'POST',
        headers: {
          origin,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-protocol-version': '2026-07-28',
          'mcp-method': 'server/discover',
        },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'server/discover',
          params: {
            _meta: {
              'io.modelcontextprotocol/protocolVersion': '2026-07-28',
              'io.modelcontextprotocol/clientCapabilities': {},
            },
          },
        }),
      })
      expect(response.status, origin).toBe(200)
      expect(response.headers.get('access-control-allow-origin')).toBe(origin)
      await response.body?.cancel()
    }
    // Another port on the same host is another origin.
    const other = await fetch(server.url, {
      method: 'POST',
      headers: { origin: `http://127.0.0.1:${Number(port) + 1}` },
    })
    expect(other.status).toBe(403)
  })

  it('refuses other origins and foreign Host headers (DNS rebinding)', async () => {
    const foreign = await fetch(server.url, {
      method: 'POST',
      headers: { origin: 'http://evil.example' },
    })
    expect(foreign.status).toBe(403)
    const { port } = new URL(server.url)
    const status = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port,
          path: '/mcp',
          method: 'POST',
          headers: { host: `evil.example:${port}` },
        },
        (res) => {
          res.resume()
          resolve(res.statusCode ?? 0)
        },
      )
      req.on('error', reject)
      req.end('{}')
    })
    expect(status).toBe(403)
  })
})
