// The legacy elicitation bridge: a 2025-11-25 server asks for input with a real
// `elicitation/create` request in the middle of one of our calls. It is answered through
// the host's handler with the same checks as the modern loop (inputRequired.ts): the
// request is parsed first (a URL that is not http(s) is refused before anyone sees it),
// and an accepted form answer is validated and coerced against the requested fields
// before it is sent. Whatever is refused goes back to the server as a JSON-RPC error,
// never as an answer.
import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/client'
import {
  describeElicitationErrors,
  parseElicitationParams,
  validateElicitationContent,
} from './elicitationForm.ts'
import type { ElicitationAnswer, ElicitationRequest } from './inputHandler.ts'
import { isPlainObject } from './isPlainObject.ts'

type OnElicitation = (
  request: ElicitationRequest,
  signal: AbortSignal,
) => Promise<ElicitationAnswer>

/** The result sent back for `elicitation/create`. */
export type ElicitResult =
  | { action: 'accept'; content?: Record<string, string | number | boolean | string[]> }
  | { action: 'decline' | 'cancel' }

/** Answers one `elicitation/create` request's params; throws a `-32602` ProtocolError to refuse. */
export async function answerLegacyElicitation(
  params: unknown,
  onElicitation: OnElicitation,
  signal: AbortSignal,
): Promise<ElicitResult> {
  let request: ElicitationRequest
  try {
    request = parseElicitationParams(params)
  } catch (error) {
    throw refuse(`Refused elicitation/create: ${(error as Error).message}`)
  }
  const answer: unknown = await onElicitation(request, signal)
  const action = isPlainObject(answer) ? answer.action : undefined
  if (action === 'decline' || action === 'cancel') return { action }
  if (action !== 'accept') {
    throw refuse('The input handler returned no action (accept, decline or cancel)')
  }
  if (request.mode === 'url') return { action: 'accept' }
  const checked = validateElicitationContent(
    request.fields,
    (answer as { content?: unknown }).content,
  )
  if (!checked.ok) {
    throw refuse(`The answer is not valid (${describeElicitationErrors(checked.errors)})`)
  }
  return { action: 'accept', content: checked.content }
}

function refuse(message: string): ProtocolError {
  return new ProtocolError(ProtocolErrorCode.InvalidParams, message)
}
