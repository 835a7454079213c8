// The one way change notifications enter the client, per server, for both eras. A 2025-11-25
// session sends `notifications/resources/updated` and `list_changed` unsolicited, watched or
// not (list changes always; updates after a subscribe, perhaps the app's own on a Client it
// shares with us); a 2026 server sends them on a `subscriptions/listen` stream. Either way the
// cache of record must not keep serving what the server just said changed, and a watch must
// not hear of a change the cache still serves. So every notice goes through one coalescer
// (per key, at most one run per window: the first at once, the rest in one trailing run), and
// each run invalidates first and then tells the listeners (the watches, through the
// subscription engine). The session is followed with one listener, from the moment it connects.

import { createCoalescer } from './coalesce.ts'
import type { Timers } from './scheduler.ts'
import type { Session } from './session.ts'

/** A change a server told of, as checked on the way in. */
export type Notice = { type: 'updated'; uri: string } | { type: 'listChanged' }

export interface NotificationIntakeOptions {
  /** `updated(uri)`: invalidate that read (its synchronous part done before the watches hear). */
  invalidateRead(uri: string): Promise<void> | void
  /** `list_changed`: invalidate the resource and template lists. */
  invalidateLists(): Promise<void> | void
  /** Repeated notices of one key within this window collapse into one run. @default 250 */
  coalesceMs?: number
  timers?: Timers
  logger?: Pick<Console, 'warn'>
}

export interface NotificationIntake {
  /** Follows this session's unsolicited notifications (and stops following the last one). */
  follow(session: Session | undefined): void
  /** A notice from a listen stream (already checked against what the stream asked for). */
  take(notice: Notice): void
  /** Hears each coalesced notice, after the cache was invalidated for it. */
  onNotice(listener: (notice: Notice) => void): () => void
  /** Stops following and drops every pending run. */
  close(): void
}

const UPDATED = 'notifications/resources/updated'
const LIST_CHANGED = 'notifications/resources/list_changed'
const SUBSCRIPTION_ID = 'io.modelcontextprotocol/subscriptionId'
const LISTS = '\u0000lists'
/** Longest URI accepted from a notification; anything longer is hostile noise. */
export const MAX_NOTIFIED_URI = 8_192

export function createNotificationIntake(options: NotificationIntakeOptions): NotificationIntake {
  const listeners = new Set<(notice: Notice) => void>()
  const warn = (message: string, error: unknown) => options.logger?.warn(message, error)
  const coalescer = createCoalescer<string>({
    windowMs: options.coalesceMs ?? 250,
    ...(options.timers && { timers: options.timers }),
    run: (key) => {
      const notice: Notice =
        key === LISTS ? { type: 'listChanged' } : { type: 'updated', uri: key.slice(1) }
      try {
        const invalidated =
          notice.type === 'listChanged'
            ? options.invalidateLists()
            : options.invalidateRead(notice.uri)
        Promise.resolve(invalidated).catch((error) =>
          warn('resource-kit: invalidation failed', error),
        )
      } catch (error) {
        warn('resource-kit: invalidation failed', error)
      }
      for (const listener of [...listeners]) {
        try {
          listener(notice)
        } catch (error) {
          warn('resource-kit: a notice listener threw', error)
        }
      }
    },
  })
  // A URI key is prefixed, so no URI can be the lists' key.
  const take = (notice: Notice) =>
    coalescer.push(notice.type === 'listChanged' ? LISTS : `u${notice.uri}`)
  let followed: Session | undefined
  let unfollow: (() => void) | undefined

  return {
    follow(session) {
      if (session === followed) return
      unfollow?.()
      followed = session
      unfollow = session?.onNotification((notification) => {
        const meta = notification.params?._meta
        // Tagged with a listen id: it belongs to a modern stream, which hands it over itself.
        if (typeof meta === 'object' && meta !== null && SUBSCRIPTION_ID in meta) return
        if (notification.method === LIST_CHANGED) take({ type: 'listChanged' })
        if (notification.method !== UPDATED) return
        const uri = notification.params?.uri
        if (typeof uri === 'string' && uri.length > 0 && uri.length <= MAX_NOTIFIED_URI) {
          take({ type: 'updated', uri })
        }
      })
    },
    take,
    onNotice(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    close() {
      unfollow?.()
      unfollow = undefined
      followed = undefined
      listeners.clear()
      coalescer.cancel()
    },
  }
}
