// Every failure becomes a result the model can act on: a kind, a message naming server
// and URI, and a hint saying what to try next. Client errors are matched by `name` (the
// client sets it from the class), so this holds whichever copy of the client threw.
import type { ToolError, ToolErrorKind, ToolFailure } from './types.ts'

export interface ErrorScope {
  server?: string
  uri?: string
  /** The tool names to point the model at, e.g. `{ search: 'search_resources' }`. */
  tools: ToolNames
}

export interface ToolNames {
  listServers: string
  listResources: string
  search: string
  read: string
  complete: string
  fillTemplate: string
}

interface ErrorFields {
  name?: unknown
  message?: unknown
  code?: unknown
  uri?: unknown
  size?: unknown
  limit?: unknown
  action?: unknown
}

const connectionErrors = new Set(['ConnectionError', 'ServerNotReadyError'])

/** A `ToolFailure` for what a tool caught. */
export function toolFailure(error: unknown, scope: ErrorScope): ToolFailure {
  return { ok: false, error: toToolError(error, scope) }
}

export function failure(
  kind: ToolErrorKind,
  message: string,
  hint: string,
  scope: Partial<ErrorScope> = {},
): ToolFailure {
  return { ok: false, error: withScope({ kind, message, hint }, scope) }
}

export function toToolError(error: unknown, scope: ErrorScope): ToolError {
  const fields: ErrorFields =
    typeof error === 'object' && error !== null ? (error as ErrorFields) : {}
  const name = typeof fields.name === 'string' ? fields.name : ''
  const message =
    typeof fields.message === 'string' && fields.message ? fields.message : String(error)
  const uri = typeof fields.uri === 'string' ? fields.uri : scope.uri
  const { tools } = scope
  const at = { ...scope, ...(uri !== undefined && { uri }) }
  const make = (kind: ToolErrorKind, hint: string, text = message) =>
    withScope({ kind, message: text, hint }, at)

  const timedOutHint = `The server did not answer in time. Go on without it, or try again later${scope.server ? '' : `; ${tools.listServers} shows each server's status`}.`
  if (name === 'TimeoutError')
    return make(
      'timed_out',
      timedOutHint,
      scope.server ? `server "${scope.server}": ${message}` : message,
    )
  // The client's own deadline (list, read, completion): its message names server and method.
  if (name === 'RequestTimeoutError') return make('timed_out', timedOutHint)
  if (name === 'AbortError')
    return make('aborted', 'The call was cancelled; try again if it still matters.')
  switch (name) {
    case 'ResourceNotFoundError':
      return make(
        'not_found',
        `Check the URI: find resources with ${tools.search} or ${tools.listResources}.`,
        `Resource not found: ${uri ?? '(no uri)'}${scope.server ? ` on server "${scope.server}"` : ''}`,
      )
    case 'ResourceTooLargeError':
      return make(
        'too_large',
        `It is ${describeSize(fields.size)}, over the ${describeSize(fields.limit)} this agent may read at all; ask the user for the part that matters, or look for a smaller resource with ${tools.search}.`,
      )
    case 'AuthRequiredError':
      return make(
        'needs_sign_in',
        'The server needs the user to sign in; ask them to, then try again.',
      )
    case 'InputDeclinedError':
      return make(
        'input_declined',
        'The user declined to give the input this resource needs. Do not retry it unless they ask; continue without it or ask them why.',
      )
    case 'InputRequiredError':
    case 'InputRoundsExceededError':
      return make(
        'input_required',
        'It needs input from the user (a confirmation or a form) that cannot be asked for here. Ask the user: say what you wanted to read and why; do not retry it on your own.',
      )
    case 'NotSupportedError':
      return make(
        'not_supported',
        `This server does not offer that; try ${tools.listServers} to see what each server supports.`,
      )
    case 'UnknownServerError':
      return make('unknown_server', `Use a server id from ${tools.listServers}.`)
    case 'InvalidCursorError':
      return make(
        'invalid_input',
        'The cursor is not valid (any more); start again without a cursor.',
      )
    case 'ReadBudgetError':
      return make(
        'too_large',
        'This agent’s read budget cannot show any part of it; tell the user (the host sets readBudget).',
      )
    case 'CursorCycleError':
      return make('server_error', 'The server repeats its pages; use what was listed so far.')
  }
  if (connectionErrors.has(name))
    return make(
      'not_connected',
      `The server is not connected; ${tools.listServers} shows its status. Try again later.`,
    )
  if (fields.code === -32601)
    return make('not_supported', `This server does not offer that; try ${tools.listServers}.`)
  return make('server_error', 'The server failed; try again once, then tell the user.')
}

function withScope(error: ToolError, scope: Partial<ErrorScope>): ToolError {
  return {
    ...error,
    ...(scope.server !== undefined && { server: scope.server }),
    ...(scope.uri !== undefined && { uri: scope.uri }),
  }
}

function describeSize(value: unknown): string {
  return typeof value === 'number' && Number.isFinite(value)
    ? `${value} bytes`
    : 'more than allowed'
}
