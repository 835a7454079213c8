import { StreamableHTTPClientTransport } from '@modelcontextprotocol/client'
import {
  createFixtureServer,
  createRawModernServer,
  type FixtureServer,
} from '@resource-kit/test-utils'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { McpRequestError } from '../errors.ts'
import { connectSdkSession } from '../sdkSession.ts'
import type { Session } from '../session.ts'

const clientInfo = { name: 'test', version: '1.0.0' }

describe('sdkSession', () => {
  let fixture: FixtureServer
  let session: Session | undefined

  beforeEach(() => {
    fixture = createFixtureServer({ resourceCount: 5, pageSize: 2 })
  })
  afterEach(async () => {
    await session?.close()
    await fixture.close()
  })

  it('negotiates the modern era and returns raw results with resultType and cache hints kept', async () => {
    session = await connectSdkSession(fixture.inMemoryTransport(), { clientInfo })
    expect(session.info).toMatchObject({
      era: 'modern',
      protocolVersion: '2026-07-28',
      serverInfo: { name: 'fixture', version: '1.0.0' },
      capabilities: { resources: { subscribe: true, listChanged: true }, completions: {} },
    })
    const page = await session.request('resources/list', {})
    expect(page).toMatchObject({ resultType: 'complete', ttlMs: 60_000, cacheScope: 'public' })
    expect(page.nextCursor).toEqual(expect.any(String))
  })

  it('returns input_required results raw instead of answering them itself', async () => {
    session = await connectSdkSession(fixture.inMemoryTransport(), {
      clientInfo,
      onElicitation: async () => ({ action: 'accept', content: { ok: true } }),
    })
    const result = await session.request('resources/read', { uri: 'fixture://input/confirm' })
    expect(result.resultType).toBe('input_required')
    expect(Object.keys(result.inputRequests as object)).toEqual(['confirm'])
  })

  it('passes results without resultType, ttlMs or cacheScope through (the SDK would reject them)', async () => {
    session = await connectSdkSession(
      createRawModernServer({
        results: {
          'resources/read': ({ uri }) => ({ contents: [{ uri, text: 'bare' }] }),
          'resources/list': () => ({ resources: [{ uri: 'raw://a', name: 'a' }], ttlMs: -5 }),
        },
      }),
      { clientInfo },
    )
    expect(session.info.era).toBe('modern')
    expect(await session.request('resources/read', { uri: 'raw://a' })).toEqual({
      contents: [{ uri: 'raw://a', text: 'bare' }],
    })
    expect(await session.request('resources/list', {})).toEqual({
      resources: [{ uri: 'raw://a', name: 'a' }],
      ttlMs: -5,
    })
  })

  it('rejects a JSON-RPC error with its code, message and data', async () => {
    session = await connectSdkSession(fixture.inMemoryTransport(), { clientInfo })
    const error = await session.request('resources/read', { uri: 'fixture://nope' }).catch((e) => e)
    expect(error).toBeInstanceOf(McpRequestError)
    expect(error).toMatchObject({
      code: -32602,
      data: { uri: 'fixture://nope' },
      method: 'resources/read',
    })
  })

  it('aborts a request with the caller signal reason', async () => {
    session = await connectSdkSession(fixture.inMemoryTransport(), { clientInfo })
    const abort = new AbortController()
    const pending = session.request('resources/list', {}, { signal: abort.signal })
    abort.abort(new Error('stop'))
    await expect(pending).rejects.toThrow('stop')
  })

  it('opens a listen stream over HTTP and routes its notifications by subscription id', async () => {
    const transport = new StreamableHTTPClientTransport(new URL(fixture.url), {
      fetch: fixture.fetch,
    })
    session = await connectSdkSession(transport, { clientInfo })
    const seen: unknown[] = []
    const unsolicited: unknown[] = []
    session.onNotification((n) => unsolicited.push(n))
    const handle = await session.listen(
      { resourceSubscriptions: ['fixture://r/1'] },
      (notification) => seen.push(notification.params.uri),
    )
    expect(handle.honored).toEqual({ resourceSubscriptions: ['fixture://r/1'] })
    fixture.notifyUpdated('fixture://r/1')
    await expect.poll(() => seen).toEqual(['fixture://r/1'])
    await handle.close()
    expect(await handle.closed).toBe('local')
    expect(unsolicited).toEqual([])
  })

  it('reports the end of the connection to onClose', async () => {
    session = await connectSdkSession(fixture.inMemoryTransport(), { clientInfo })
    const closed = new Promise<Error | undefined>((resolve) => session?.onClose(resolve))
    await fixture.close()
    await expect(closed).resolves.toBeUndefined()
  })
})
