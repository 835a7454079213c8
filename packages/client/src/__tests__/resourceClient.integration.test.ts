import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client'
import {
  createFixtureServer,
  type FixtureServer,
  fixtureStdioCommand,
  PIXEL_PNG_BASE64,
} from '@resource-kit/test-utils'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { createResourceClient } from '../createResourceClient.ts'
import {
  ConnectionError,
  NotSupportedError,
  ResourceNotFoundError,
  ResourceTooLargeError,
  UnknownServerError,
} from '../errors.ts'
import { stdioServer } from '../node.ts'
import type { ResourceClient } from '../resourceClient.ts'
import type { ServerSnapshot } from '../types.ts'
import { findTemplate } from '../uriTemplate.ts'

describe('ResourceClient', () => {
  let fixture: FixtureServer
  let client: ResourceClient
  // The stdio server (two processes: the SDK's probe, then the session) starts with the
  // file and boots while the in-process tests run; its test comes last and waits for it.
  let stdio: ResourceClient
  beforeAll(() => {
    stdio = createResourceClient()
    const { command, args, env } = fixtureStdioCommand(
      { resourceCount: 3, pageSize: 2 },
      { compiled: true },
    )
    stdio.addServer('stdio', stdioServer({ command, args, env, stderr: 'ignore' }))
  })
  afterAll(() => stdio.close())

  beforeEach(() => {
    fixture = createFixtureServer({ resourceCount: 12, pageSize: 5 })
    client = createResourceClient()
  })
  afterEach(async () => {
    await client.close()
    await fixture.close()
  })

  describe('servers', () => {
    it('goes connecting → ready with era, version, capabilities and server info, and notifies subscribers', async () => {
      const statuses: string[] = []
      client.subscribe(() =>
        statuses.push(
          client
            .getServers()
            .map((s) => s.status)
            .join(),
        ),
      )
      const first = client.addServer('f', { transport: () => fixture.inMemoryTransport() })
      expect(first).toEqual({ id: 'f', status: 'connecting' })
      const ready = await client.ready('f')
      expect(ready).toMatchObject({
        id: 'f',
        status: 'ready',
        era: 'modern',
        protocolVersion: '2026-07-28',
        serverInfo: { name: 'fixture' },
      })
      expect(ready.capabilities?.resources).toEqual({ subscribe: true, listChanged: true })
      expect(statuses).toEqual(['connecting', 'ready'])
      expect(client.getServer('f')).toBe(ready)
    })

    it('keeps the servers array identity until something changes', async () => {
      client.addServer('f', { transport: () => fixture.inMemoryTransport() })
      await client.ready('f')
      const servers = client.getServers()
      expect(client.getServers()).toBe(servers)
      await client.removeServer('f')
      expect(client.getServers()).not.toBe(servers)
      expect(client.getServers()).toEqual([])
    })

    it('manages several servers by id; one failing does not affect the others', async () => {
      client.addServer('good', { transport: () => fixture.inMemoryTransport() })
      client.addServer('bad', { url: 'http://127.0.0.1:9/mcp' })
      await client.ready('good')
      await expect(client.ready('bad')).rejects.toBeInstanceOf(ConnectionError)
      expect(client.getServer('bad')).toMatchObject({ status: 'error' })
      expect(client.getServer('bad')?.error?.message).toMatch(/server "bad"/)
      expect((await client.listResources('good')).items).toHaveLength(5)
      await expect(client.listResources('nope')).rejects.toBeInstanceOf(UnknownServerError)
    })

    it('reconnects on request, and at once after a dropped connection', async () => {
      client.addServer('f', { transport: () => fixture.inMemoryTransport() })
      await client.ready('f')
      await client.reconnect('f')
      expect(client.getServer('f')?.status).toBe('ready')
      const seen: ServerSnapshot[] = []
      client.subscribe(() => seen.push(client.getServer('f') as ServerSnapshot))
      await fixture.close() // drops every in-memory connection
      // A fresh in-memory connection opens with no call made.
      await expect.poll(() => seen.map((s) => s.status)).toEqual(['reconnecting', 'ready'])
      expect(seen[0]?.error).toBeInstanceOf(ConnectionError)
      const page = await client.listResources('f')
      expect(page.items).toHaveLength(5)
    })

    it('adopts an SDK Client the app already connected', async () => {
      const sdk = new Client(
        { name: 'app', version: '1' },
        { versionNegotiation: { mode: 'auto' } },
      )
      await sdk.connect(fixture.inMemoryTransport())
      client.addServer('f', { client: sdk })
      await client.ready('f')
      expect((await client.read('f', 'fixture://r/01')).contents[0]).toMatchObject({
        text: 'Contents of resource-01.txt',
      })
      await client.removeServer('f')
      expect(sdk.transport).toBeDefined() // not ours to close
      await sdk.close()
    })
  })

  describe('transports', () => {
    it('works over the Streamable HTTP path in-process', async () => {
      client.addServer('f', { url: fixture.url, fetch: fixture.fetch })
      expect((await client.ready('f')).era).toBe('modern')
      expect((await client.walkResources('f')).items).toHaveLength(15)
    })

    it('works over real HTTP on 127.0.0.1', async () => {
      const http = await fixture.listenHttp()
      client.addServer('f', { url: http.url })
      expect((await client.ready('f')).era).toBe('modern')
      const read = await client.read('f', 'fixture://r/03')
      expect(read.contents).toEqual([
        { uri: 'fixture://r/03', mimeType: 'text/plain', text: 'Contents of resource-03.txt' },
      ])
    })

    it('works with an SDK transport factory', async () => {
      client.addServer('f', {
        transport: () =>
          new StreamableHTTPClientTransport(new URL(fixture.url), { fetch: fixture.fetch }),
      })
      expect((await client.listTemplates('f')).items.map((t) => t.name)).toEqual([
        'resource-by-id',
        'repo',
      ])
    })
  })

  describe('read', () => {
    beforeEach(async () => {
      client.addServer('f', { transport: () => fixture.inMemoryTransport() })
      await client.ready('f')
    })

    it('returns text, blob and every item of a directory read', async () => {
      expect((await client.read('f', 'fixture://blob/pixel')).contents).toEqual([
        { uri: 'fixture://blob/pixel', mimeType: 'image/png', blob: PIXEL_PNG_BASE64 },
      ])
      const dir = await client.read('f', 'fixture://dir/')
      expect(dir.contents.map((c) => c.uri)).toEqual([
        'fixture://dir/a.txt',
        'fixture://dir/b.txt',
        'fixture://dir/c.txt',
      ])
      expect(dir).toMatchObject({ ttlMs: 60_000, cacheScope: 'public' })
    })

    it('treats an empty contents array as an empty resource, not as not found', async () => {
      expect((await client.read('f', 'fixture://empty')).contents).toEqual([])
    })

    it('throws ResourceNotFoundError carrying the URI for a miss', async () => {
      const error = await client.read('f', 'fixture://missing').catch((e) => e)
      expect(error).toBeInstanceOf(ResourceNotFoundError)
      expect(error).toMatchObject({ uri: 'fixture://missing', serverId: 'f', code: -32602 })
    })

    it('enforces maxBytes with a clear error', async () => {
      const error = await client.read('f', 'fixture://dir/', { maxBytes: 10 }).catch((e) => e)
      expect(error).toBeInstanceOf(ResourceTooLargeError)
      expect(error.message).toBe(
        'Resource fixture://dir/ on server "f" is 30 bytes, over the limit of 10 bytes',
      )
      expect((await client.read('f', 'fixture://dir/', { maxBytes: 30 })).contents).toHaveLength(3)
    })

    it('sends https:// reads to the server and never fetches them itself', async () => {
      const fetchSpy = vi.spyOn(globalThis, 'fetch')
      const error = await client.read('f', 'https://example.com/page').catch((e) => e)
      expect(error).toBeInstanceOf(ResourceNotFoundError)
      expect(fixture.calls('resources/read')).toBe(1)
      expect(fetchSpy).not.toHaveBeenCalled()
      fetchSpy.mockRestore()
    })

    it('aborts with the caller signal', async () => {
      const abort = new AbortController()
      abort.abort(new Error('not any more'))
      await expect(client.read('f', 'fixture://r/01', { signal: abort.signal })).rejects.toThrow(
        'not any more',
      )
    })
  })

  describe('templates and completion', () => {
    beforeEach(async () => {
      client.addServer('f', { transport: () => fixture.inMemoryTransport() })
      await client.ready('f')
    })

    it('completes a template variable with the context of chosen ones', async () => {
      const template = 'fixture://users/{owner}/repos/{repo}'
      expect(
        await client.complete('f', { template, argument: { name: 'owner', value: 'al' } }),
      ).toEqual({ values: ['alice', 'albert'], total: 2, hasMore: false })
      expect(
        await client.complete('f', {
          template,
          argument: { name: 'repo', value: 'a' },
          context: { owner: 'alice' },
        }),
      ).toEqual({ values: ['alpha', 'alpine', 'atlas'], total: 3, hasMore: false })
    })

    it('matches a concrete URI back to a listed template, and reads it', async () => {
      const templates = (await client.listTemplates('f')).items
      const found = findTemplate(templates, 'fixture://users/bob/repos/beta')
      expect(found?.template.name).toBe('repo')
      expect(found?.variables).toEqual({ owner: 'bob', repo: 'beta' })
      const read = await client.read('f', 'fixture://users/bob/repos/beta')
      expect(read.contents[0]).toMatchObject({ text: 'repo bob/beta' })
    })

    it('aborts a completion', async () => {
      const abort = new AbortController()
      const pending = client.complete('f', {
        template: 'fixture://r/{id}',
        argument: { name: 'id', value: '0' },
        signal: abort.signal,
      })
      abort.abort(new Error('typed on'))
      await expect(pending).rejects.toThrow('typed on')
    })

    it('says clearly when a server has no completions', async () => {
      const raw = createResourceClient()
      const { createRawModernServer } = await import('@resource-kit/test-utils')
      raw.addServer('raw', { transport: () => createRawModernServer({ results: {} }) })
      await expect(
        raw.complete('raw', { template: 'x://{a}', argument: { name: 'a', value: '' } }),
      ).rejects.toBeInstanceOf(NotSupportedError)
      await raw.close()
    })
  })

  describe('transports: real stdio, started with the file', () => {
    it('works over real stdio (stdioServer from the node entry)', async () => {
      const ready = await stdio.ready('stdio')
      expect(ready).toMatchObject({ era: 'modern', serverInfo: { name: 'fixture' } })
      const walk = await stdio.walkResources('stdio')
      expect(walk).toMatchObject({ complete: true, pages: 3 })
      expect(walk.items.map((r) => r.uri)).toContain('fixture://r/2')
    })
  })
})
