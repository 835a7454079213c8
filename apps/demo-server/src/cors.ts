// CORS for browser hosts (the chat app, Storybook) calling the demo over HTTP.

/** Origins allowed by default: the chat app's and Storybook's dev servers. */
export const defaultCorsOrigins: readonly string[] = [
  'http://localhost:5173',
  'http://127.0.0.1:5173',
  'http://localhost:6006',
  'http://127.0.0.1:6006',
]

/**
 * The origins of a server listening on `host:port`: a page it serves itself calls it from
 * there. On loopback every loopback name counts (the Host guard already refuses others);
 * elsewhere only the address it listens on, never one taken from a request's Host header
 * (a rebound DNS name would make any origin "its own").
 */
export function ownOrigins(host: string, port: number, isLoopback: boolean): string[] {
  const names = isLoopback ? ['127.0.0.1', 'localhost', '[::1]'] : []
  const own = host.includes(':') ? `[${host}]` : host
  return [...new Set([own, ...names])].map((name) => `http://${name}:${port}`)
}

const allowedHeaders = [
  'Accept',
  'Authorization',
  'Content-Type',
  'Last-Event-ID',
  'Mcp-Method',
  'Mcp-Name',
  'MCP-Protocol-Version',
  'Mcp-Session-Id',
].join(', ')
const exposedHeaders = ['Mcp-Session-Id', 'MCP-Protocol-Version', 'WWW-Authenticate'].join(', ')

export interface Cors {
  /** Whether a request from `origin` (absent for non-browser clients) may proceed. */
  allows(origin: string | null): boolean
  /** The answer to a preflight `OPTIONS` request. */
  preflight(request: Request): Response
  /** `response` with the CORS headers for `origin` added. */
  decorate(response: Response, origin: string | null): Response
}

/** `origins` lists exact origins (`scheme://host:port`), or `'*'` for any. */
export function createCors(origins: readonly string[]): Cors {
  const any = origins.includes('*')
  const allowed = new Set(origins)
  const allows = (origin: string | null) => origin === null || any || allowed.has(origin)
  const headersFor = (origin: string): Record<string, string> => ({
    'Access-Control-Allow-Origin': any ? '*' : origin,
    'Access-Control-Expose-Headers': exposedHeaders,
    Vary: 'Origin',
  })
  return {
    allows,
    preflight(request) {
      const origin = request.headers.get('origin')
      if (origin === null || !allows(origin)) return new Response(null, { status: 403 })
      return new Response(null, {
        status: 204,
        headers: {
          ...headersFor(origin),
          'Access-Control-Allow-Methods': 'GET, POST, DELETE, OPTIONS',
          'Access-Control-Allow-Headers': allowedHeaders,
          'Access-Control-Max-Age': '600',
        },
      })
    },
    decorate(response, origin) {
      if (origin === null || !allows(origin)) return response
      const headers = new Headers(response.headers)
      for (const [name, value] of Object.entries(headersFor(origin))) headers.set(name, value)
      return new Response(response.body, {
        status: response.status,
        statusText: response.statusText,
        headers,
      })
    },
  }
}
