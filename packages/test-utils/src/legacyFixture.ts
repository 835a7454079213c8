// The same fixture world served by @modelcontextprotocol/sdk 1.x: a real 2025-11-25
// server, as every published server is today. Its miss is `-32602` with no `data`.
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js'
import { Server } from '@modelcontextprotocol/sdk/server/index.js'
import {
  CompleteRequestSchema,
  ErrorCode,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  McpError,
  ReadResourceRequestSchema,
  SubscribeRequestSchema,
  UnsubscribeRequestSchema,
} from '@modelcontextprotocol/sdk/types.js'
import { readContents, TEMPLATES } from './fixtureData.ts'
import { type FixtureOptions, FixtureWorld, InvalidCursor } from './fixtureWorld.ts'
import { readLegacyInput } from './legacyInput.ts'

/** A 1.x Server over `world` that pushes `updated` (to subscribers) and `list_changed`. */
export function createLegacyMcpServer(world: FixtureWorld): Server {
  const server = new Server(
    { name: `${world.options.name}-legacy`, version: '1.0.0' },
    { capabilities: { resources: { subscribe: true, listChanged: true }, completions: {} } },
  )
  const subscribed = new Set<string>()
  server.setRequestHandler(ListResourcesRequestSchema, (request) => {
    world.count('resources/list')
    try {
      return { ...world.page(request.params?.cursor) }
    } catch (error) {
      if (error instanceof InvalidCursor)
        throw new McpError(ErrorCode.InvalidParams, 'Invalid cursor')
      throw error
    }
  })
  server.setRequestHandler(ListResourceTemplatesRequestSchema, () => {
    world.count('resources/templates/list')
    return { resourceTemplates: TEMPLATES }
  })
  server.setRequestHandler(ReadResourceRequestSchema, async (request, extra) => {
    world.count('resources/read')
    const uri = request.params.uri
    const asked = await readLegacyInput(server, uri, extra.signal)
    if (asked) return { contents: asked }
    const contents = readContents(uri, world.resources, world.texts)
    if (!contents) throw new McpError(ErrorCode.InvalidParams, `Resource ${uri} not found`)
    return { contents } as never
  })
  server.setRequestHandler(CompleteRequestSchema, (request) => {
    return world.complete(request.params)
  })
  server.setRequestHandler(SubscribeRequestSchema, (request) => {
    world.count('resources/subscribe')
    subscribed.add(request.params.uri)
    return {}
  })
  server.setRequestHandler(UnsubscribeRequestSchema, (request) => {
    world.count('resources/unsubscribe')
    subscribed.delete(request.params.uri)
    return {}
  })
  const off = world.onChange((change) => {
    if (change.type === 'listChanged') server.sendResourceListChanged().catch(() => {})
    else if (subscribed.has(change.uri))
      server.sendResourceUpdated({ uri: change.uri }).catch(() => {})
  })
  server.onclose = off
  return server
}

export interface LegacyFixture {
  readonly world: FixtureWorld
  /** A client-side transport connected in-process to a fresh 1.x server. */
  inMemoryTransport(): Promise<InMemoryTransport>
  notifyUpdated(uri: string): void
  addResource: FixtureWorld['addResource']
  calls(method: string): number
  close(): Promise<void>
}

export function createLegacyFixture(options: FixtureOptions = {}): LegacyFixture {
  const world = new FixtureWorld(options)
  const servers: Server[] = []
  return {
    world,
    async inMemoryTransport() {
      const [clientEnd, serverEnd] = InMemoryTransport.createLinkedPair()
      const server = createLegacyMcpServer(world)
      servers.push(server)
      await server.connect(serverEnd)
      return clientEnd
    },
    notifyUpdated: (uri) => world.emit({ type: 'updated', uri }),
    addResource: (resource) => world.addResource(resource),
    calls: (method) => world.calls(method),
    async close() {
      await Promise.allSettled(servers.splice(0).map((server) => server.close()))
    },
  }
}
