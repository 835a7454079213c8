// When a server refuses a listen (say `-32602` for one bad URI in the union of every
// watch's filter), only the watches that asked for the refused part may fail: the others
// stay on the stream they have. The culprits are found among the watches that add
// something to what the channel already carries, by trying them one at a time.
import { McpRequestError } from './errors.ts'
import type { SubscriptionFilter } from './session.ts'
import type { Channel } from './subscriptionsChannel.ts'
import { isEmptyFilter, sameFilter } from './subscriptionsFilter.ts'
import type { WatchHandle } from './watch.ts'

/**
 * A refusal of the request itself (bad params, a URI the server will not watch): any
 * JSON-RPC error but `-32601` (no subscriptions at all) and `-32603` (which the SDK also
 * uses for "too many streams", worth a retry).
 */
export function isRefusal(error: unknown): error is McpRequestError {
  return error instanceof McpRequestError && error.code !== -32601 && error.code !== -32603
}

export interface Isolation {
  /** The channel as it is (undefined when nothing is open yet); `apply` may open or retarget it. */
  channel: Channel | undefined
  /** The watches still in the demand. */
  readonly watches: WatchHandle[]
  /** The filter that serves `watches`, trimmed to the server's capabilities. */
  filterOf(watches: WatchHandle[]): SubscriptionFilter
  /** Opens or retargets the channel to `filter`; rejects as the server does. */
  apply(filter: SubscriptionFilter, signal: AbortSignal): Promise<void>
}

/**
 * The server refused the union with `error`. Marks the watches it refuses (each gets the
 * server's error) and leaves the channel serving the rest. With one candidate, that one is
 * refused without asking again; with several, each is tried on top of the accepted ones.
 * Rethrows when no watch adds anything (the server refuses what it already had: every
 * watch fails) and on any error that is not a refusal.
 */
export async function findRefused(
  isolation: Isolation,
  error: McpRequestError,
  signal: AbortSignal,
): Promise<void> {
  const base = isolation.channel?.requested ?? {}
  const candidates = isolation.watches.filter((watch) => adds(isolation.filterOf([watch]), base))
  if (candidates.length === 0) throw error
  if (candidates.length === 1) {
    candidates[0]?.refuse(error)
    return
  }
  const accepted = isolation.watches.filter((watch) => !candidates.includes(watch))
  for (const candidate of candidates) {
    const filter = isolation.filterOf([...accepted, candidate])
    const current = isolation.channel?.requested
    if (isEmptyFilter(filter) || (current && sameFilter(filter, current))) {
      accepted.push(candidate)
      continue
    }
    try {
      await isolation.apply(filter, signal)
      accepted.push(candidate)
    } catch (failure) {
      if (!isRefusal(failure) || signal.aborted || isolation.channel?.endedBy) throw failure
      candidate.refuse(failure)
    }
  }
}

/** True when `filter` asks for something `base` does not carry. */
function adds(filter: SubscriptionFilter, base: SubscriptionFilter): boolean {
  if (filter.resourcesListChanged && !base.resourcesListChanged) return true
  const carried = new Set(base.resourceSubscriptions ?? [])
  return (filter.resourceSubscriptions ?? []).some((uri) => !carried.has(uri))
}
