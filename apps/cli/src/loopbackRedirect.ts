// The redirect target of `login` (RFC 8252 loopback): an HTTP server on 127.0.0.1 with an
// OS-chosen port that waits for the authorization server to send the browser back to
// /callback, answers the browser with a short page, and hands the URL to the sign-in.
import { createServer } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'

export interface LoopbackRedirect {
  /** `http://127.0.0.1:PORT/callback`. */
  readonly url: string
  /** The callback URL the browser arrived with (rejects when `signal` aborts). */
  next(signal?: AbortSignal): Promise<URL>
  close(): Promise<void>
}

const page = (title: string, text: string) =>
  `<!doctype html><html lang="en"><meta charset="utf-8"><title>${title}</title><body style="font:16px system-ui;margin:3rem"><h1>${title}</h1><p>${text}</p></body></html>`

export async function startLoopbackRedirect(): Promise<LoopbackRedirect> {
  const waiting = new Set<(url: URL) => void>()
  const sockets = new Set<Socket>()
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    if (req.method !== 'GET' || url.pathname !== '/callback') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found')
      return
    }
    const full = new URL(url.pathname + url.search, base)
    const failed = url.searchParams.has('error')
    res
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
      .end(
        failed
          ? page('Sign-in was not completed', 'You can close this tab and return to the terminal.')
          : page('Signed in', 'You can close this tab and return to the terminal.'),
      )
    for (const resolve of [...waiting]) resolve(full)
    waiting.clear()
  })
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  const { port } = server.address() as AddressInfo
  const base = `http://127.0.0.1:${port}`
  return {
    url: `${base}/callback`,
    next(signal) {
      return new Promise<URL>((resolve, reject) => {
        signal?.throwIfAborted()
        const onAbort = () => {
          waiting.delete(done)
          reject(signal?.reason)
        }
        const done = (url: URL) => {
          signal?.removeEventListener('abort', onAbort)
          resolve(url)
        }
        waiting.add(done)
        signal?.addEventListener('abort', onAbort, { once: true })
      })
    },
    close() {
      return new Promise<void>((resolve) => {
        server.close(() => resolve())
        for (const socket of sockets) socket.destroy()
      })
    },
  }
}
