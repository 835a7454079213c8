// The one not-found classifier. Servers say "no such resource" in three ways: 2026
// servers `-32602` with `data.uri` equal to the URI asked for; older ones `-32002` (with or
// without data); sdk 1.x servers `-32602` with no data (absent or null) and a "not found"
// message. Any other `-32602` (about another URI, an invalid URI, a missing param) is a
// plain invalid-params error. The server's error is kept as `cause`. An empty `contents`
// array is never "not found".
import { InvalidParamsError, McpRequestError, ResourceNotFoundError } from './errors.ts'
import { isPlainObject } from './isPlainObject.ts'

const RESOURCE_NOT_FOUND = -32002
const INVALID_PARAMS = -32602

/**
 * Classifies the error of a `resources/read` of `uri`: a `ResourceNotFoundError` (carrying
 * the URI), an `InvalidParamsError` for any other `-32602`, or the error unchanged.
 */
export function classifyReadError(error: unknown, uri: string, serverId?: string): unknown {
  if (!(error instanceof McpRequestError)) return error
  if (error instanceof ResourceNotFoundError || error instanceof InvalidParamsError) return error
  const data = error.data
  const cause = error
  if (error.code === RESOURCE_NOT_FOUND) {
    return new ResourceNotFoundError(uri, { code: error.code, data, serverId, cause })
  }
  if (error.code !== INVALID_PARAMS) return error
  // data.uri must be the URI asked for: a -32602 about another URI is not "this one is missing".
  const dataUri = isPlainObject(data) ? data.uri : undefined
  const noData = data === undefined || data === null
  if (dataUri === uri || (noData && /not found/i.test(error.message))) {
    return new ResourceNotFoundError(uri, { code: error.code, data, serverId, cause })
  }
  return new InvalidParamsError(error.message, { data, method: error.method, serverId, cause })
}

/** True for any error the classifier calls not-found. */
export function isResourceNotFound(error: unknown): error is ResourceNotFoundError {
  return error instanceof ResourceNotFoundError
}
