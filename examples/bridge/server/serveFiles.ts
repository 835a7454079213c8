// The built page, served as static files (no dependency beyond node:http): a path outside
// the folder is refused, an unknown one gets index.html.
import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import type { IncomingMessage, ServerResponse } from 'node:http'
import path from 'node:path'

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
}

export function serveFiles(root: string) {
  const base = path.resolve(root)
  return async (request: IncomingMessage, response: ServerResponse) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://page').pathname)
    let file = path.resolve(base, `.${pathname}`)
    if (file !== base && !file.startsWith(base + path.sep)) {
      response.writeHead(403).end()
      return
    }
    const found = await stat(file).catch(() => null)
    if (!found?.isFile()) file = path.join(base, 'index.html')
    response.writeHead(200, {
      'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream',
    })
    createReadStream(file)
      .on('error', () => response.destroy())
      .pipe(response)
  }
}
