// What a public method rejects with: a ResourceKitError, or the caller's own abort reason.
// Nothing else escapes — not query-core's CancelledError (an entry removed or cancelled
// under a waiting caller), not whatever an app's Session throws.
import { isCancelledError } from '@tanstack/query-core'
import { abortReason } from './abortable.ts'
import { RequestCancelledError, ResourceKitError } from './errors.ts'

/** `what` names the call in the message ("resources/read of file:///a"). */
export function toPublicError(
  error: unknown,
  what: string,
  serverId: string | undefined,
  signal?: AbortSignal,
): unknown {
  if (error instanceof ResourceKitError) return error
  if (signal?.aborted) return abortReason(signal)
  const where = serverId ? ` on server "${serverId}"` : ''
  if (isCancelledError(error)) {
    return new RequestCancelledError(
      `${what}${where} was cancelled before it finished (its cache entry was removed or cancelled)`,
      { serverId, cause: error },
    )
  }
  const message = error instanceof Error ? error.message : String(error)
  return new ResourceKitError(`${what}${where} failed: ${message}`, { serverId, cause: error })
}
