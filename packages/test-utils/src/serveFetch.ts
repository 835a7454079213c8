// Serves a fetch-style handler (`(Request) => Promise<Response>`) over real HTTP on
// 127.0.0.1, streaming response bodies (SSE) as they are written.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface HttpFixture {
  /** e.g. `http://127.0.0.1:41234/mcp` */
  url: string
  close(): Promise<void>
}

export async function serveFetch(
  handler: (request: Request) => Promise<Response>,
  options: { path?: string; port?: number } = {},
): Promise<HttpFixture> {
  const server = createServer((req, res) => {
    bridge(handler, req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500)
      res.end(String(error))
    })
  })
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}${options.path ?? '/mcp'}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

async function bridge(
  handler: (request: Request) => Promise<Response>,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  const abort = new AbortController()
  res.on('close', () => abort.abort())
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === 'string') headers.set(name, value)
    else if (Array.isArray(value)) for (const item of value) headers.append(name, item)
  }
  const request = new Request(`http://127.0.0.1${req.url ?? '/'}`, {
    method: req.method,
    headers,
    signal: abort.signal,
    ...(chunks.length > 0 && { body: Buffer.concat(chunks) }),
  })
  const response = await handler(request)
  res.writeHead(response.status, Object.fromEntries(response.headers))
  if (!response.body) {
    res.end()
    return
  }
  const reader = response.body.getReader()
  abort.signal.addEventListener('abort', () => reader.cancel().catch(() => {}), { once: true })
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      res.write(value)
    }
  } catch {
    // The client went away, or the body failed: a body that errors mid-way is a broken
    // connection (reset), not a response that ended.
    if (!abort.signal.aborted) {
      res.destroy()
      return
    }
  }
  res.end()
}
