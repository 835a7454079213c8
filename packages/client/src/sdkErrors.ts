// Turns what the SDK throws into our error classes (one place, so the rest of the
// package never inspects SDK error types).
import {
  ProtocolError,
  SdkError,
  SdkErrorCode,
  UnauthorizedError,
} from '@modelcontextprotocol/client'
import { abortReason } from './abortable.ts'
import { oauthFailureOf } from './auth/oauthFailure.ts'
import {
  AuthRequiredError,
  ConnectionError,
  McpRequestError,
  RequestTimeoutError,
  ResourceKitError,
} from './errors.ts'
import { isPlainObject } from './isPlainObject.ts'

/** The error a failed request rejects with: the caller's abort reason, a server error, or a connection error. */
export function toRequestError(
  error: unknown,
  method: string,
  serverId: string | undefined,
  signal?: AbortSignal,
): Error {
  if (signal?.aborted) return abortReason(signal)
  if (error instanceof ResourceKitError) return error
  const where = serverId ? ` (server "${serverId}")` : ''
  if (error instanceof SdkError && error.code === SdkErrorCode.RequestTimeout) {
    const timeout = isPlainObject(error.data) ? error.data.timeout : undefined
    if (typeof timeout === 'number') {
      return new RequestTimeoutError(method, timeout, { serverId, cause: error })
    }
  }
  if (error instanceof ProtocolError) {
    return new McpRequestError(error.code, `${method}${where}: ${error.message}`, {
      data: error.data,
      method,
      serverId,
      cause: error,
    })
  }
  if (isAuthError(error)) {
    return new AuthRequiredError(`${method}${where}: the server needs authorization`, {
      serverId,
      cause: error,
    })
  }
  // The server needs authorization and sign-in failed: say which step, keep the
  // authorization server's answer (an HTML page, say) out of the message.
  const oauth = oauthFailureOf(error)
  if (oauth) return new AuthRequiredError(`${method}${where}: ${oauth.message}`, { serverId })
  if (error instanceof SdkError) {
    const rpc = jsonRpcErrorInHttpBody(error)
    if (rpc) {
      return new McpRequestError(rpc.code, `${method}${where}: ${rpc.message}`, {
        data: rpc.data,
        method,
        serverId,
        cause: error,
      })
    }
    if (error.code === SdkErrorCode.MethodNotSupportedByProtocolVersion) {
      return new McpRequestError(-32601, `${method}${where}: ${error.message}`, {
        method,
        serverId,
        cause: error,
      })
    }
    if (error.code === SdkErrorCode.ConnectionClosed || error.code === SdkErrorCode.NotConnected) {
      return new ConnectionError(`${method}${where}: the connection closed`, {
        serverId,
        cause: error,
      })
    }
    return new ResourceKitError(`${method}${where}: ${error.message}`, { serverId, cause: error })
  }
  const message = error instanceof Error ? error.message : String(error)
  return new ConnectionError(`${method}${where}: ${message}`, { serverId, cause: error })
}

/** The error a failed connect rejects with. */
export function toConnectError(error: unknown, serverId: string | undefined): Error {
  if (error instanceof ResourceKitError) return error
  const where = serverId ? `server "${serverId}"` : 'the server'
  if (isAuthError(error)) {
    return new AuthRequiredError(`Connecting to ${where} needs authorization`, {
      serverId,
      cause: error,
    })
  }
  // The server asked for authorization and signing in cannot proceed (refused
  // registration, failed discovery): the status is needs-auth, the message says why.
  const oauth = oauthFailureOf(error)
  if (oauth)
    return new AuthRequiredError(`Could not connect to ${where}: ${oauth.message}`, { serverId })
  const message = error instanceof Error ? error.message : String(error)
  return new ConnectionError(`Could not connect to ${where}: ${message}`, {
    serverId,
    cause: error,
  })
}

export function isAuthError(error: unknown): boolean {
  if (error instanceof UnauthorizedError) return true
  if (!(error instanceof SdkError)) return false
  if (
    error.code === SdkErrorCode.ClientHttpAuthentication ||
    error.code === SdkErrorCode.ClientHttpForbidden
  ) {
    return true
  }
  const status = isPlainObject(error.data) ? error.data.status : undefined
  return status === 401 || status === 403
}

// A modern server answers an unknown method with HTTP 404 and a JSON-RPC body; the SDK
// throws that as an HTTP error with the body as text.
function jsonRpcErrorInHttpBody(
  error: SdkError,
): { code: number; message: string; data?: unknown } | undefined {
  const text = isPlainObject(error.data) ? error.data.text : undefined
  if (typeof text !== 'string' || text.length > 65_536) return undefined
  try {
    const body: unknown = JSON.parse(text)
    const rpc = isPlainObject(body) ? body.error : undefined
    if (isPlainObject(rpc) && typeof rpc.code === 'number' && typeof rpc.message === 'string') {
      return { code: rpc.code, message: rpc.message, data: rpc.data }
    }
  } catch {
    // not JSON: not a JSON-RPC error
  }
  return undefined
}

/** The SDK rejected a result while decoding it (a shape or `resultType` it does not accept). */
export function isResultDecodeError(error: unknown): boolean {
  return (
    error instanceof SdkError &&
    (error.code === SdkErrorCode.InvalidResult || error.code === SdkErrorCode.UnsupportedResultType)
  )
}

/** The limit named by the SDK's stdio `ReadBuffer` when a message overflowed it, if that is what `error` is. */
export function bufferOverflowLimit(error: unknown): number | undefined {
  if (!(error instanceof Error)) return undefined
  const match = /ReadBuffer exceeded maximum size of (\d+) bytes/.exec(error.message)
  return match ? Number(match[1]) : undefined
}
