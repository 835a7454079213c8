// A tiny static file server for the built chat app (no dependency beyond node:http):
// serves `root`, falls back to index.html for app routes, answers `/config.json` with the
// app's runtime configuration (which MCP servers to connect to, and the bridge), and hands
// WebSocket upgrades (the bridge, on the app's own origin) to `upgrade`.
import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import type { Duplex } from 'node:stream'

export interface ServeStaticOptions {
  /** The built app (Vite's `dist`). */
  root: string
  /** Served as `/config.json` (called per request, so it may be set after the start). */
  config: () => unknown
  /** @default 127.0.0.1 */
  host?: string
  /** 0 picks a free port. @default 0 */
  port?: number
  /** Takes WebSocket upgrades (called per request, so it may be set after the start). @default refused */
  upgrade?: () => ((request: IncomingMessage, socket: Duplex, head: Buffer) => void) | undefined
}

export interface StaticServer {
  url: string
  close(): Promise<void>
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.map': 'application/json; charset=utf-8',
  '.woff2': 'font/woff2',
}

export async function serveStatic(options: ServeStaticOptions): Promise<StaticServer> {
  const root = path.resolve(options.root)
  const server: Server = createServer(async (req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)
    if (pathname === '/config.json') {
      res.writeHead(200, { 'content-type': TYPES['.json'], 'cache-control': 'no-store' })
      res.end(JSON.stringify(options.config()))
      return
    }
    let file = path.join(root, pathname)
    if (!file.startsWith(root)) {
      res.writeHead(403).end()
      return
    }
    const info = await stat(file).catch(() => null)
    if (!info?.isFile()) file = path.join(root, 'index.html')
    res.writeHead(200, {
      'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
      'cache-control': file.includes(`${path.sep}assets${path.sep}`)
        ? 'max-age=31536000'
        : 'no-cache',
    })
    createReadStream(file)
      .on('error', () => res.destroy())
      .pipe(res)
  })
  server.on('upgrade', (request, socket, head) => {
    const upgrade = options.upgrade?.()
    if (upgrade) upgrade(request, socket, head)
    else socket.end('HTTP/1.1 404 Not Found\r\n\r\n')
  })
  const host = options.host ?? '127.0.0.1'
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, host, resolve)
  })
  const { port } = server.address() as AddressInfo
  return {
    url: `http://${host}:${port}/`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
