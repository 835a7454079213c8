// The bridge over real channels: loopback WebSockets (`ws` on both ends, the browser's
// WebSocket has the same surface) and a MessageChannel, to the real demo server over
// Streamable HTTP. Wire calls are counted at the backend's fetch.
import { callTool, createResourceTools } from '@resource-kit/agent'
import { createResourceClient, type ResourceClient } from '@resource-kit/client'
import {
  connectBridge,
  createBridgeBackend,
  messagePortChannel,
  serveBridge,
  webSocketChannel,
} from '@resource-kit/client/bridge'
import { type DemoHttpServer, startDemoHttpServer } from '@resource-kit/demo-server/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WebSocket, WebSocketServer } from 'ws'

const WAIT = { timeout: 10_000, interval: 10 }

describe('the bridge over real channels to the demo server', () => {
  let server: DemoHttpServer
  let client: ResourceClient
  let sockets: WebSocketServer
  let url: string
  const calls = new Map<string, number>()
  const backend = createBridgeBackend()
  const closers: (() => unknown)[] = []

  beforeAll(async () => {
    server = await startDemoHttpServer({ port: 0, count: 500, pageSize: 50 })
    client = createResourceClient({ inputHandler: backend.inputHandler })
    client.addServer('demo', {
      url: server.url,
      // Counts what reaches the MCP server, by JSON-RPC method.
      fetch: async (input, init) => {
        if (typeof init?.body === 'string') {
          const method = (JSON.parse(init.body) as { method?: string }).method
          if (method) calls.set(method, (calls.get(method) ?? 0) + 1)
        }
        return fetch(input, init)
      },
    })
    await client.ready('demo')
    sockets = new WebSocketServer({ host: '127.0.0.1', port: 0, maxPayload: 2_000_000 })
    await new Promise((resolve) => sockets.once('listening', resolve))
    const address = sockets.address()
    url = `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
    sockets.on('connection', (socket) => {
      serveBridge(client, webSocketChannel(socket), { backend, grant: () => true })
    })
  })
  afterAll(async () => {
    for (const close of closers.splice(0)) await close()
    await new Promise((resolve) => sockets?.close(resolve))
    await client?.close()
    await server?.close()
  })

  // The browser's own WebSocket fits the channel as `ws`'s does (the type checker checks it).
  const forBrowsers: (socket: globalThis.WebSocket) => unknown = webSocketChannel
  void forBrowsers

  function page() {
    const opened: WebSocket[] = []
    const bridged = connectBridge(
      () => {
        const socket = new WebSocket(url)
        opened.push(socket)
        return webSocketChannel(socket)
      },
      { reconnect: { initialMs: 20, maxMs: 100, jitter: 0 } },
    )
    closers.push(() => bridged.close())
    return { client: bridged, opened }
  }

  it('lists over loopback WebSockets: one walk of the public list serves every page', async () => {
    const pages = [page(), page(), page()]
    calls.clear()
    const walks = await Promise.all(pages.map((p) => p.client.walkResources('demo')))
    const direct = await client.walkResources('demo')
    for (const walk of walks) {
      expect(walk.complete).toBe(true)
      expect(walk.items.map((r) => r.uri)).toEqual(direct.items.map((r) => r.uri))
    }
    // The list is public (ttlMs 10 s): one walk reached the server, not one per page.
    expect(calls.get('resources/list')).toBe(Math.ceil(direct.items.length / 50))
  })

  it('shows reconnecting when the WebSocket drops, and comes back', async () => {
    const { client: bridged, opened } = page()
    await bridged.ready('demo')
    const before = await bridged.listResources('demo')
    opened[0]?.terminate() // no close handshake: what a dropped network looks like
    await expect.poll(() => bridged.getServer('demo')?.status, WAIT).toBe('reconnecting')
    await expect.poll(() => bridged.getServer('demo')?.status, WAIT).toBe('ready')
    expect(opened.length).toBe(2)
    expect((await bridged.listResources('demo')).items.map((r) => r.uri)).toEqual(
      before.items.map((r) => r.uri),
    )
  })

  it('refuses a message over the size limit on a real socket, and the socket stays up', async () => {
    const { client: bridged, opened } = page()
    await bridged.ready('demo')
    const socket = opened[0] as WebSocket
    const replies: string[] = []
    socket.on('message', (data) => replies.push(String(data)))
    socket.send(
      `{"type":"request","id":99999,"method":"read","params":{"uri":"${'x'.repeat(1_500_000)}"}}`,
    )
    await expect.poll(() => replies.some((r) => r.includes('message too large')), WAIT).toBe(true)
    const uri = (await bridged.listResources('demo')).items[0]?.uri as string
    expect((await bridged.read('demo', uri)).contents.length).toBeGreaterThan(0)
  })

  it('gives the agent package its tools over the bridge', async () => {
    const { client: bridged } = page()
    await bridged.ready('demo')
    const tools = createResourceTools(bridged, { pageSize: 20 })
    const servers = (await callTool(tools, 'list_servers', {})) as {
      ok: boolean
      servers?: unknown[]
    }
    expect(servers.ok).toBe(true)
    const listed = (await callTool(tools, 'list_resources', {})) as {
      ok: boolean
      resources?: { uri: string }[]
    }
    expect(listed.resources?.length).toBe(20)
    const uri =
      listed.resources?.find((r) => r.uri.endsWith('.md'))?.uri ?? listed.resources?.[0]?.uri
    const read = (await callTool(tools, 'read_resource', { uri })) as { ok: boolean }
    expect(read.ok).toBe(true)
  })

  it('works over a MessageChannel (iframes, workers, webviews)', async () => {
    const { port1, port2 } = new MessageChannel()
    const served = serveBridge(client, messagePortChannel(port2), { backend, grant: () => true })
    const bridged = connectBridge(messagePortChannel(port1))
    closers.push(
      () => bridged.close(),
      () => served.close(),
    )
    const walk = await bridged.walkResources('demo')
    expect(walk.complete).toBe(true)
    await bridged.close()
    await expect.poll(() => served.closed, WAIT).toBe(true)
  })
})
