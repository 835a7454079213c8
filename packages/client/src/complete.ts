// `completion/complete` for a template variable: `ref/resource` with the template string
// as listed, the argument being typed, and the variables already chosen as context.
import { assertCompleteResult } from './cacheHints.ts'
import { InvalidContentError, McpRequestError, NotSupportedError } from './errors.ts'
import { isPlainObject } from './isPlainObject.ts'
import type { CompleteOptions } from './resourceClient.ts'
import type { Session } from './session.ts'
import type { CompletionResult } from './types.ts'

const MAX_VALUES = 100

/** Asks the server for values of one template variable. Abort with `options.signal`. */
export async function requestCompletion(
  session: Session,
  options: CompleteOptions,
  serverId?: string,
): Promise<CompletionResult> {
  if (!session.info.capabilities.completions) {
    throw new NotSupportedError('completion (no "completions" capability)', serverId)
  }
  const params = {
    ref: { type: 'ref/resource', uri: options.template },
    argument: { name: options.argument.name, value: options.argument.value },
    ...(options.context && { context: { arguments: options.context } }),
  }
  let raw: Record<string, unknown>
  try {
    raw = await session.request('completion/complete', params, { signal: options.signal })
  } catch (error) {
    if (error instanceof McpRequestError && error.code === -32601) {
      throw new NotSupportedError('completion', serverId, error)
    }
    throw error
  }
  return toCompletion(raw, serverId)
}

/**
 * Untrusted result → at most 100 string values, with `total` and `hasMore` as honest as the
 * result allows: a server that sent more than 100 values (the spec's limit) is cut to its
 * first 100 and reported as having more, whatever its `hasMore` said; a `total` above the
 * values kept means there are more too.
 */
export function toCompletion(raw: Record<string, unknown>, serverId?: string): CompletionResult {
  assertCompleteResult(raw, 'completion/complete', serverId)
  const completion = raw.completion
  if (!isPlainObject(completion) || !Array.isArray(completion.values)) {
    throw new InvalidContentError('completion/complete', 'no completion.values array', serverId)
  }
  const sent = completion.values.filter((value): value is string => typeof value === 'string')
  const values = sent.slice(0, MAX_VALUES)
  const said = completion.total
  const saidTotal =
    typeof said === 'number' && Number.isInteger(said) && said >= 0 ? said : undefined
  // At least as many as were sent: a total below that is wrong, and a cut needs one.
  const total =
    saidTotal !== undefined || sent.length > values.length
      ? Math.max(saidTotal ?? 0, sent.length)
      : undefined
  const hasMore =
    sent.length > values.length || (total !== undefined && total > values.length)
      ? true
      : typeof completion.hasMore === 'boolean'
        ? completion.hasMore
        : undefined
  return {
    values,
    ...(total !== undefined && { total }),
    ...(hasMore !== undefined && { hasMore }),
  }
}
