// BEHAVIOUR: suggestions for one template variable from `completion/complete`:
// debounced, the previous request aborted when the text changes (the query's signal),
// the other fields sent as context.arguments, and the server's order kept.
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { completionOptions } from '../queries/queryOptions.ts'
import { useResourceClient } from '../queries/ResourceKitProvider.tsx'
import { useServerStatus } from '../queries/useServers.ts'
import { useDebouncedValue } from './useDebouncedValue.ts'

export interface UseTemplateCompletionOptions {
  serverId: string
  /** The template string as listed. */
  template: string
  /** The variable being completed. */
  name: string
  /** What is typed so far. */
  value: string
  /** The other variables already filled in. */
  context?: Record<string, string>
  /** Wait this long after the last keystroke. @default 200 */
  debounceMs?: number
  /** @default true */
  enabled?: boolean
}

export interface TemplateCompletionResult {
  /** Suggestions in the server's order (at most 100). */
  values: readonly string[]
  /** How many matches exist in all, when the server says. */
  total?: number
  /** The server has more than it sent. */
  hasMore: boolean
  /** A request is in flight. */
  isFetching: boolean
  /** The values shown are not yet for the text typed (waiting out the debounce, or loading). */
  pending: boolean
  /** Why the last request failed, or null. */
  error: Error | null
  /** False when the server does not declare completions. */
  supported: boolean
}

/** Completion suggestions for `name` of `template` on `serverId`. */
export function useTemplateCompletion(
  options: UseTemplateCompletionOptions,
): TemplateCompletionResult {
  const client = useResourceClient()
  const server = useServerStatus(options.serverId)
  const supported = server?.capabilities?.completions !== undefined
  const value = useDebouncedValue(options.value, options.debounceMs ?? 200)
  const enabled = (options.enabled ?? true) && supported
  const query = useQuery({
    ...completionOptions(client, options.serverId, {
      template: options.template,
      argument: { name: options.name, value },
      context: options.context,
    }),
    enabled,
    // Keep the last suggestions on screen while the next ones load: no flicker.
    placeholderData: keepPreviousData,
  })
  return {
    values: query.data?.values ?? [],
    total: query.data?.total,
    hasMore: query.data?.hasMore === true,
    isFetching: query.isFetching,
    pending:
      enabled &&
      (value !== options.value ||
        query.isPlaceholderData ||
        (query.isFetching && query.data === undefined)),
    error: query.error,
    supported,
  }
}
