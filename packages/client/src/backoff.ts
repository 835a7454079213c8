// Exponential backoff with jitter for re-listening, and the abortable sleep that every
// waiting part of the client uses, on the client's scheduler (scheduler.ts).
import { defaultScheduler, type Timers } from './scheduler.ts'

export interface BackoffOptions {
  /** Delay before the first retry, in milliseconds. @default 500 */
  initialMs?: number
  /** Largest delay, in milliseconds. @default 30_000 */
  maxMs?: number
  /** Growth factor per attempt. @default 2 */
  factor?: number
  /** Fraction of each delay that is random (0: none, 1: anywhere from 0 to the delay). @default 0.3 */
  jitter?: number
  /** Random source in [0, 1). @default Math.random */
  random?: () => number
}

/**
 * The wait before retry number `attempt` (1-based): `initialMs · factor^(attempt-1)`, capped at
 * `maxMs`, then shortened by up to `jitter` of itself so that many clients dropped at once do
 * not come back in step. Jitter only ever shortens, so the cap holds.
 */
export function backoffDelay(attempt: number, options: BackoffOptions = {}): number {
  const initialMs = nonNegative(options.initialMs, 500)
  const maxMs = Math.max(initialMs, nonNegative(options.maxMs, 30_000))
  const factor = Math.max(1, nonNegative(options.factor, 2))
  const jitter = Math.min(1, nonNegative(options.jitter, 0.3))
  const step = Math.max(0, Math.floor(Number.isFinite(attempt) ? attempt : 1) - 1)
  // Cap the exponent: factor ** 1e6 would be Infinity anyway, but keep the arithmetic finite.
  const base = Math.min(maxMs, initialMs * factor ** Math.min(step, 64))
  const r = clamp01((options.random ?? Math.random)())
  return Math.round(base * (1 - jitter * r))
}

/** Wait `ms` milliseconds; rejects with the signal's reason as soon as it aborts. */
export function sleep(
  ms: number,
  signal?: AbortSignal,
  timers: Timers = defaultScheduler,
): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason)
      return
    }
    const onAbort = () => {
      timers.clearTimeout(handle)
      reject(signal?.reason)
    }
    const handle = timers.setTimeout(() => {
      signal?.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    signal?.addEventListener('abort', onAbort, { once: true })
  })
}

function nonNegative(value: number | undefined, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : fallback
}

function clamp01(value: number): number {
  return Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0
}
