// The Session as a ServerConnection hands it out: each request gets its deadline
// (requestDeadlines.ts) unless the caller gave one, and each failure that says the server
// may have stopped answering — no answer in time, the network failed, a listen stream
// ended — is reported, so that the connection checks on the server (serverConnection.ts).
import { describeConnectionFailure } from './connectionFailure.ts'
import { AuthRequiredError, McpRequestError } from './errors.ts'
import { deadlineOf, type RequestDeadlines } from './requestDeadlines.ts'
import type { Session } from './session.ts'
import { SessionExpiredError } from './sessionExpiredError.ts'

/** Failure causes that say nothing answered (as opposed to a server that answered "no"). */
const UNREACHABLE = new Set(['refused', 'unresolved', 'unreachable', 'timed-out', 'server-error'])

/**
 * Whether `error` says the server did not answer: a deadline passed, the connection was
 * refused or reset, the name did not resolve, an HTTP 5xx. A JSON-RPC error, a refused
 * authorization or a forgotten session are answers.
 */
export function stoppedAnswering(error: unknown): boolean {
  if (error instanceof McpRequestError || error instanceof AuthRequiredError) return false
  if (error instanceof SessionExpiredError) return false
  return UNREACHABLE.has(describeConnectionFailure(error).cause)
}

export function guardSession(
  session: Session,
  deadlines: Required<RequestDeadlines>,
  /** Something suggests the server stopped answering. */
  onTrouble: (error: Error) => void,
): Session {
  const report = (error: unknown, signal: AbortSignal | undefined) => {
    if (!signal?.aborted && error instanceof Error && stoppedAnswering(error)) onTrouble(error)
  }
  return {
    info: session.info,
    async request(method, params, options) {
      const timeoutMs = options?.timeoutMs ?? deadlineOf(method, deadlines)
      try {
        return await session.request(method, params, {
          ...options,
          ...(timeoutMs !== undefined && { timeoutMs }),
        })
      } catch (error) {
        report(error, options?.signal)
        throw error
      }
    },
    async listen(filter, onNotification, options) {
      try {
        const handle = await session.listen(filter, onNotification, options)
        handle.closed.then((reason) => {
          // The stream dropped or the server ended it (a shutdown): is it still there?
          if (reason !== 'local') onTrouble(new Error(`the listen stream ended (${reason})`))
        })
        return handle
      } catch (error) {
        report(error, options?.signal)
        throw error
      }
    },
    onNotification: (listener) => session.onNotification(listener),
    onClose: (listener) => session.onClose(listener),
    close: () => session.close(),
  }
}
