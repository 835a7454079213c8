// The multi round-trip (MRTR) loop: a request answered with `resultType: "input_required"`
// is retried — a new request, so a new JSON-RPC id — with the answers under the server's
// keys and its `requestState` echoed verbatim, until the result is complete.
import { withSignal } from './abortable.ts'
import { sleep } from './backoff.ts'
import {
  describeElicitationErrors,
  inputRefusalWords,
  parseElicitationParams,
  validateElicitationContent,
} from './elicitationForm.ts'
import { InputRequiredError, InvalidContentError, McpRequestError } from './errors.ts'
import type { ElicitationAnswer, InputContext, InputHandler } from './inputHandler.ts'
import { isPlainObject } from './isPlainObject.ts'
import { defaultScheduler, type Timers } from './scheduler.ts'
import type { Session } from './session.ts'

/** Answers an embedded `sampling/createMessage` with a `CreateMessageResult`. */
export type SamplingHandler = (
  params: Record<string, unknown>,
  context: InputContext,
) => Promise<Record<string, unknown>>

/** Answers an embedded `roots/list`. */
export type RootsHandler = (
  context: InputContext,
) => Promise<{ roots: { uri: string; name?: string }[] }>

export interface RequestWithInputOptions {
  /** Answers the server's elicitations; without one an `input_required` result fails. */
  handler?: InputHandler
  serverId: string
  /** The resource being read, passed to the handler. */
  uri?: string
  /** Cancels the whole loop, including a handler that is waiting for a person. */
  signal?: AbortSignal
  /** Retries allowed before giving up with InputRoundsExceededError. @default 10 */
  maxRounds?: number
  /** Pause before retrying a result that carries only `requestState`. @default 250 */
  requestStatePauseMs?: number
  /** Answers `sampling/createMessage`; pass it only when the session declared sampling. */
  sampling?: SamplingHandler
  /** Answers `roots/list`; pass it only when the session declared roots. */
  roots?: RootsHandler
  timers?: Timers
}

export interface RequestWithInputResult {
  /** The final raw result (`resultType` absent or `complete`). */
  result: Record<string, unknown>
  /** Input rounds answered to get it: a result with `rounds > 0` must not be cached. */
  rounds: number
}

/** The person (through the handler) declined or cancelled a request for input. */
export class InputDeclinedError extends InputRequiredError {
  readonly action: 'decline' | 'cancel'

  constructor(action: 'decline' | 'cancel', what: string, options: ErrorContext) {
    super(
      `Input declined: ${what}${onServer(options.serverId)} needs input, and ${inputRefusalWords[action].outcome}`,
      options,
    )
    this.action = action
  }
}

/** The server kept asking for input past the round cap. */
export class InputRoundsExceededError extends InputRequiredError {
  /** The last `input_required` result, as the server sent it. */
  readonly lastResult: Record<string, unknown>

  constructor(what: string, lastResult: Record<string, unknown>, options: ErrorContext) {
    super(
      `${what}${onServer(options.serverId)} still needs input after ${options.rounds} rounds; giving up`,
      options,
    )
    this.lastResult = lastResult
  }
}

interface ErrorContext {
  serverId: string
  uri?: string
  rounds: number
}

/** Sends `method` and, when the server answers `input_required`, runs the input loop. */
export async function requestWithInput(
  session: Pick<Session, 'request'>,
  method: string,
  params: Record<string, unknown>,
  options: RequestWithInputOptions,
): Promise<RequestWithInputResult> {
  const { serverId, uri, signal } = options
  const maxRounds = Math.max(0, options.maxRounds ?? 10)
  const timers = options.timers ?? defaultScheduler
  const what = uri ? `Reading ${uri}` : method
  // The original params without any earlier round's answers: each retry adds its own.
  const { inputResponses: _r, requestState: _s, ...base } = params
  let retry: Record<string, unknown> = base
  for (let rounds = 0; ; rounds++) {
    signal?.throwIfAborted()
    const result = await session
      .request(method, retry, { signal })
      .catch((error: unknown) => Promise.reject(refusedForInput(error, what, options, rounds)))
    const input = readResult(method, result, serverId)
    if (!input) return { result, rounds }
    const context = { serverId, uri, rounds }
    if (rounds >= maxRounds) throw new InputRoundsExceededError(what, result, context)
    retry = { ...base }
    if (input.requests) {
      retry.inputResponses = await answerAll(input.requests, what, context, options)
    } else {
      await sleep(Math.max(0, options.requestStatePauseMs ?? 250), signal, timers)
    }
    if (input.requestState !== undefined) retry.requestState = input.requestState
  }
}

/**
 * A 2026 server that needs the user's input refuses a client that did not declare
 * elicitation with `-32021` MissingRequiredClientCapability: with no handler, that is input
 * this client cannot give (InputRequiredError), not a server failure.
 */
function refusedForInput(
  error: unknown,
  what: string,
  options: RequestWithInputOptions,
  rounds: number,
): unknown {
  if (options.handler || !(error instanceof McpRequestError) || error.code !== -32021) return error
  const data = isPlainObject(error.data) ? error.data : {}
  const required = isPlainObject(data.requiredCapabilities) ? data.requiredCapabilities : {}
  if (!('elicitation' in required)) return error
  return new InputRequiredError(
    `${what}${onServer(options.serverId)} needs input from the user, but no input handler is registered`,
    { serverId: options.serverId, uri: options.uri, rounds },
  )
}

interface InputRequired {
  requests?: [string, Record<string, unknown>][]
  requestState?: string
}

/** `undefined` for a complete result; the input asked for otherwise. Anything malformed throws. */
function readResult(method: string, result: unknown, serverId: string): InputRequired | undefined {
  if (!isPlainObject(result))
    throw new InvalidContentError(method, 'the result is not an object', serverId)
  const type = result.resultType
  if (type === undefined || type === 'complete') return undefined
  if (type !== 'input_required') {
    throw new InvalidContentError(
      method,
      `unsupported resultType ${JSON.stringify(String(type).slice(0, 40))}`,
      serverId,
    )
  }
  const { inputRequests, requestState } = result
  if (requestState !== undefined && typeof requestState !== 'string') {
    throw new InvalidContentError(method, 'requestState is not a string', serverId)
  }
  if (inputRequests === undefined) {
    if (requestState === undefined) {
      throw new InvalidContentError(
        method,
        'input_required with neither inputRequests nor requestState',
        serverId,
      )
    }
    return { requestState }
  }
  if (!isPlainObject(inputRequests))
    throw new InvalidContentError(method, 'inputRequests is not an object', serverId)
  const requests = Object.entries(inputRequests).map(
    ([key, request]): [string, Record<string, unknown>] => {
      if (!isPlainObject(request) || typeof request.method !== 'string') {
        throw new InvalidContentError(
          method,
          `input request "${key.slice(0, 60)}" has no method`,
          serverId,
        )
      }
      return [key, request]
    },
  )
  if (requests.length === 0 && requestState === undefined) {
    throw new InvalidContentError(method, 'input_required with an empty inputRequests', serverId)
  }
  return requests.length > 0 ? { requests, requestState } : { requestState }
}

/** Answers every request in the server's order; the responses use exactly its keys. */
async function answerAll(
  requests: [string, Record<string, unknown>][],
  what: string,
  context: ErrorContext,
  options: RequestWithInputOptions,
): Promise<Record<string, unknown>> {
  const handlerContext: InputContext = {
    serverId: context.serverId,
    ...(context.uri !== undefined && { uri: context.uri }),
    signal: options.signal ?? new AbortController().signal,
  }
  const responses: [string, unknown][] = []
  for (const [key, request] of requests) {
    options.signal?.throwIfAborted()
    responses.push([key, await answerOne(request, what, context, handlerContext, options)])
  }
  options.signal?.throwIfAborted()
  // fromEntries keeps a server key such as `__proto__` as an own property.
  return Object.fromEntries(responses)
}

async function answerOne(
  request: Record<string, unknown>,
  what: string,
  context: ErrorContext,
  handlerContext: InputContext,
  options: RequestWithInputOptions,
): Promise<unknown> {
  const params = isPlainObject(request.params) ? request.params : {}
  const { serverId } = context
  switch (request.method) {
    case 'elicitation/create': {
      if (!options.handler) {
        throw new InputRequiredError(
          `${what}${onServer(serverId)} needs input, but no input handler is registered`,
          context,
        )
      }
      let elicitation: ReturnType<typeof parseElicitationParams>
      try {
        elicitation = parseElicitationParams(params)
      } catch (error) {
        throw new InvalidContentError('elicitation/create', (error as Error).message, serverId)
      }
      const answer = await withSignal(options.handler(elicitation, handlerContext), options.signal)
      return toElicitResult(answer, elicitation, what, context)
    }
    case 'sampling/createMessage':
      if (!options.sampling) break
      return withSignal(options.sampling(params, handlerContext), options.signal)
    case 'roots/list':
      if (!options.roots) break
      return withSignal(options.roots(handlerContext), options.signal)
  }
  const name = String(request.method).slice(0, 60)
  throw new InputRequiredError(
    `${what}${onServer(serverId)} asks for ${JSON.stringify(name)}, which this client does not provide`,
    context,
  )
}

function toElicitResult(
  answer: ElicitationAnswer,
  request: ReturnType<typeof parseElicitationParams>,
  what: string,
  context: ErrorContext,
): ElicitationAnswer {
  const action = isPlainObject(answer) ? answer.action : undefined
  if (action === 'decline' || action === 'cancel')
    throw new InputDeclinedError(action, what, context)
  if (action !== 'accept')
    throw new TypeError('The input handler returned no action (accept, decline or cancel)')
  if (request.mode === 'url') return { action: 'accept' }
  const checked = validateElicitationContent(
    request.fields,
    (answer as { content?: unknown }).content,
  )
  if (!checked.ok) {
    throw new InputRequiredError(
      `The answer to ${what}${onServer(context.serverId)} is not valid (${describeElicitationErrors(checked.errors)})`,
      context,
    )
  }
  return { action: 'accept', content: checked.content }
}

function onServer(serverId: string): string {
  return ` on server "${serverId}"`
}
