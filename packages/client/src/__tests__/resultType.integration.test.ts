// resultType is checked on every result, whatever the SDK thought of it: over the real SDK
// client, against servers written at the JSON-RPC level (a 2026 one from test-utils and a
// 2025 one here), since no SDK server sends these results.
import { InMemoryTransport } from '@modelcontextprotocol/server'
import { createRawModernServer } from '@resource-kit/test-utils'
import { afterEach, describe, expect, it } from 'vitest'
import { createResourceClient } from '../createResourceClient.ts'
import { InvalidContentError } from '../errors.ts'
import type { ResourceClient } from '../resourceClient.ts'

type Results = Record<string, (params: Record<string, unknown>) => Record<string, unknown>>

/** A 2025-11-25 server at the JSON-RPC level: `initialize`, then the given results. */
function rawLegacyServer(results: Results) {
  const [clientEnd, serverEnd] = InMemoryTransport.createLinkedPair()
  serverEnd.onmessage = (message) => {
    if (!('method' in message) || !('id' in message)) return
    const reply = (body: object) =>
      serverEnd.send({ jsonrpc: '2.0', id: message.id, ...body } as never)
    if (message.method === 'initialize') {
      void reply({
        result: {
          protocolVersion: '2025-11-25',
          capabilities: { resources: {}, completions: {} },
          serverInfo: { name: 'raw-legacy', version: '1.0.0' },
        },
      })
      return
    }
    const handler = results[message.method]
    void reply(
      handler
        ? { result: handler((message.params ?? {}) as Record<string, unknown>) }
        : { error: { code: -32601, message: `Method not found: ${message.method}` } },
    )
  }
  void serverEnd.start()
  return clientEnd
}

const servers = {
  '2026-07-28': (results: Results) =>
    createRawModernServer({ results, capabilities: { resources: {}, completions: {} } }),
  '2025-11-25': rawLegacyServer,
}

describe.each(Object.keys(servers) as (keyof typeof servers)[])('resultType (%s)', (version) => {
  let client: ResourceClient
  let calls: Record<string, number>

  async function connect(resultType: unknown) {
    calls = {}
    const counted =
      (method: string, body: Record<string, unknown>) => (_params: Record<string, unknown>) => {
        calls[method] = (calls[method] ?? 0) + 1
        return { ...body, resultType, ttlMs: 60_000, cacheScope: 'public' }
      }
    const results: Results = {
      'resources/list': counted('resources/list', { resources: [{ uri: 'a://1', name: 'one' }] }),
      'resources/templates/list': counted('resources/templates/list', {
        resourceTemplates: [{ uriTemplate: 'a://{id}', name: 'a' }],
      }),
      'completion/complete': counted('completion/complete', {
        completion: { values: ['x'] },
      }),
      'resources/read': counted('resources/read', { contents: [{ uri: 'a://1', text: 'hi' }] }),
    }
    client = createResourceClient()
    client.addServer('raw', { transport: () => servers[version](results) })
    await client.ready('raw')
  }

  afterEach(async () => {
    await client.close()
  })

  it('refuses input_required on a list, a template list or a completion, and caches none of them', async () => {
    await connect('input_required')
    for (let i = 0; i < 2; i++) {
      await expect(client.listResources('raw')).rejects.toThrow(InvalidContentError)
      await expect(client.listTemplates('raw')).rejects.toThrow(InvalidContentError)
      await expect(
        client.complete('raw', { template: 'a://{id}', argument: { name: 'id', value: '' } }),
      ).rejects.toThrow(/Invalid completion\/complete result.*input_required/)
    }
    expect(calls).toMatchObject({ 'resources/list': 2, 'resources/templates/list': 2 })
  })

  it('refuses an unknown resultType on every method, and caches none of them', async () => {
    await connect('task')
    for (let i = 0; i < 2; i++) {
      await expect(client.listResources('raw')).rejects.toThrow(/unknown resultType "task"/)
      await expect(client.read('raw', 'a://1')).rejects.toThrow(InvalidContentError)
      await expect(
        client.complete('raw', { template: 'a://{id}', argument: { name: 'id', value: '' } }),
      ).rejects.toThrow(InvalidContentError)
    }
    expect(calls).toMatchObject({ 'resources/list': 2, 'resources/read': 2 })
  })

  it('reads an absent resultType as complete', async () => {
    await connect(undefined)
    expect((await client.listResources('raw')).items).toHaveLength(1)
    expect((await client.read('raw', 'a://1')).contents).toHaveLength(1)
    expect(
      (await client.complete('raw', { template: 'a://{id}', argument: { name: 'id', value: '' } }))
        .values,
    ).toEqual(['x'])
  })
})
