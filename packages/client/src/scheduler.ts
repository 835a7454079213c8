// The client's one clock, injected (as query-core's `notifyManager` / `timeoutManager`):
// coalescing windows, re-listen backoff, idle pacing of list revalidations, the pause between
// input rounds and every deadline of ours wait through it, and list staleness reads its
// `now`. Tests drive time through this one seam; a browser host gives it an idle wait. This
// module is the only one of the client that touches the global timers.

/** The timer functions a part of the client waits with. */
export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
  /** The current time in milliseconds. @default Date.now */
  now?(): number
}

/** Every timing of one client (and of the React package over it: `client.scheduler`). */
export interface Scheduler extends Timers {
  /** The current time in milliseconds (`Date.now()`'s epoch: staleness compares with it). */
  now(): number
  /**
   * Resolves when background work may take the next step (a revalidation's next page): a
   * browser host passes an idle wait so it leaves the CPU to typing. Rejects with the
   * signal's reason on abort. @default none: background work goes on at once
   */
  idle?(signal: AbortSignal): Promise<void>
}

/** The global timers, looked up at call time so `vi.useFakeTimers()` installed later still applies. */
export const defaultScheduler: Scheduler = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
  now: () => Date.now(),
}
