import {
  type McpServerFactory,
  WebStandardStreamableHTTPServerTransport,
} from '@modelcontextprotocol/server'

/**
 * 2025-11-25 over Streamable HTTP, with sessions: the SDK's stateless fallback has no GET
 * stream and no way back for a server → client request, so it can deliver neither
 * `resources/subscribe` updates nor the elicitation that input-required turns into.
 * One transport + one instance per session, as a 2025 server does it.
 */
export interface LegacySessions {
  handle(request: Request): Promise<Response>
  /** Number of open sessions. */
  readonly size: number
  close(): Promise<void>
}

/** Options of {@link createLegacySessions}. */
export interface LegacySessionsOptions {
  /** Open sessions kept at most; the least recently used one is closed to make room. @default 100 */
  maxSessions?: number
}

type Session = {
  transport: WebStandardStreamableHTTPServerTransport
  close: () => Promise<void>
}

export function createLegacySessions(
  factory: McpServerFactory,
  options: LegacySessionsOptions = {},
): LegacySessions {
  const maxSessions = options.maxSessions ?? 100
  // Insertion order doubles as recency order: a used session is moved to the end.
  const sessions = new Map<string, Session>()
  const error = (status: number, code: number, message: string) =>
    Response.json({ jsonrpc: '2.0', error: { code, message }, id: null }, { status })

  const admit = (id: string, session: Session) => {
    // Clients that vanish without DELETE would otherwise keep their session (and its
    // live-data listener) forever.
    while (sessions.size >= maxSessions) {
      const [oldestId, oldest] = sessions.entries().next().value as [string, Session]
      sessions.delete(oldestId)
      void oldest.close().catch(() => {})
    }
    sessions.set(id, session)
  }

  return {
    get size() {
      return sessions.size
    },
    async handle(request) {
      const sessionId = request.headers.get('mcp-session-id')
      if (sessionId !== null) {
        const session = sessions.get(sessionId)
        if (session === undefined) return error(404, -32001, 'Session not found')
        sessions.delete(sessionId)
        sessions.set(sessionId, session)
        return session.transport.handleRequest(request)
      }
      if (request.method !== 'POST') return error(400, -32000, 'Bad Request: no valid session ID')
      const product = await factory({ era: 'legacy' })
      let admitted = false
      const transport = new WebStandardStreamableHTTPServerTransport({
        sessionIdGenerator: () => crypto.randomUUID(),
        onsessioninitialized: (id) => {
          admitted = true
          admit(id, { transport, close: () => product.close() })
        },
        onsessionclosed: (id) => {
          sessions.delete(id)
        },
      })
      transport.onclose = () => {
        if (transport.sessionId !== undefined) sessions.delete(transport.sessionId)
      }
      await product.connect(transport)
      const response = await transport.handleRequest(request)
      // Anything but `initialize` without a session was refused; drop the instance.
      if (!admitted) await product.close()
      return response
    },
    async close() {
      const open = [...sessions.values()]
      sessions.clear()
      await Promise.all(open.map((session) => session.close().catch(() => {})))
    },
  }
}
