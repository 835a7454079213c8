// The CLI's answer to a server that asks for input (modern `input_required`, legacy
// `elicitation/create`): prompt on a terminal, else answer from `--input key=value` and
// `--yes`, else fail with a message that lists what the server wants and how to give it.
import {
  type ElicitationAnswer,
  type ElicitationRequest,
  type InputContext,
  type InputHandler,
  inputRefusalWords,
} from '@resource-kit/client'
import { CliError } from './cliError.ts'
import { ExitCode } from './exitCodes.ts'
import { describeField, type FieldValue, parseFieldValue } from './formValues.ts'
import { sanitizeLine } from './sanitize.ts'

export interface CliInputOptions {
  /** `--input key=value` pairs. */
  inputs: Record<string, string>
  /** `--yes`: accept, using defaults for missing fields and `true` for yes/no fields. */
  yes: boolean
  /** Set when stdin and stderr are terminals: ask the person. */
  prompt?: (
    request: ElicitationRequest,
    heading: string,
    prefilled: Record<string, FieldValue>,
    signal: AbortSignal,
  ) => Promise<ElicitationAnswer>
}

export interface CliInput {
  handler: InputHandler
  /** Why input could not be given (set before the handler throws or declines), so bin.ts exits 4 with it. */
  readonly failure: CliError | undefined
}

export function createCliInput(options: CliInputOptions): CliInput {
  let failure: CliError | undefined
  let queue: Promise<unknown> = Promise.resolve()
  const fail = (error: CliError): never => {
    failure = error
    throw error
  }

  const answer = async (
    request: ElicitationRequest,
    context: InputContext,
  ): Promise<ElicitationAnswer> => {
    const heading = `server "${context.serverId}" needs input${context.uri ? ` to read ${context.uri}` : ''}`
    const prefilled = request.mode === 'form' ? fromInputs(request, options.inputs, fail) : {}
    if (options.prompt) {
      const reply = await options.prompt(request, heading, prefilled, context.signal)
      if (reply.action !== 'accept') {
        failure = new CliError(
          `${heading}: ${inputRefusalWords[reply.action].outcome}`,
          ExitCode.inputRequired,
          'input_declined',
          { server: context.serverId, uri: context.uri },
        )
      }
      return reply
    }
    const message = sanitizeLine(request.message)
    if (request.mode === 'url') {
      if (options.yes) return { action: 'accept' }
      return fail(
        new CliError(
          `${heading}: ${message}\n  open ${sanitizeLine(request.url)} and run again with --yes`,
          ExitCode.inputRequired,
          'input_required',
          {
            server: context.serverId,
            uri: context.uri,
            message: request.message,
            url: request.url,
          },
        ),
      )
    }
    const given = Object.keys(options.inputs).length > 0
    const content: Record<string, FieldValue> = {}
    const missing: string[] = []
    for (const field of request.fields) {
      const value =
        prefilled[field.name] ??
        field.default ??
        (field.type === 'boolean' && options.yes ? true : undefined)
      if (value !== undefined) content[field.name] = value
      else if (field.required) missing.push(field.name)
    }
    if (missing.length > 0 || (!given && !options.yes)) {
      const wanted = request.fields
        .map(
          (field) =>
            `    ${sanitizeLine(field.name)}${field.required ? '' : ' (optional)'}: ${describeField(field)}${field.title ? ` — ${sanitizeLine(field.title)}` : ''}`,
        )
        .join('\n')
      const lead =
        missing.length > 0 ? `missing ${missing.map(sanitizeLine).join(', ')}` : 'no answer given'
      return fail(
        new CliError(
          `${heading}: ${message}\n  ${lead}; give the fields with --input name=value (or --yes to accept defaults):\n${wanted}`,
          ExitCode.inputRequired,
          'input_required',
          {
            server: context.serverId,
            uri: context.uri,
            message: request.message,
            fields: request.fields,
            missing,
          },
        ),
      )
    }
    return { action: 'accept', content }
  }

  return {
    // One question at a time, even if the client asks for several concurrently.
    handler: (request, context) => {
      const next = queue.then(() => answer(request, context))
      queue = next.catch(() => {})
      return next
    },
    get failure() {
      return failure
    },
  }
}

function fromInputs(
  request: Extract<ElicitationRequest, { mode: 'form' }>,
  inputs: Record<string, string>,
  fail: (error: CliError) => never,
): Record<string, FieldValue> {
  const values: Record<string, FieldValue> = {}
  for (const field of request.fields) {
    if (!Object.hasOwn(inputs, field.name)) continue
    const parsed = parseFieldValue(field, inputs[field.name] as string)
    if (!parsed.ok)
      fail(new CliError(`--input ${sanitizeLine(parsed.message)}`, ExitCode.usage, 'usage'))
    else values[field.name] = parsed.value
  }
  return values
}
