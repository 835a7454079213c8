import { describe, expect, it } from 'vitest'
import { createCors, ownOrigins } from '../cors.ts'

const preflight = (origin: string | null) =>
  new Request('http://127.0.0.1/mcp', {
    method: 'OPTIONS',
    headers: { ...(origin && { origin }), 'access-control-request-method': 'POST' },
  })

describe('createCors', () => {
  const cors = createCors(['http://localhost:5173'])

  it('answers a preflight from an allowed origin with methods and MCP headers', () => {
    const response = cors.preflight(preflight('http://localhost:5173'))
    expect(response.status).toBe(204)
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:5173')
    expect(response.headers.get('access-control-allow-methods')).toContain('POST')
    const allowed = response.headers.get('access-control-allow-headers')!.toLowerCase()
    for (const header of [
      'content-type',
      'mcp-protocol-version',
      'mcp-method',
      'mcp-name',
      'mcp-session-id',
    ]) {
      expect(allowed).toContain(header)
    }
  })

  it('refuses preflights from other origins', () => {
    expect(cors.preflight(preflight('http://evil.example')).status).toBe(403)
    expect(cors.preflight(preflight(null)).status).toBe(403)
  })

  it('lets non-browser requests (no Origin) through and decorates allowed ones only', () => {
    expect(cors.allows(null)).toBe(true)
    expect(cors.allows('http://evil.example')).toBe(false)
    const decorated = cors.decorate(new Response('ok', { status: 201 }), 'http://localhost:5173')
    expect(decorated.status).toBe(201)
    expect(decorated.headers.get('access-control-allow-origin')).toBe('http://localhost:5173')
    expect(decorated.headers.get('access-control-expose-headers')).toContain('Mcp-Session-Id')
    expect(decorated.headers.get('vary')).toBe('Origin')
    expect(cors.decorate(new Response('ok'), null).headers.has('access-control-allow-origin')).toBe(
      false,
    )
  })

  it('allows any origin with "*"', () => {
    const open = createCors(['*'])
    expect(open.allows('http://anything.example')).toBe(true)
    expect(
      open
        .decorate(new Response(null), 'http://a.example')
        .headers.get('access-control-allow-origin'),
    ).toBe('*')
  })
})

describe('ownOrigins', () => {
  it('names every loopback origin of a loopback server, and only its address otherwise', () => {
    expect(ownOrigins('127.0.0.1', 4000, true)).toEqual([
      'http://127.0.0.1:4000',
      'http://localhost:4000',
      'http://[::1]:4000',
    ])
    expect(ownOrigins('::1', 4000, true)).toContain('http://[::1]:4000')
    expect(ownOrigins('192.168.1.5', 4000, false)).toEqual(['http://192.168.1.5:4000'])
  })
})
