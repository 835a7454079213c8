// A backend's error, rebuilt on the page as the resource-kit error it was (so `instanceof`
// checks in the host and the React package hold), with the backend's words. Untrusted: only
// known names become their classes; the text is cut to a readable length.
import {
  AuthRequiredError,
  ConnectionError,
  McpRequestError,
  NotSupportedError,
  ResourceKitError,
  ResourceNotFoundError,
  ResourceTooLargeError,
  ServerNotReadyError,
  UnknownServerError,
} from '../errors.ts'
import { isPlainObject } from '../isPlainObject.ts'
import { readText } from './protocol.ts'

export function decodeError(value: unknown, serverId?: string): ResourceKitError {
  const wire = isPlainObject(value) ? value : {}
  const message = readText(wire.message) ?? 'The bridge backend failed without saying why'
  const name = typeof wire.name === 'string' ? wire.name.slice(0, 100) : 'Error'
  const code = typeof wire.code === 'number' && Number.isInteger(wire.code) ? wire.code : undefined
  const uri = readText(wire.uri, 8192)
  const error = build(name, code, uri, wire.data, serverId)
  error.message = message
  return error
}

function build(
  name: string,
  code: number | undefined,
  uri: string | undefined,
  data: unknown,
  serverId: string | undefined,
): ResourceKitError {
  switch (name) {
    case 'ResourceNotFoundError':
      return new ResourceNotFoundError(uri ?? '', {
        ...(code !== undefined && { code }),
        data,
        ...(serverId !== undefined && { serverId }),
      })
    case 'AuthRequiredError':
      return new AuthRequiredError('', { serverId })
    case 'ConnectionError':
      return new ConnectionError('', { serverId })
    case 'NotSupportedError':
      return new NotSupportedError('', serverId)
    case 'ServerNotReadyError':
      return new ServerNotReadyError(serverId ?? '', 'unknown')
    case 'UnknownServerError':
      return new UnknownServerError(serverId ?? '')
    case 'ResourceTooLargeError':
      return new ResourceTooLargeError(uri ?? '', 0, 0, serverId)
    default: {
      if (code !== undefined) {
        const error = new McpRequestError(code, '', {
          data,
          ...(serverId !== undefined && { serverId }),
        })
        error.name = name
        return error
      }
      const error = new ResourceKitError('', { serverId })
      // AbortError keeps its name, so hosts that ignore aborts still do.
      error.name = name
      return error
    }
  }
}
