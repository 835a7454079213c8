// `npm run demo`: builds the chat app, starts the demo MCP server over Streamable HTTP and
// a static server for the app (with `/config.json` pointing at the demo), and returns both
// URLs. The browser tests start the same thing.
import { startDemoHttpServer } from '@resource-kit/demo-server/node'
import { buildChat } from './buildChat.ts'
import { serveStatic } from './serveStatic.ts'

export interface StartDemoOptions {
  /** Port of the chat app; 0 picks a free one. @default 5173 */
  appPort?: number
  /** Port of the MCP server; 0 picks a free one. @default 3333 */
  mcpPort?: number
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
  const mcp = await startDemoHttpServer({
    port: options.mcpPort ?? 3333,
    // Pages of 500: the 10,000 demo resources arrive in 20 pages, paging still visible.
    pageSize: 500,
    ...options.demo,
    corsOrigins: [origin, origin.replace('127.0.0.1', 'localhost')],
  }).catch(async (error) => {
    await app.close()
    throw error
  })
  config = { servers: [{ id: 'demo', url: mcp.url, name: 'Demo workspace' }] }
  return {
    appUrl: app.url,
    mcpUrl: mcp.url,
    async close() {
      await Promise.all([app.close(), mcp.close()])
    },
  }
}
