// A 2026-07-28 server at the JSON-RPC level whose every string is the test's to choose —
// names, titles, descriptions, URIs, contents, error messages — and a real client connected
// to it in-process. For what no well-behaved server sends: hostile text, exact sizes.
import { InMemoryTransport } from '@modelcontextprotocol/server'
import { createResourceClient, type ResourceClient } from '@resource-kit/client'

export interface ServedResource {
  uri: string
  name: string
  title?: string
  description?: string
  mimeType?: string
  annotations?: { priority?: number; lastModified?: string }
  /** What a read returns (default: one text item, the name). */
  contents?: (
    | { uri: string; mimeType?: string; text: string }
    | { uri: string; mimeType?: string; blob: string }
  )[]
  /** A read fails with this message instead. */
  error?: string
}

export interface ScriptedWorld {
  client: ResourceClient
  /** `resources/read` requests received, by URI. */
  reads: Map<string, number>
  close(): Promise<void>
}

const cache = { ttlMs: 60_000, cacheScope: 'public' }

export interface ServedTemplate {
  uriTemplate: string
  name: string
  title?: string
  description?: string
}

export async function connectScripted(
  resources: readonly ServedResource[],
  id = 'scripted',
  templates: readonly ServedTemplate[] = [],
): Promise<ScriptedWorld> {
  const reads = new Map<string, number>()
  const transport = () => {
    const [clientEnd, serverEnd] = InMemoryTransport.createLinkedPair()
    serverEnd.onmessage = (message) => {
      if (!('method' in message) || !('id' in message)) return
      const params = (message.params ?? {}) as Record<string, unknown>
      const reply = (body: object) =>
        serverEnd.send({ jsonrpc: '2.0', id: message.id, ...body } as never)
      const result = (body: object) => reply({ result: { resultType: 'complete', ...body } })
      switch (message.method) {
        case 'server/discover':
          return void result({
            supportedVersions: ['2026-07-28'],
            capabilities: { resources: {} },
            ttlMs: 0,
            cacheScope: 'private',
            _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'scripted', version: '1.0.0' } },
          })
        case 'resources/list':
          return void result({
            ...cache,
            resources: resources.map(({ contents: _c, error: _e, ...listed }) => listed),
          })
        case 'resources/templates/list':
          return void result({ ...cache, resourceTemplates: templates })
        case 'resources/read': {
          const uri = String(params.uri)
          reads.set(uri, (reads.get(uri) ?? 0) + 1)
          const found = resources.find((resource) => resource.uri === uri)
          if (!found) return void reply({ error: { code: -32602, message: 'no such resource' } })
          if (found.error !== undefined)
            return void reply({ error: { code: -32603, message: found.error } })
          return void result({
            ...cache,
            contents: found.contents ?? [{ uri, mimeType: 'text/plain', text: found.name }],
          })
        }
        default:
          return void reply({
            error: { code: -32601, message: `Method not found: ${message.method}` },
          })
      }
    }
    void serverEnd.start()
    return clientEnd
  }
  const client = createResourceClient()
  client.addServer(id, { transport })
  await client.ready(id)
  return { client, reads, close: () => client.close() }
}
