// The sdk 1.x fixture over 2025-11-25 Streamable HTTP with sessions, as published servers
// serve it: one transport and one Server per `Mcp-Session-Id`, and `404` for an id the
// server does not know. `restart()` forgets every session, as a restarted process does.
import { randomUUID } from 'node:crypto'
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js'
import { type FixtureOptions, FixtureWorld } from './fixtureWorld.ts'
import { createLegacyMcpServer } from './legacyFixture.ts'

export interface LegacyHttpHandler {
  readonly world: FixtureWorld
  fetch(request: Request): Promise<Response>
  /** Sessions open now. */
  readonly sessions: number
  /** Forgets every session (closing its streams): later requests with their ids get 404. */
  restart(): Promise<void>
  close(): Promise<void>
}

export function createLegacyHttpHandler(options: FixtureOptions = {}): LegacyHttpHandler {
  const world = new FixtureWorld(options)
  const sessions = new Map<
    string,
    { handle(request: Request): Promise<Response>; close(): Promise<void> }
  >()
  const rpcError = (status: number, code: number, message: string) =>
    Response.json({ jsonrpc: '2.0', error: { code, message }, id: null }, { status })

  const forget = async () => {
    const open = [...sessions.values()]
    sessions.clear()
    await Promise.allSettled(open.map((session) => session.close()))
  }

  return {
    world,
    get sessions() {
      return sessions.size
    },
    async fetch(request) {
      const sessionId = request.headers.get('mcp-session-id')
      if (sessionId !== null) {
        const session = sessions.get(sessionId)
        if (!session) return rpcError(404, -32001, 'Session not found')
        return session.handle(request)
      }
      if (request.method !== 'POST') return rpcError(400, -32000, 'Bad Request: no session id')
      const server = createLegacyMcpServer(world)
      let admitted = false
      const transport = new WebStandardStreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (id) => {
          admitted = true
          sessions.set(id, {
            handle: (next) => transport.handleRequest(next),
            close: () => server.close(),
          })
        },
        onsessionclosed: (id) => {
          sessions.delete(id)
        },
      })
      await server.connect(transport)
      const response = await transport.handleRequest(request)
      // Anything but `initialize` without a session was refused: drop the instance.
      if (!admitted) await server.close()
      return response
    },
    restart: forget,
    close: forget,
  }
}
