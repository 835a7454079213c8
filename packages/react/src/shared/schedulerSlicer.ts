// A time slicer (`@resource-kit/search`) on the client's one clock: slices are measured with
// the scheduler's `now`, and background waits use its `idle` when the host gives one (else
// the page's: input quiet, then an idle period).
import type { Scheduler } from '@resource-kit/client'
import { createTimeSlicer, type TimeSlicer } from '@resource-kit/search/lazy'

const NEVER = new AbortController().signal

/** A slicer timed by `scheduler`; `whenIdle` overrides its idle wait. */
export function schedulerSlicer(scheduler: Scheduler, whenIdle?: () => Promise<void>): TimeSlicer {
  const idle = scheduler.idle?.bind(scheduler)
  return createTimeSlicer({
    now: () => scheduler.now(),
    ...(whenIdle ? { whenIdle } : idle ? { whenIdle: () => idle(NEVER) } : {}),
  })
}
