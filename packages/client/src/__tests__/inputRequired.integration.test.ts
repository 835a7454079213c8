// Reads that need input, against the real fixture server: modern `input_required` over
// the in-process HTTP path, and the same confirmation on a legacy (2025-11-25)
// connection, where the server's shim sends a real `elicitation/create` instead.
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/client'
import { InMemoryTransport } from '@modelcontextprotocol/server'
import {
  createFixtureMcpServer,
  createFixtureServer,
  type FixtureServer,
  FixtureWorld,
  INPUT_URIS,
} from '@resource-kit/test-utils'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createResourceClient } from '../createResourceClient.ts'
import type { ElicitationAnswer, ElicitationRequest, InputContext } from '../inputHandler.ts'
import { InputDeclinedError, InputRoundsExceededError, requestWithInput } from '../inputRequired.ts'
import type { ResourceClient } from '../resourceClient.ts'
import { resourceKeys } from '../resourceKeys.ts'
import { connectSdkSession } from '../sdkSession.ts'

type Handler = (request: ElicitationRequest, context: InputContext) => Promise<ElicitationAnswer>

const confirmForm = {
  mode: 'form',
  message: 'Read the input fixture?',
  fields: [{ name: 'ok', type: 'boolean', required: true, title: 'Read it?' }],
}

describe('reads that need input (modern, in-process HTTP)', () => {
  let fixture: FixtureServer
  let client: ResourceClient
  let answer: Handler
  const handler = vi.fn<Handler>((request, context) => answer(request, context))

  beforeEach(() => {
    fixture = createFixtureServer({ resourceCount: 2, pageSize: 0 })
    handler.mockClear()
    answer = async () => ({ action: 'accept', content: { ok: true } })
    client = createResourceClient({ inputHandler: handler })
    client.addServer('fx', { url: fixture.url, fetch: fixture.fetch })
  })
  afterEach(async () => {
    await client.close()
    await fixture.close()
  })

  it('answers one confirmation, and never caches the result', async () => {
    const result = await client.read('fx', INPUT_URIS.confirm)
    expect(result.contents).toEqual([
      { uri: INPUT_URIS.confirm, mimeType: 'text/plain', text: 'confirmed' },
    ])
    expect(handler).toHaveBeenCalledTimes(1)
    expect(handler.mock.calls[0]?.[0]).toMatchObject(confirmForm)
    expect(handler.mock.calls[0]?.[1]).toMatchObject({ serverId: 'fx', uri: INPUT_URIS.confirm })
    expect(fixture.calls('resources/read')).toBe(2)
    const key = resourceKeys.read('fx', client.partition, INPUT_URIS.confirm)
    expect(client.queryClient.getQueryData(key)).toBeUndefined()
    // Asked again: the answer given last time is not reused.
    await client.read('fx', INPUT_URIS.confirm)
    expect(handler).toHaveBeenCalledTimes(2)
  })

  it('goes through two rounds, the second carrying the server’s requestState', async () => {
    answer = async (request): Promise<ElicitationAnswer> => {
      const asksName = request.mode === 'form' && request.fields[0]?.name === 'name'
      return { action: 'accept', content: asksName ? { name: 'Ada' } : { ok: true } }
    }
    const result = await client.read('fx', INPUT_URIS.twoRounds)
    expect(result.contents[0]).toMatchObject({ text: 'hello Ada' })
    expect(handler.mock.calls.map(([request]) => request.message)).toEqual([
      'What is your name?',
      'Greet Ada?',
    ])
    expect(fixture.calls('resources/read')).toBe(3)
  })

  it('gives up on an endless server after the round cap, with the last result', async () => {
    const error = await client.read('fx', INPUT_URIS.endless).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(InputRoundsExceededError)
    expect((error as Error).message).toContain('still needs input after 10 rounds')
    expect((error as InputRoundsExceededError).lastResult).toMatchObject({
      resultType: 'input_required',
      inputRequests: { again: { method: 'elicitation/create' } },
    })
    expect(handler).toHaveBeenCalledTimes(10)
    expect(fixture.calls('resources/read')).toBe(11)
  })

  it.each(['decline', 'cancel'] as const)(
    'ends in "input declined" when the person chooses %s',
    async (action) => {
      answer = async () => ({ action })
      const error = await client.read('fx', INPUT_URIS.confirm).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(InputDeclinedError)
      expect((error as Error).message).toMatch(
        /^Input declined: Reading fixture:\/\/input\/confirm/,
      )
      expect(fixture.calls('resources/read')).toBe(1)
    },
  )

  it('sends the elicitation capability on every request only when a handler is registered', async () => {
    const declared = async (options: Parameters<typeof createResourceClient>[0]) => {
      const capabilities: unknown[] = []
      const own = createResourceClient(options)
      own.addServer('fx', {
        url: fixture.url,
        fetch: async (input, init) => {
          const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined
          if (body?.method === 'resources/read') {
            capabilities.push(body.params._meta['io.modelcontextprotocol/clientCapabilities'])
          }
          return fixture.fetch(input as Request, init)
        },
      })
      try {
        await own.read('fx', 'fixture://r/0')
      } finally {
        await own.close()
      }
      return capabilities
    }
    expect(await declared({ inputHandler: handler })).toEqual([
      { elicitation: { form: {}, url: {} } },
    ])
    expect(await declared({})).toEqual([{}])
  })

  it('comes back with only the requestState after a short pause', async () => {
    const result = await client.read('fx', INPUT_URIS.stateOnly)
    expect(result.contents[0]).toMatchObject({ text: 'came back' })
    expect(handler).not.toHaveBeenCalled()
    expect(fixture.calls('resources/read')).toBe(2)
  })

  it('stops waiting when the read is aborted mid-way', async () => {
    const controller = new AbortController()
    answer = () => {
      controller.abort()
      return new Promise(() => {})
    }
    await expect(
      client.read('fx', INPUT_URIS.twoRounds, { signal: controller.signal }),
    ).rejects.toMatchObject({ name: 'AbortError' })
    expect(fixture.calls('resources/read')).toBe(1)
  })

  it('closes the person’s prompt when the only caller aborts the read, and reads again after', async () => {
    const prompts: AbortSignal[] = []
    answer = (_request, context) => {
      prompts.push(context.signal)
      return new Promise(() => {}) // a person who never answers
    }
    const controller = new AbortController()
    const reading = client.read('fx', INPUT_URIS.confirm, { signal: controller.signal })
    await vi.waitFor(() => expect(prompts).toHaveLength(1))
    controller.abort()
    await expect(reading).rejects.toMatchObject({ name: 'AbortError' })
    expect(prompts[0]?.aborted).toBe(true)

    answer = async () => ({ action: 'accept', content: { ok: true } })
    const again = await client.read('fx', INPUT_URIS.confirm)
    expect(again.contents[0]).toMatchObject({ text: 'confirmed' })
    expect(handler).toHaveBeenCalledTimes(2)
  })

  it('keeps the prompt open while another caller still waits for the same read', async () => {
    let respond: ((answer: ElicitationAnswer) => void) | undefined
    let prompt: AbortSignal | undefined
    answer = (_request, context) => {
      prompt = context.signal
      return new Promise((resolve) => {
        respond = resolve
      })
    }
    const controller = new AbortController()
    const leaving = client.read('fx', INPUT_URIS.confirm, { signal: controller.signal })
    const staying = client.read('fx', INPUT_URIS.confirm)
    await vi.waitFor(() => expect(respond).toBeDefined())
    controller.abort()
    await expect(leaving).rejects.toMatchObject({ name: 'AbortError' })
    expect(prompt?.aborted).toBe(false)
    respond?.({ action: 'accept', content: { ok: true } })
    expect((await staying).contents[0]).toMatchObject({ text: 'confirmed' })
    expect(handler).toHaveBeenCalledTimes(1)
  })

  it('cancels the whole loop, the person’s prompt included, when its signal aborts', async () => {
    const session = await connectSdkSession(
      new StreamableHTTPClientTransport(new URL(fixture.url), { fetch: fixture.fetch }),
      {
        clientInfo: { name: 'test', version: '1' },
        onElicitation: async () => ({ action: 'cancel' }),
      },
    )
    try {
      const controller = new AbortController()
      let prompt: AbortSignal | undefined
      const loop = requestWithInput(
        session,
        'resources/read',
        { uri: INPUT_URIS.twoRounds },
        {
          serverId: 'fx',
          uri: INPUT_URIS.twoRounds,
          signal: controller.signal,
          handler: async (_request, context) => {
            prompt = context.signal
            controller.abort()
            return { action: 'accept', content: { name: 'too late' } }
          },
        },
      )
      await expect(loop).rejects.toMatchObject({ name: 'AbortError' })
      expect(prompt?.aborted).toBe(true)
      expect(fixture.calls('resources/read')).toBe(1)
    } finally {
      await session.close()
    }
  })
})

describe('reads that need input (legacy connection)', () => {
  it('answers the server’s real elicitation/create with the same handler', async () => {
    const world = new FixtureWorld({ resourceCount: 2 })
    const handler = vi.fn<Handler>(async () => ({ action: 'accept', content: { ok: true } }))
    const client = createResourceClient({ inputHandler: handler })
    // A v2 server connected the pre-2026 way: it speaks 2025-11-25 only.
    client.addServer('legacy', {
      transport: () => {
        const [clientEnd, serverEnd] = InMemoryTransport.createLinkedPair()
        void createFixtureMcpServer(world, { era: 'legacy', live: true }).connect(serverEnd)
        return clientEnd
      },
    })
    try {
      expect((await client.ready('legacy')).era).toBe('legacy')
      const result = await client.read('legacy', INPUT_URIS.confirm)
      expect(result.contents[0]).toMatchObject({ text: 'confirmed' })
      expect(handler).toHaveBeenCalledTimes(1)
      expect(handler.mock.calls[0]?.[0]).toMatchObject(confirmForm)
      expect(handler.mock.calls[0]?.[1]).toMatchObject({ serverId: 'legacy' })
    } finally {
      await client.close()
    }
  })

  it.each([
    ['with a handler', true],
    ['without one', false],
  ])('declares elicitation only when a handler is registered (%s)', async (_name, withHandler) => {
    const world = new FixtureWorld({ resourceCount: 2 })
    const client = createResourceClient(
      withHandler ? { inputHandler: async () => ({ action: 'cancel' }) } : {},
    )
    let server: ReturnType<typeof createFixtureMcpServer> | undefined
    client.addServer('legacy', {
      transport: () => {
        const [clientEnd, serverEnd] = InMemoryTransport.createLinkedPair()
        server = createFixtureMcpServer(world, { era: 'legacy', live: true })
        void server.connect(serverEnd)
        return clientEnd
      },
    })
    try {
      await client.ready('legacy')
      expect(Boolean(server?.getClientCapabilities()?.elicitation)).toBe(withHandler)
    } finally {
      await client.close()
    }
  })
})
