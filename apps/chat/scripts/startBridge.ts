// The demo's bridge backend: one ResourceClient in Node holds every MCP connection — the
// demo server and the protected one over HTTP, and `@modelcontextprotocol/server-everything`
// over stdio (which no page can reach) — and serves it to each page over a WebSocket on the
// app's own origin (`/bridge`). Sign-in happens here: the page opens the authorization page
// it is sent, the backend exchanges the code and keeps the tokens (in memory: they end with
// the process, and never reach the page).
import type { IncomingMessage } from 'node:http'
import { fileURLToPath } from 'node:url'
import {
  createOAuth,
  createResourceClient,
  memoryAuthStorage,
  type ResourceClient,
  type ServerSource,
} from '@resource-kit/client'
import { createBridgeBackend, serveBridge, webSocketChannel } from '@resource-kit/client/bridge'
import { stdioServer } from '@resource-kit/client/node'
import { type WebSocket, WebSocketServer } from 'ws'
import type { ServeStaticOptions } from './serveStatic.ts'

/** The path of the bridge's WebSocket on the app's origin. */
export const BRIDGE_PATH = '/bridge'

/** One server the backend connects to, and how the page shows where it lives. */
export interface BridgedServer {
  id: string
  name: string
  /** Shown in the server list (a URL, or the command of a stdio server). */
  location: string
  /** An HTTP endpoint (signed in to through the backend when `protected`), or stdio. */
  source: { url: string; protected?: boolean } | { stdio: ServerSource }
}

export interface StartBridgeOptions {
  servers: readonly BridgedServer[]
  /** The chat app's origins: the only pages whose WebSocket is accepted. */
  origins: readonly string[]
  /** Where the authorization server sends the browser back (the app's callback route). */
  redirectUrl: string
}

export interface RunningBridge {
  /** The backend's client (what every page is served). */
  client: ResourceClient
  /** Hands WebSocket upgrades to the bridge (serveStatic's `upgrade`). */
  upgrade: NonNullable<ReturnType<NonNullable<ServeStaticOptions['upgrade']>>>
  /**
   * Drops every page's WebSocket and refuses new ones until `resume()`: what a page sees
   * when its backend goes away (the browser tests use it).
   */
  suspend(): void
  resume(): void
  close(): Promise<void>
}

/** `@modelcontextprotocol/server-everything` (a devDependency) over stdio. */
export function everythingServer(): ServerSource {
  return stdioServer({
    command: process.execPath,
    args: [
      fileURLToPath(import.meta.resolve('@modelcontextprotocol/server-everything/dist/index.js')),
      'stdio',
    ],
    stderr: 'ignore',
  })
}

export function startBridge(options: StartBridgeOptions): RunningBridge {
  const backend = createBridgeBackend()
  const client = createResourceClient({
    inputHandler: backend.inputHandler,
    clientInfo: { name: 'resource-kit-chat-backend', version: '0.1.0', title: 'Resource Chat' },
  })
  const oauth = createOAuth({
    redirectUrl: options.redirectUrl,
    openAuthorization: backend.openAuthorization,
    storage: memoryAuthStorage(),
    clientName: 'Resource Chat (bridge)',
    clientUri: new URL(options.redirectUrl).origin,
  })
  for (const server of options.servers) {
    const source = server.source
    client.addServer(
      server.id,
      'stdio' in source
        ? source.stdio
        : { url: source.url, ...(source.protected && { auth: oauth }) },
    )
  }
  const sockets = new WebSocketServer({ noServer: true, maxPayload: 1_000_000 })
  const open = new Set<WebSocket>()
  let suspended = false
  const origins = new Set(options.origins)

  const upgrade: RunningBridge['upgrade'] = (request, socket, head) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname
    // Only this app's pages: another site's page must not drive the backend's connections
    // (a browser sends its Origin on a WebSocket, and no CORS check applies to one).
    const refusal =
      path !== BRIDGE_PATH
        ? '404 Not Found'
        : !allowed(request, origins)
          ? '403 Forbidden'
          : suspended
            ? '503 Service Unavailable'
            : undefined
    if (refusal) {
      socket.end(`HTTP/1.1 ${refusal}\r\n\r\n`)
      return
    }
    sockets.handleUpgrade(request, socket, head, (ws) => {
      open.add(ws)
      ws.once('close', () => open.delete(ws))
      // One user on a local demo: every server is granted, one principal.
      serveBridge(client, webSocketChannel(ws), { backend, grant: () => true, principal: 'demo' })
    })
  }

  // Abruptly, as a backend that went away: the page hears a close without a goodbye (each
  // socket's close ends its served connection: requests abort, watches close).
  const dropAll = () => {
    for (const ws of open) ws.terminate()
  }

  return {
    client,
    upgrade,
    suspend() {
      suspended = true
      dropAll()
    },
    resume() {
      suspended = false
    },
    async close() {
      dropAll()
      await new Promise((resolve) => sockets.close(resolve))
      await client.close()
    },
  }
}

function allowed(request: IncomingMessage, origins: ReadonlySet<string>): boolean {
  const origin = request.headers.origin
  return typeof origin === 'string' && origins.has(origin)
}
