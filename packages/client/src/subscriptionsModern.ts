// The modern channel: one `subscriptions/listen` stream at a time. Changing the filter
// opens a stream with the new filter and waits for its acknowledgement before closing
// the old one (make before break), so no update falls in a gap. If the old stream ends
// while the new one is still waiting for its ack, the new one takes over when it is
// acknowledged (and the gap is reported); if it is refused, the channel ends as the old
// stream did. Either way exactly one stream is left open, or none.
import { defaultScheduler, type Timers } from './scheduler.ts'
import type { ListenHandle, Session, SubscriptionFilter } from './session.ts'
import type { Channel, ChannelEvent, ChannelOptions } from './subscriptionsChannel.ts'
import { readEvent } from './subscriptionsChannel.ts'

interface Stream {
  handle: ListenHandle
  requested: SubscriptionFilter
  /** Cleared when the stream is replaced or closed: its late notifications are not ours any more. */
  live: boolean
}

type End = 'graceful' | 'remote'

/** Closing a stream is a courtesy to the server: never wait on it for long. */
const CLOSE_TIMEOUT_MS = 1_000

/** Opens a listen stream for `filter`; rejects with the session's error (e.g. `-32601`) if the server refuses. */
export async function openListenChannel(
  session: Session,
  filter: SubscriptionFilter,
  onEvent: (event: ChannelEvent) => void,
  options: ChannelOptions = {},
): Promise<Channel> {
  let closing = false
  let endedBy: End | undefined
  let settle!: (reason: End) => void
  const ended = new Promise<End>((resolve) => {
    settle = (reason) => {
      if (closing || endedBy) return
      endedBy = reason
      resolve(reason)
    }
  })
  /** Set while a retarget waits for its ack; the current stream's end is held until it settles. */
  let retargeting = false
  let heldEnd: End | undefined

  const open = async (requested: SubscriptionFilter, signal?: AbortSignal): Promise<Stream> => {
    const stream = { requested, live: true } as Stream
    stream.handle = await session.listen(
      requested,
      (notification) => {
        if (!stream.live) return
        const event = readEvent(notification, requested)
        if (event) onEvent(event)
      },
      {
        ...(signal && { signal }),
        ...(options.ackTimeoutMs && { timeoutMs: options.ackTimeoutMs }),
      },
    )
    return stream
  }

  const follow = (stream: Stream) => {
    const ends = (reason: End) => {
      // A replaced stream closing is expected; only the current one ending matters.
      if (stream !== current || !stream.live) return
      stream.live = false
      if (retargeting) heldEnd = reason
      else settle(reason)
    }
    stream.handle.closed.then(
      (reason) => ends(reason === 'graceful' ? 'graceful' : 'remote'),
      () => ends('remote'),
    )
  }

  const shut = (stream: Stream) => {
    stream.live = false
    return bounded(stream.handle.close(), options.timers ?? defaultScheduler)
  }

  let current = await open(filter, options.signal)
  follow(current)
  const offClose = session.onClose(() => settle('remote'))

  return {
    get honored() {
      return current.handle.honored
    },
    get requested() {
      return current.requested
    },
    get endedBy() {
      return endedBy
    },
    ended,
    async retarget(next, signal) {
      if (endedBy) throw new Error('the subscription channel has ended')
      retargeting = true
      let stream: Stream
      try {
        stream = await open(next, signal)
      } catch (error) {
        // Refused or aborted: the old stream stays, unless it ended meanwhile.
        if (heldEnd) settle(heldEnd)
        throw error
      } finally {
        retargeting = false
      }
      if (closing || endedBy) {
        await shut(stream)
        throw new Error('the subscription channel closed while changing its filter')
      }
      const previous = current
      const gap = heldEnd !== undefined
      heldEnd = undefined
      current = stream
      follow(stream)
      await shut(previous)
      // The old stream ended before the new one was acknowledged: updates may have been lost.
      if (gap) onEvent({ type: 'gap' })
    },
    async close() {
      closing = true
      offClose()
      await shut(current)
    },
  }
}

function bounded(closing: Promise<void>, timers: Timers): Promise<void> {
  let timer: unknown
  const timeout = new Promise<void>((resolve) => {
    timer = timers.setTimeout(resolve, CLOSE_TIMEOUT_MS)
  })
  return Promise.race([closing.catch(() => {}), timeout]).finally(() => timers.clearTimeout(timer))
}
