// A 2025-11-25 Streamable HTTP server answers `404` to a request that carries an
// `Mcp-Session-Id` it no longer knows (it restarted, or expired the session): the
// transport rule is to start a new session with `initialize`. The Session ends with this
// error, and the server's connection opens a new Session at once (status `reconnecting`).
import { ConnectionError } from './errors.ts'

export class SessionExpiredError extends ConnectionError {
  constructor(serverId: string | undefined, cause?: unknown) {
    const where = serverId ? `Server "${serverId}"` : 'The server'
    super(
      `${where} no longer knows this session (HTTP 404: it restarted or expired it); starting a new session`,
      { ...(serverId !== undefined && { serverId }), cause },
    )
  }
}
