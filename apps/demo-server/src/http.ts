import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import {
  hostHeaderValidationResponse,
  localhostAllowedHostnames,
} from '@modelcontextprotocol/server'
import { defaultCorsOrigins, ownOrigins } from './cors.ts'
import {
  createDemoFetchHandler,
  type DemoFetchHandler,
  type DemoFetchHandlerOptions,
} from './createDemoFetchHandler.ts'

/** Options of {@link startDemoHttpServer}. */
export interface DemoHttpServerOptions extends DemoFetchHandlerOptions {
  /** Interface to listen on. @default '127.0.0.1' */
  host?: string
  /** Port to listen on; 0 picks a free one. @default 3333 */
  port?: number
  /** Aborts the start; once started, use `close()`. */
  signal?: AbortSignal
}

/** A running HTTP demo server. */
export interface DemoHttpServer {
  /** The MCP endpoint, e.g. `http://127.0.0.1:3333/mcp`. */
  readonly url: string
  readonly handler: DemoFetchHandler
  /** Stops accepting, ends open streams and sessions, stops the live data. */
  close(): Promise<void>
}

export const defaultDemoPort = 3333
const loopback = new Set(['127.0.0.1', 'localhost', '::1'])

/** Serves the demo over Streamable HTTP with node:http (loopback by default). */
export async function startDemoHttpServer(
  options: DemoHttpServerOptions = {},
): Promise<DemoHttpServer> {
  options.signal?.throwIfAborted()
  const host = options.host ?? '127.0.0.1'
  // DNS-rebinding guard: on loopback, only loopback Host headers reach the handler.
  const guard = loopback.has(host) ? localhostAllowedHostnames() : undefined
  const server = createServer()
  // Idle keep-alive sockets outlive the client's (undici: 4 s), so the client always drops
  // them first; otherwise a reused socket can meet the server's close (ECONNRESET).
  server.keepAliveTimeout = 60_000
  const sockets = new Set<import('node:net').Socket>()
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  try {
    await new Promise<void>((resolve, reject) => {
      const onAbort = () => reject(options.signal?.reason)
      options.signal?.addEventListener('abort', onAbort, { once: true })
      server.once('error', reject)
      server.listen(options.port ?? defaultDemoPort, host, () => {
        options.signal?.removeEventListener('abort', onAbort)
        resolve()
      })
    })
  } catch (error) {
    server.close()
    throw error
  }
  const { port } = server.address() as AddressInfo
  const urlHost = host.includes(':') ? `[${host}]` : host
  // Made once the port is known: a page served from this server's own origin may call it.
  const handler = createDemoFetchHandler({
    ...options,
    corsOrigins: [
      ...(options.corsOrigins ?? defaultCorsOrigins),
      ...ownOrigins(host, port, loopback.has(host)),
    ],
  })
  server.on('request', (req, res) => {
    void bridge(req, res, host, async (request) => {
      return (guard && hostHeaderValidationResponse(request, guard)) ?? handler.fetch(request)
    })
  })
  let closing: Promise<void> | undefined
  return {
    url: `http://${urlHost}:${port}${handler.path}`,
    handler,
    close() {
      closing ??= (async () => {
        await handler.close()
        const closed = new Promise<void>((resolve) => server.close(() => resolve()))
        for (const socket of sockets) socket.destroy()
        await closed
      })()
      return closing
    },
  }
}

/** node:http request → fetch `Request` → handler → fetch `Response` → node:http response. */
async function bridge(
  req: IncomingMessage,
  res: ServerResponse,
  host: string,
  handle: (request: Request) => Promise<Response>,
): Promise<void> {
  // Closing the connection is how an HTTP client cancels (and ends a listen stream).
  const aborter = new AbortController()
  res.on('close', () => aborter.abort())
  try {
    const chunks: Buffer[] = []
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      for await (const chunk of req) chunks.push(chunk as Buffer)
    }
    const requestHeaders = new Headers()
    for (const [name, value] of Object.entries(req.headers)) {
      if (value !== undefined)
        requestHeaders.set(name, Array.isArray(value) ? value.join(', ') : value)
    }
    const request = new Request(`http://${req.headers.host ?? host}${req.url ?? '/'}`, {
      method: req.method ?? 'GET',
      headers: requestHeaders,
      signal: aborter.signal,
      ...(chunks.length > 0 && { body: Buffer.concat(chunks) }),
    })
    const response = await handle(request)
    const headers = Object.fromEntries(response.headers)
    if (response.body === null || !headers['content-type']?.includes('text/event-stream')) {
      // A plain response: one write with a length, no chunked encoding.
      const body = response.body === null ? undefined : Buffer.from(await response.arrayBuffer())
      res.writeHead(response.status, response.statusText, {
        ...headers,
        ...(body && { 'content-length': String(body.length) }),
      })
      res.end(body)
      return
    }
    // An SSE stream (listen, or a request with progress): forward each frame as it comes.
    res.writeHead(response.status, response.statusText, headers)
    res.flushHeaders()
    const reader = response.body.getReader()
    aborter.signal.addEventListener('abort', () => void reader.cancel().catch(() => {}), {
      once: true,
    })
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      res.write(value)
    }
    res.end()
  } catch (error) {
    if (!res.headersSent) {
      res.writeHead(500, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ error: error instanceof Error ? error.message : String(error) }))
    } else res.destroy()
  }
}
