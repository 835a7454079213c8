// 2025-11-25 servers send `notifications/resources/updated` and `list_changed` unsolicited,
// whether or not anything is watched (list changes always; updates after a subscribe,
// which may be the app's own on a Client it shares with us). Either way the cache of
// record must not keep serving what the server just said changed. So every Session of a
// server is followed from the moment it connects: each such notification invalidates, per
// key at most once per coalescing window. The subscription engine then only tells the
// watches (`SubscriptionHost.invalidatesUnsolicited`).
import type { Timers } from './backoff.ts'
import { createCoalescer } from './coalesce.ts'
import type { Session } from './session.ts'

const UPDATED = 'notifications/resources/updated'
const LIST_CHANGED = 'notifications/resources/list_changed'
const LISTS = '\u0000lists'
/** Longest URI accepted from a notification; anything longer is hostile noise. */
const MAX_URI = 8_192

export interface UnsolicitedInvalidationOptions {
  /** Hears each new Session of the server (and undefined when it is lost). */
  onSession(listener: (session: Session | undefined) => void): () => void
  invalidateRead(uri: string): Promise<void> | void
  invalidateLists(): Promise<void> | void
  coalesceMs?: number
  timers?: Timers
  logger?: Pick<Console, 'warn'>
}

/** Follows every Session of one server; returns the function that stops following. */
export function followUnsolicited(options: UnsolicitedInvalidationOptions): () => void {
  const coalescer = createCoalescer<string>({
    windowMs: options.coalesceMs ?? 250,
    ...(options.timers && { timers: options.timers }),
    run: (key) => {
      const run = key === LISTS ? options.invalidateLists : () => options.invalidateRead(key)
      Promise.resolve()
        .then(run)
        .catch((error) => options.logger?.warn('resource-kit: invalidation failed', error))
    },
  })
  let offNotification: (() => void) | undefined
  const offSession = options.onSession((session) => {
    offNotification?.()
    offNotification = session?.onNotification((notification) => {
      if (notification.method === LIST_CHANGED) coalescer.push(LISTS)
      if (notification.method !== UPDATED) return
      const uri = notification.params?.uri
      if (typeof uri === 'string' && uri.length > 0 && uri.length <= MAX_URI) coalescer.push(uri)
    })
  })
  return () => {
    offSession()
    offNotification?.()
    coalescer.cancel()
  }
}
