// A channel is how one server is asked for change notifications for one filter: a modern
// `subscriptions/listen` stream (which delivers them) or, on legacy servers,
// `resources/subscribe` (the notifications then come unsolicited, to the intake). The
// engine (subscriptions.ts) drives either through this one interface.

import { MAX_NOTIFIED_URI } from './notificationIntake.ts'
import type { Timers } from './scheduler.ts'
import type { SessionNotification, SubscriptionFilter } from './session.ts'
import { coversUri } from './subscriptionsFilter.ts'

/**
 * What a channel reports: a change, or a `gap` (delivery was interrupted and resumed, so
 * changes may have been missed: everything watched must be resynced).
 */
export type ChannelEvent =
  | { type: 'updated'; uri: string }
  | { type: 'listChanged' }
  | { type: 'gap' }

export interface ChannelOptions {
  /** Aborts the opening (e.g. a listen whose ack never comes). */
  signal?: AbortSignal
  /** Longest wait for a listen's acknowledgement. */
  ackTimeoutMs?: number
  timers?: Timers
}

export interface Channel {
  /** What the server honours right now (modern: the ack; legacy: the subscribes that succeeded). */
  readonly honored: SubscriptionFilter
  /** What was last asked of the server. */
  readonly requested: SubscriptionFilter
  /**
   * Settles once if the channel ends without `close()`: `graceful` when the server ended
   * it (listen result or `notifications/cancelled`), `remote` when the transport dropped.
   */
  readonly ended: Promise<'graceful' | 'remote'>
  /** URIs the server refused to subscribe (legacy), with its error. */
  readonly refused?: ReadonlyMap<string, Error>
  /** How the channel ended, as soon as it has (synchronously, unlike `ended`). */
  readonly endedBy: 'graceful' | 'remote' | undefined
  /**
   * Switch to `filter` with no gap: the new delivery is in place before the old one stops.
   * Rejects on failure or abort; the old delivery is kept unless it ended meanwhile
   * (then `endedBy` is set).
   */
  retarget(filter: SubscriptionFilter, signal?: AbortSignal): Promise<void>
  /** Stop delivering: HTTP abort / stdio `notifications/cancelled`, or unsubscribe. */
  close(): Promise<void>
}

export type OpenChannel = (
  filter: SubscriptionFilter,
  onEvent: (event: ChannelEvent) => void,
  options?: ChannelOptions,
) => Promise<Channel>

/**
 * Reads a resource notification into an event, or `undefined` when it is malformed or
 * was not asked for (a server must not send types the client did not request).
 */
export function readEvent(
  notification: SessionNotification,
  requested: SubscriptionFilter,
): ChannelEvent | undefined {
  if (notification.method === 'notifications/resources/list_changed') {
    return requested.resourcesListChanged ? { type: 'listChanged' } : undefined
  }
  if (notification.method === 'notifications/resources/updated') {
    const uri = notification.params?.uri
    if (typeof uri !== 'string' || uri.length === 0 || uri.length > MAX_NOTIFIED_URI)
      return undefined
    return coversUri(requested, uri) ? { type: 'updated', uri } : undefined
  }
  return undefined
}
