import {
  createLegacyFixture,
  EVERYTHING_SERVER_SCRIPT,
  LEGACY_CONFIRM_URI,
  LEGACY_INPUT_URIS,
  type LegacyFixture,
  legacyStdioCommand,
  StdioInPlaceTransport,
} from '@resource-kit/test-utils'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { createResourceClient } from '../createResourceClient.ts'
import { ResourceNotFoundError } from '../errors.ts'
import type { ElicitationAnswer } from '../inputHandler.ts'
import { stdioServer } from '../node.ts'
import type { ResourceClient } from '../resourceClient.ts'
import { isBase64 } from '../validateRead.ts'

// The stdio servers start with the file and boot while the in-process tests run.
let stdio: ResourceClient
beforeAll(() => {
  stdio = createResourceClient()
  // The 1.x fixture's era is probed on the connection itself (one process start saved).
  // server-everything goes through stdioServer, so the SDK's throw-away probe process is
  // exercised against a published legacy server.
  const { command, args } = legacyStdioCommand({}, { compiled: true })
  stdio.addServer('v1', {
    transport: () => new StdioInPlaceTransport({ command, args, stderr: 'ignore' }),
  })
  stdio.addServer(
    'everything',
    stdioServer({
      command: process.execPath,
      args: [EVERYTHING_SERVER_SCRIPT, 'stdio'],
      stderr: 'ignore',
    }),
  )
})
afterAll(() => stdio.close())

describe('legacy (2025-11-25) servers', () => {
  describe('the sdk 1.x fixture, in-process', () => {
    let legacy: LegacyFixture
    let client: ResourceClient

    afterEach(async () => {
      await client.close()
      await legacy.close()
    })

    it('falls back to initialize and lists, pages, reads, completes and classifies misses', async () => {
      legacy = createLegacyFixture({ resourceCount: 12, pageSize: 5 })
      client = createResourceClient()
      client.addServer('old', { transport: () => legacy.inMemoryTransport() })
      expect(await client.ready('old')).toMatchObject({
        era: 'legacy',
        protocolVersion: '2025-11-25',
        serverInfo: { name: 'fixture-legacy' },
      })
      const walk = await client.walkResources('old')
      expect(walk).toMatchObject({ complete: true, pages: 3 })
      const page = await client.listResources('old')
      expect(page).toMatchObject({ ttlMs: 0, cacheScope: 'private' })
      expect((await client.walkTemplates('old')).items).toHaveLength(2)
      expect((await client.read('old', 'fixture://blob/pixel')).contents[0]).toHaveProperty('blob')
      expect(
        await client.complete('old', {
          template: 'fixture://r/{id}',
          argument: { name: 'id', value: '1' },
        }),
      ).toEqual({ values: ['10', '11'], total: 2, hasMore: false })
      const miss = await client.read('old', 'fixture://nope').catch((e) => e)
      expect(miss).toBeInstanceOf(ResourceNotFoundError)
      expect(miss).toMatchObject({ uri: 'fixture://nope', code: -32602, data: undefined })
    })

    it('answers a real elicitation/create request with the input handler', async () => {
      legacy = createLegacyFixture()
      const inputHandler = vi.fn(async () => ({ action: 'accept' as const, content: { ok: true } }))
      client = createResourceClient({ inputHandler })
      client.addServer('old', { transport: () => legacy.inMemoryTransport() })
      const read = await client.read('old', LEGACY_CONFIRM_URI)
      expect(read.contents[0]).toMatchObject({ text: 'confirmed' })
      expect(inputHandler).toHaveBeenCalledWith(
        expect.objectContaining({
          mode: 'form',
          message: 'Read the legacy input fixture?',
          fields: [expect.objectContaining({ name: 'ok', type: 'boolean', required: true })],
        }),
        expect.objectContaining({ serverId: 'old' }),
      )
    })

    it('refuses a URL elicitation that is not http(s) before the person sees it', async () => {
      legacy = createLegacyFixture()
      const inputHandler = vi.fn(async () => ({ action: 'accept' as const }))
      client = createResourceClient({ inputHandler })
      client.addServer('old', { transport: () => legacy.inMemoryTransport() })
      const read = await client.read('old', LEGACY_INPUT_URIS.hostileUrl)
      // The fixture reports the error its elicitation/create got back.
      expect(read.contents[0]).toMatchObject({
        text: 'refused -32602: MCP error -32602: Refused elicitation/create: URL elicitation asks to open a non-http(s) URL (javascript:alert(1))',
      })
      expect(inputHandler).not.toHaveBeenCalled()
    })

    it('validates and coerces an accepted answer before sending it', async () => {
      legacy = createLegacyFixture()
      // What a form naturally produces: strings, and a field the server never asked for.
      const inputHandler = vi.fn(async () => ({
        action: 'accept' as const,
        content: { ok: 'true', count: '3', secret: 'not for the server' },
      }))
      client = createResourceClient({ inputHandler })
      client.addServer('old', { transport: () => legacy.inMemoryTransport() })
      const read = await client.read('old', LEGACY_INPUT_URIS.echo)
      expect(JSON.parse((read.contents[0] as { text: string }).text)).toEqual({
        action: 'accept',
        content: { ok: true, count: 3 },
      })
    })

    it('sends an error, not the answer, when the answer does not fit the form', async () => {
      legacy = createLegacyFixture()
      const inputHandler = vi.fn(async () => ({
        action: 'accept' as const,
        content: { ok: 'maybe', count: 11 },
      }))
      client = createResourceClient({ inputHandler })
      client.addServer('old', { transport: () => legacy.inMemoryTransport() })
      const read = await client.read('old', LEGACY_INPUT_URIS.echo)
      expect(read.contents[0]).toMatchObject({
        text: 'refused -32602: MCP error -32602: The answer is not valid (ok: Choose yes or no.; count: Enter at most 10.)',
      })
    })

    it('closes the prompt when the read is aborted, and reads again after', async () => {
      legacy = createLegacyFixture()
      const prompts: AbortSignal[] = []
      let answer = (signal: AbortSignal): Promise<ElicitationAnswer> => {
        prompts.push(signal)
        return new Promise(() => {}) // a person who never answers
      }
      client = createResourceClient({
        inputHandler: (_request, context) => answer(context.signal),
      })
      client.addServer('old', { transport: () => legacy.inMemoryTransport() })
      const controller = new AbortController()
      const reading = client.read('old', LEGACY_INPUT_URIS.confirm, { signal: controller.signal })
      await vi.waitFor(() => expect(prompts).toHaveLength(1))
      controller.abort()
      await expect(reading).rejects.toMatchObject({ name: 'AbortError' })
      // The read's cancellation reaches the server, which withdraws its elicitation.
      await expect.poll(() => prompts[0]?.aborted).toBe(true)
      answer = async () => ({ action: 'accept', content: { ok: true } })
      const again = await client.read('old', LEGACY_INPUT_URIS.confirm)
      expect(again.contents[0]).toMatchObject({ text: 'confirmed' })
    })

    it('receives unsolicited list_changed and updated notifications through a watch', async () => {
      legacy = createLegacyFixture()
      client = createResourceClient()
      client.addServer('old', { transport: () => legacy.inMemoryTransport() })
      await client.ready('old')
      const watch = client.watch('old', { uris: ['fixture://r/01'], listChanged: true })
      const events: string[] = []
      watch.onEvent((event) => events.push(event.type))
      await expect.poll(() => watch.getSnapshot().status).toBe('live')
      legacy.notifyUpdated('fixture://r/01')
      legacy.addResource({ uri: 'fixture://added', name: 'added' })
      await expect.poll(() => events.sort()).toEqual(['listChanged', 'updated'])
      await watch.close()
    })
  })

  describe('over real stdio', () => {
    beforeAll(async () => {
      await Promise.all([stdio.ready('v1'), stdio.ready('everything')])
    })

    it('reads the sdk 1.x fixture', async () => {
      expect(stdio.getServer('v1')?.era).toBe('legacy')
      expect((await stdio.walkResources('v1')).items).toHaveLength(28)
      expect(await stdio.read('v1', 'fixture://nope').catch((e) => e)).toBeInstanceOf(
        ResourceNotFoundError,
      )
    })

    it('lists, reads, completes and classifies misses on server-everything', async () => {
      expect(stdio.getServer('everything')).toMatchObject({ status: 'ready', era: 'legacy' })
      const walk = await stdio.walkResources('everything')
      expect(walk.complete).toBe(true)
      expect(walk.items.length).toBeGreaterThan(0)
      const text = walk.items.find((r) => r.mimeType?.startsWith('text/'))
      expect(text).toBeDefined()
      const read = await stdio.read('everything', text!.uri)
      expect(read.contents[0]).toHaveProperty('text')

      const templates = (await stdio.walkTemplates('everything')).items.map((t) => t.uriTemplate)
      expect(templates).toContain('demo://resource/dynamic/text/{resourceId}')
      expect(templates).toContain('demo://resource/dynamic/blob/{resourceId}')
      const blob = await stdio.read('everything', 'demo://resource/dynamic/blob/1')
      const content = blob.contents[0]
      expect(content && 'blob' in content && isBase64(content.blob)).toBe(true)
      const dynamic = await stdio.read('everything', 'demo://resource/dynamic/text/2')
      expect(dynamic.contents[0]).toHaveProperty('text')

      const completion = await stdio.complete('everything', {
        template: 'demo://resource/dynamic/text/{resourceId}',
        argument: { name: 'resourceId', value: '1' },
      })
      expect(completion.values).toContain('1')

      const miss = await stdio.read('everything', 'demo://nope').catch((e) => e)
      expect(miss).toBeInstanceOf(ResourceNotFoundError)
      expect(miss).toMatchObject({ uri: 'demo://nope', code: -32602, data: undefined })
    })
  })
})
