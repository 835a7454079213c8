// `npm run demo`: builds the chat app, starts the demo MCP server over Streamable HTTP, a
// second one that needs sign-in (`--auth`: its own port, with its OAuth authorization
// server on another), the bridge backend that holds the connections to both and to
// server-everything over stdio (startBridge.ts), and a static server for the app (with
// `/config.json` naming the servers and the bridge), and returns the URLs. The page runs
// through the bridge unless it is opened with `?mode=direct` (or the demo started with
// `bridge: false`); the HTTP servers allow the app's origin (CORS) for direct mode. The
// browser tests start the same thing.
import { startDemoHttpServer, startProtectedDemoServer } from '@resource-kit/demo-server/node'
import { OAUTH_CALLBACK_PATH } from '../src/auth/oauthCallback.ts'
import { buildChat } from './buildChat.ts'
import { serveStatic } from './serveStatic.ts'
import {
  BRIDGE_PATH,
  type BridgedServer,
  everythingServer,
  type RunningBridge,
  startBridge,
} from './startBridge.ts'

export interface StartDemoOptions {
  /** Port of the chat app; 0 picks a free one. @default 5173 */
  appPort?: number
  /** Port of the MCP server; 0 picks a free one. @default 3333 */
  mcpPort?: number
  /**
   * Port of the protected MCP server (sign-in needed); 0 picks a free one, `false` starts
   * none. @default 3334
   */
  authMcpPort?: number | false
  /**
   * Port of its authorization server; 0 picks a free one. Fixed by default so a browser's
   * saved sign-in still finds it after a restart. @default 3335
   */
  authServerPort?: number
  /** Build into this directory. @default apps/chat/dist */
  outDir?: string
  /** Skip the build and serve `outDir` as it is. @default false */
  skipBuild?: boolean
  /** Less output from Vite. @default false */
  quiet?: boolean
  /** Write source maps. @default true */
  sourcemap?: boolean
  /**
   * Start the bridge backend (with server-everything over stdio) and open the page through
   * it by default; `false`: direct mode only, as before the bridge. @default true
   */
  bridge?: boolean
  /** Options passed to the demo server (e.g. a faster log for tests). */
  demo?: {
    logIntervalMs?: number
    /** How often the live file comes or goes, in ms. */
    fileIntervalMs?: number
    count?: number
    seed?: number | string
    pageSize?: number
  }
}

export interface RunningDemo {
  /** Open this in a browser. */
  appUrl: string
  /** The MCP endpoint (Streamable HTTP). */
  mcpUrl: string
  /** The protected MCP endpoint, unless `authMcpPort` was false. */
  authMcpUrl?: string
  /** Its authorization server (the issuer). */
  authServerUrl?: string
  /** The bridge backend, unless `bridge` was false. */
  bridge?: RunningBridge
  close(): Promise<void>
}

export async function startDemo(options: StartDemoOptions = {}): Promise<RunningDemo> {
  const root = options.skipBuild
    ? (options.outDir ?? new URL('../dist', import.meta.url).pathname)
    : await buildChat({
        ...(options.outDir && { outDir: options.outDir }),
        quiet: options.quiet ?? false,
      })
  // The app is served first: the MCP server then allows exactly its origin (CORS).
  let config: unknown = { servers: [] }
  let bridge: RunningBridge | undefined
  const app = await serveStatic({
    root,
    port: options.appPort ?? 5173,
    config: () => config,
    upgrade: () => bridge?.upgrade,
  })
  const origin = new URL(app.url).origin
  const corsOrigins = [origin, origin.replace('127.0.0.1', 'localhost')]
  const closing: (() => Promise<void>)[] = [() => app.close()]
  const closeAll = () => Promise.all(closing.map((close) => close())).then(() => {})
  try {
    const mcp = await startDemoHttpServer({
      port: options.mcpPort ?? 3333,
      // Pages of 500: the 10,000 demo resources arrive in 20 pages, paging still visible.
      pageSize: 500,
      ...options.demo,
      corsOrigins,
    })
    closing.push(() => mcp.close())
    const servers = [{ id: 'demo', url: mcp.url, name: 'Demo workspace' }]
    let secured: Awaited<ReturnType<typeof startProtectedDemoServer>> | undefined
    if (options.authMcpPort !== false) {
      secured = await startProtectedDemoServer({
        port: options.authMcpPort ?? 3334,
        pageSize: 500,
        ...options.demo,
        corsOrigins,
        authServer: { port: options.authServerPort ?? 3335 },
      })
      closing.push(() => secured!.close())
      servers.push({ id: 'protected', url: secured.url, name: 'Protected workspace' })
    }
    if (options.bridge !== false) {
      const bridged: BridgedServer[] = [
        ...servers.map(({ id, name, url }) => ({
          id,
          name,
          location: url,
          source: { url, protected: id === 'protected' },
        })),
        {
          id: 'everything',
          name: 'Everything (stdio)',
          location: 'stdio: @modelcontextprotocol/server-everything',
          source: { stdio: everythingServer() },
        },
      ]
      bridge = startBridge({
        servers: bridged,
        origins: corsOrigins,
        redirectUrl: new URL(OAUTH_CALLBACK_PATH, origin).href,
      })
      closing.push(() => bridge!.close())
      config = {
        servers,
        bridge: {
          url: BRIDGE_PATH,
          servers: bridged.map(({ id, name, location }) => ({ id, name, location })),
        },
      }
    } else {
      config = { servers }
    }
    return {
      appUrl: app.url,
      mcpUrl: mcp.url,
      ...(secured && { authMcpUrl: secured.url, authServerUrl: secured.authServer.issuer }),
      ...(bridge && { bridge }),
      close: closeAll,
    }
  } catch (error) {
    await closeAll()
    throw error
  }
}
