// The backend of the bridge example: it holds the MCP connection (stdio or HTTP: the page
// reaches neither, and needs no CORS), serves the built page, and serves its ResourceClient
// to each page over a WebSocket at /bridge with serveBridge.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createResourceClient, type ServerSource } from '@resource-kit/client'
import { createBridgeBackend, serveBridge, webSocketChannel } from '@resource-kit/client/bridge'
import { stdioServer } from '@resource-kit/client/node'
import { WebSocketServer } from 'ws'
import { serveFiles } from './serveFiles.ts'

/** A stdio server to start: the backend runs it as a child process. */
export interface StdioCommand {
  command: string
  args: string[]
}

export interface BridgeExampleOptions {
  /** The MCP server the backend holds: an http(s) URL, or a command to run over stdio. */
  mcp: string | StdioCommand
  /** The built page (`vite build` output). */
  pageDir: string
  /** @default '127.0.0.1' */
  host?: string
  /** 0 picks a free port. @default 8787 */
  port?: number
}

export interface RunningBridgeExample {
  /** Open this in a browser. */
  url: string
  close(): Promise<void>
}

function sourceOf(mcp: string | StdioCommand): ServerSource {
  if (typeof mcp === 'string') return { url: mcp }
  return stdioServer({ command: mcp.command, args: mcp.args, stderr: 'ignore' })
}

export async function startBridgeExample(
  options: BridgeExampleOptions,
): Promise<RunningBridgeExample> {
  const backend = createBridgeBackend()
  const client = createResourceClient({ inputHandler: backend.inputHandler })
  client.addServer('mcp', sourceOf(options.mcp))

  const http = createServer(serveFiles(options.pageDir))
  const host = options.host ?? '127.0.0.1'
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject)
    http.listen(options.port ?? 8787, host, () => resolve())
  })
  const { port } = http.address() as AddressInfo
  const url = `http://${host}:${port}/`
  // Only this page may open the bridge: a WebSocket is not bound by CORS, so any site the
  // user visits could otherwise connect to it (cross-site WebSocket hijacking).
  const ownOrigins = new Set([new URL(url).origin, `http://localhost:${port}`])
  const sockets = new WebSocketServer({
    server: http,
    path: '/bridge',
    maxPayload: 2_000_000,
    verifyClient: ({ origin }: { origin: string }) => ownOrigins.has(origin),
  })
  sockets.on('connection', (socket) => {
    // One page, one connection. A real backend grants the servers its signed-in user may use.
    serveBridge(client, webSocketChannel(socket), { backend, grant: () => true })
  })

  return {
    url,
    async close() {
      for (const socket of sockets.clients) socket.terminate()
      await new Promise((resolve) => sockets.close(resolve))
      await new Promise((resolve) => http.close(resolve))
      await client.close()
    },
  }
}
