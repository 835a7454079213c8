// The modern channel: one `subscriptions/listen` stream at a time. Changing the filter
// opens a stream with the new filter and waits for its acknowledgement before closing
// the old one (make before break), so no update falls in a gap.
import type { ListenHandle, Session, SubscriptionFilter } from './session.ts'
import type { Channel, ChannelEvent } from './subscriptionsChannel.ts'
import { readEvent } from './subscriptionsChannel.ts'

interface Stream {
  handle: ListenHandle
  requested: SubscriptionFilter
  /** Cleared when the stream is replaced or closed: its late notifications are not ours any more. */
  live: boolean
}

/** Opens a listen stream for `filter`; rejects with the session's error (e.g. `-32601`) if the server refuses. */
export async function openListenChannel(
  session: Session,
  filter: SubscriptionFilter,
  onEvent: (event: ChannelEvent) => void,
): Promise<Channel> {
  let closing = false
  let settle!: (reason: 'graceful' | 'remote') => void
  const ended = new Promise<'graceful' | 'remote'>((resolve) => {
    settle = (reason) => {
      if (!closing) resolve(reason)
    }
  })

  const open = async (requested: SubscriptionFilter): Promise<Stream> => {
    const stream = { requested, live: true } as Stream
    stream.handle = await session.listen(requested, (notification) => {
      if (!stream.live) return
      const event = readEvent(notification, requested)
      if (event) onEvent(event)
    })
    return stream
  }

  const follow = (stream: Stream) => {
    stream.handle.closed.then(
      (reason) => {
        // A replaced stream closing is expected; only the current one ending matters.
        if (stream === current && stream.live) settle(reason === 'graceful' ? 'graceful' : 'remote')
      },
      () => stream === current && settle('remote'),
    )
  }

  let current = await open(filter)
  follow(current)
  const offClose = session.onClose(() => settle('remote'))

  return {
    get honored() {
      return current.handle.honored
    },
    get requested() {
      return current.requested
    },
    ended,
    async retarget(next) {
      const stream = await open(next)
      if (closing) {
        stream.live = false
        await stream.handle.close()
        throw new Error('the subscription channel closed while changing its filter')
      }
      const previous = current
      current = stream
      follow(stream)
      previous.live = false
      await previous.handle.close().catch(() => {})
    },
    async close() {
      closing = true
      offClose()
      current.live = false
      await current.handle.close().catch(() => {})
    },
  }
}
