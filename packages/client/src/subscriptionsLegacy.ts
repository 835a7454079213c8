// The legacy channel (2025-11-25 servers): `resources/subscribe` / `resources/unsubscribe`
// per URI. The notifications come unsolicited on the session, where the server's one
// notification intake (notificationIntake.ts) takes them, watched or not: this channel only
// asks for them. Changing the filter subscribes the new URIs before unsubscribing the old ones.
import { McpRequestError } from './errors.ts'
import type { Session, SubscriptionFilter } from './session.ts'
import type { Channel, ChannelOptions } from './subscriptionsChannel.ts'

/** Unsubscribing is a courtesy: never let a slow server hold up a close for long. */
const UNSUBSCRIBE_TIMEOUT_MS = 1_000
/** A subscribe that gets no answer is retried by the engine rather than waited on forever. */
const SUBSCRIBE_TIMEOUT_MS = 10_000

/**
 * Subscribes every URI of `filter`. A URI the server refuses (any JSON-RPC error) is
 * simply not honoured; `-32601` means the server has no subscriptions at all. A transport
 * failure rejects, since nothing can be delivered then.
 */
export async function openLegacyChannel(
  session: Session,
  filter: SubscriptionFilter,
  options: ChannelOptions = {},
): Promise<Channel> {
  let requested = filter
  let closing = false
  let endedBy: 'remote' | undefined
  let noSubscribe = false
  /** URIs the server accepted a subscribe for. */
  const subscribed = new Set<string>()
  /** Subscribed, or with a subscribe in flight (not asked again). */
  const accepting = new Set<string>()
  /** URIs the server refused, with its error (asked again when a watch asks again). */
  const refused = new Map<string, Error>()
  let settle!: (reason: 'remote') => void
  const ended = new Promise<'graceful' | 'remote'>((resolve) => {
    settle = (reason) => {
      if (closing || endedBy) return
      endedBy = reason
      resolve(reason)
    }
  })

  const offClose = session.onClose(() => settle('remote'))

  const subscribe = async (uri: string, signal?: AbortSignal) => {
    if (noSubscribe) return
    accepting.add(uri)
    try {
      await session.request(
        'resources/subscribe',
        { uri },
        { ...(signal && { signal }), timeoutMs: options.ackTimeoutMs ?? SUBSCRIBE_TIMEOUT_MS },
      )
      subscribed.add(uri)
    } catch (error) {
      accepting.delete(uri)
      if (!(error instanceof McpRequestError)) throw error
      if (error.code === -32601) noSubscribe = true
      // -32603 is the server's trouble, not a verdict on the URI: not honoured, no error.
      else if (error.code !== -32603) refused.set(uri, error)
    }
  }

  const unsubscribe = (uris: string[]) =>
    Promise.all(
      uris.map((uri) =>
        session
          .request('resources/unsubscribe', { uri }, { timeoutMs: UNSUBSCRIBE_TIMEOUT_MS })
          .catch(() => {}),
      ),
    )

  const apply = async (next: SubscriptionFilter, signal?: AbortSignal) => {
    const wanted = new Set(next.resourceSubscriptions ?? [])
    refused.clear()
    await Promise.all(
      [...wanted].filter((uri) => !accepting.has(uri)).map((uri) => subscribe(uri, signal)),
    )
    requested = next
    const dropped = [...subscribed].filter((uri) => !wanted.has(uri))
    for (const uri of dropped) {
      subscribed.delete(uri)
      accepting.delete(uri)
    }
    await unsubscribe(dropped)
  }

  try {
    await apply(filter, options.signal)
  } catch (error) {
    offClose()
    throw error
  }

  return {
    get honored() {
      const uris = (requested.resourceSubscriptions ?? []).filter((uri) => subscribed.has(uri))
      return {
        ...(requested.resourcesListChanged &&
          session.info.capabilities.resources?.listChanged === true && {
            resourcesListChanged: true,
          }),
        ...(uris.length > 0 && { resourceSubscriptions: uris }),
      }
    },
    get requested() {
      return requested
    },
    get endedBy() {
      return endedBy
    },
    refused,
    ended,
    retarget: apply,
    async close() {
      closing = true
      offClose()
      const uris = [...subscribed]
      subscribed.clear()
      accepting.clear()
      await unsubscribe(uris)
    },
  }
}
