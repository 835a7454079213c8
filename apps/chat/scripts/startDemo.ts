// `npm run demo`: builds the chat app, starts the demo MCP server over Streamable HTTP, a
// second one that needs sign-in (`--auth`: its own port, with its OAuth authorization
// server on another), and a static server for the app (with `/config.json` naming both),
// and returns the URLs. The browser tests start the same thing.
import { startDemoHttpServer, startProtectedDemoServer } from '@resource-kit/demo-server/node'
import { buildChat } from './buildChat.ts'
import { serveStatic } from './serveStatic.ts'

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
  const app = await serveStatic({ root, port: options.appPort ?? 5173, config: () => config })
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
    config = { servers }
    return {
      appUrl: app.url,
      mcpUrl: mcp.url,
      ...(secured && { authMcpUrl: secured.url, authServerUrl: secured.authServer.issuer }),
      close: closeAll,
    }
  } catch (error) {
    await closeAll()
    throw error
  }
}
