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
}

const byName: Record<string, { exitCode: number; kind: string; lead?: string }> = {
  InputRequiredError: { exitCode: ExitCode.inputRequired, kind: 'input_required' },
  ConnectionError: {
    exitCode: ExitCode.connectionFailed,
    kind: 'connection_failed',
    lead: 'cannot connect: ',
  },
  AuthRequiredError: {
    exitCode: ExitCode.connectionFailed,
    kind: 'connection_failed',
    lead: 'cannot connect: ',
  },
  ServerNotReadyError: {
    exitCode: ExitCode.connectionFailed,
    kind: 'connection_failed',
    lead: 'cannot connect: ',
  },
  UnknownServerError: {
    exitCode: ExitCode.connectionFailed,
    kind: 'connection_failed',
    lead: 'cannot connect: ',
  },
  NotSupportedError: { exitCode: ExitCode.unsupported, kind: 'unsupported' },
  CursorCycleError: { exitCode: ExitCode.incomplete, kind: 'cursor_cycle' },
  TimeoutError: { exitCode: ExitCode.timeout, kind: 'timeout', lead: 'timed out: ' },
  ResourceTooLargeError: { exitCode: ExitCode.tooLarge, kind: 'too_large', lead: 'too large: ' },
  MessageTooLargeError: { exitCode: ExitCode.tooLarge, kind: 'too_large', lead: 'too large: ' },
}

export function classifyError(error: unknown, context: ErrorContext = {}): CliError {
  if (context.abortReason instanceof CliError) return context.abortReason
  if (error instanceof CliError) return error
  const fields: ErrorFields =
    typeof error === 'object' && error !== null ? (error as ErrorFields) : {}
  const name = fields.name ?? ''
  const reason = sanitizeLine(fields.message ?? String(error))
  const server = context.serverId
  const uri = typeof fields.uri === 'string' ? fields.uri : context.uri
  const details = { server, ...(uri !== undefined && { uri }), error: name || undefined }
  // Client errors usually name the server already; say it once, first.
  const named = server !== undefined && reason.includes(`"${sanitizeLine(server)}"`)
  const on = server === undefined ? 'the server' : `server "${sanitizeLine(server)}"`
  // …and the resource being read, when the message does not already say it.
  const reading =
    uri !== undefined && !reason.includes(uri) ? ` (reading ${sanitizeLine(uri)})` : ''
  const about = (text: string) => `${named ? text : `${on}: ${text}`}${reading}`

  if (name === 'ResourceNotFoundError') {
    return new CliError(
      `${on}: resource not found: ${sanitizeLine(uri ?? '')}`,
      ExitCode.notFound,
      'not_found',
      details,
    )
  }
  const known = byName[name]
  if (known)
    return new CliError(about(`${known.lead ?? ''}${reason}`), known.exitCode, known.kind, details)
  if (fields.code === -32601) {
    return new CliError(
      about(`not supported: ${reason}`),
      ExitCode.unsupported,
      'unsupported',
      details,
    )
  }
  if (typeof fields.code === 'number') {
    return new CliError(about(`${reason} (error ${fields.code})`), ExitCode.error, 'server_error', {
      ...details,
      code: fields.code,
    })
  }
  if (fields.code === 'ENOENT' || fields.code === 'EACCES' || fields.code === 'ECONNREFUSED') {
    return new CliError(
      about(`cannot connect: ${reason}`),
      ExitCode.connectionFailed,
      'connection_failed',
      details,
    )
  }
  return new CliError(about(reason), ExitCode.error, 'error', details)
}
