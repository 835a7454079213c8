// Turns whatever a command threw into a CliError: the message a person reads (naming the
// server and the URI) and the exit code a script branches on. Client errors are matched by
// `name`, which the client sets from its class name, so this works whichever copy of the
// client module threw them.
import { CliError } from './cliError.ts'
import { ExitCode } from './exitCodes.ts'
import { sanitizeLine } from './sanitize.ts'

export interface ErrorContext {
  serverId?: string
  /** The resource the command was about, if any. */
  uri?: string
  /** The abort reason when the run was cancelled (timeout or Ctrl-C): it wins over the error it caused. */
  abortReason?: unknown
}

interface ErrorFields {
  name?: string
  message?: string
  code?: unknown
  uri?: unknown
  feature?: unknown
  status?: unknown
  cause?: unknown
}

export function classifyError(error: unknown, context: ErrorContext = {}): CliError {
  if (context.abortReason instanceof CliError) return context.abortReason
  if (error instanceof CliError) return error
  const fields: ErrorFields =
    typeof error === 'object' && error !== null ? (error as ErrorFields) : {}
  const name = fields.name ?? ''
  const reason = sanitizeLine(fields.message ?? String(error))
  const server = context.serverId
  const on = server ? `server "${sanitizeLine(server)}"` : 'the server'
  const uri = typeof fields.uri === 'string' ? fields.uri : context.uri
  const details = { server, ...(uri !== undefined && { uri }), error: name || undefined }

  switch (name) {
    case 'ResourceNotFoundError':
      return new CliError(
        `${on}: resource not found: ${sanitizeLine(uri ?? '')}`,
        ExitCode.notFound,
        'not_found',
        details,
      )
    case 'InputRequiredError':
      return new CliError(`${on}: ${reason}`, ExitCode.inputRequired, 'input_required', details)
    case 'ConnectionError':
    case 'AuthRequiredError':
    case 'ServerNotReadyError':
    case 'UnknownServerError':
      return new CliError(
        `cannot connect to ${on}: ${reason}`,
        ExitCode.connectionFailed,
        'connection_failed',
        details,
      )
    case 'NotSupportedError':
      return new CliError(
        `${on} does not support ${sanitizeLine(fields.feature ?? 'this')}`,
        ExitCode.unsupported,
        'unsupported',
        details,
      )
    case 'CursorCycleError':
      return new CliError(`${on}: ${reason}`, ExitCode.incomplete, 'cursor_cycle', details)
    case 'TimeoutError':
      return new CliError(`${on}: timed out (${reason})`, ExitCode.timeout, 'timeout', details)
  }
  if (fields.code === -32601) {
    return new CliError(
      `${on} does not support this: ${reason}`,
      ExitCode.unsupported,
      'unsupported',
      details,
    )
  }
  if (typeof fields.code === 'number') {
    return new CliError(
      `${on} answered with error ${fields.code}: ${reason}`,
      ExitCode.error,
      'server_error',
      { ...details, code: fields.code },
    )
  }
  if (isSpawnError(fields)) {
    return new CliError(
      `cannot start ${on}: ${reason}`,
      ExitCode.connectionFailed,
      'connection_failed',
      details,
    )
  }
  const where = uri !== undefined ? ` (reading ${sanitizeLine(uri)})` : ''
  return new CliError(`${on}${where}: ${reason}`, ExitCode.error, 'error', details)
}

function isSpawnError(fields: ErrorFields): boolean {
  return fields.code === 'ENOENT' || fields.code === 'EACCES' || fields.code === 'ECONNREFUSED'
}
