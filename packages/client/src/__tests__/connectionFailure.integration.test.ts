// Real connection failures over real HTTP (and real DNS, real closed ports) on Node, read by
// describeConnectionFailure: each gets its own cause, and the raw detail is kept.
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/client'
import { createStubHttpServers } from '@resource-kit/test-utils'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { describeConnectionFailure } from '../connectionFailure.ts'
import { connectSdkSession } from '../sdkSession.ts'

const { serve, closedPortUrl, close: closeStubServers } = createStubHttpServers()

async function failureOf(url: string, timeoutMs?: number) {
  const error = await connectSdkSession(new StreamableHTTPClientTransport(new URL(url)), {
    clientInfo: { name: 'test', version: '1.0.0' },
    serverId: 'srv',
    timeoutMs,
  }).then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(Error)
  return describeConnectionFailure(error, { url })
}

let urls: Record<'html' | 'json' | 'missing' | 'auth' | 'broken' | 'silent', string>

beforeAll(async () => {
  urls = {
    html: await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><p>Welcome</p>')
    }),
    json: await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"hello":"world"}')
    }),
    missing: await serve((_req, res) => {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found')
    }),
    auth: await serve((_req, res) => {
      res.writeHead(401, { 'www-authenticate': 'Bearer' }).end()
    }),
    broken: await serve((_req, res) => {
      res.writeHead(502, { 'content-type': 'text/plain' }).end('Bad Gateway')
    }),
    silent: await serve(() => {}), // accepts, never answers
  }
})

afterAll(() => closeStubServers())

describe('describeConnectionFailure on real failures', () => {
  it('calls an HTML page, plain JSON and a 404 "not an MCP endpoint", with the raw detail kept', async () => {
    const html = await failureOf(urls.html)
    expect(html.cause).toBe('not-mcp')
    expect(html.summary).toMatch(/not as an MCP server/)
    expect(html.detail).toContain('text/html')
    const json = await failureOf(urls.json)
    expect(json.cause).toBe('not-mcp')
    expect(json.summary.length).toBeLessThan(200) // not the schema-validation dump
    expect(json.detail).toContain('invalid_union')
    expect((await failureOf(urls.missing)).cause).toBe('not-mcp')
  })

  it('tells connection refused, name not resolved, sign-in, timeout and a failing server apart', async () => {
    const refused = await failureOf(await closedPortUrl())
    expect(refused).toMatchObject({ cause: 'refused' })
    expect(refused.summary).toMatch(
      /^Nothing is listening at 127\.0\.0\.1:\d+ \(connection refused\)/,
    )
    const unresolved = await failureOf('http://no-such-host.invalid/mcp')
    expect(unresolved.cause).toBe('unresolved')
    expect(unresolved.summary).toContain('no-such-host.invalid')
    expect((await failureOf(urls.auth)).cause).toBe('needs-sign-in')
    expect((await failureOf(urls.broken)).cause).toBe('server-error')
    const slow = await failureOf(urls.silent, 300)
    expect(slow.cause).toBe('timed-out')
  })
})
