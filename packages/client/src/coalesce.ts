// Coalesces bursts of the same signal (one URI updated 10,000 times a second) into a few
// runs: the first push of a key runs at once, later pushes within the window collapse into
// one trailing run at its end, which opens the next window.
import { defaultScheduler, type Timers } from './scheduler.ts'

export interface CoalescerOptions<K> {
  /** Minimum time between two runs for the same key, in milliseconds. @default 250 */
  windowMs?: number
  /** Called for a key: at once on the first push, then at most once per window. */
  run: (key: K) => void
  timers?: Timers
}

export interface Coalescer<K> {
  /** Signal `key`; runs now if the key is quiet, otherwise once when its window ends. */
  push(key: K): void
  /** Run every pending key now and reset all windows. */
  flush(): void
  /** Drop every pending run and window. */
  cancel(): void
  /** Keys inside a window (for tests and diagnostics). */
  readonly size: number
}

interface Slot {
  handle: unknown
  pending: boolean
}

export function createCoalescer<K>(options: CoalescerOptions<K>): Coalescer<K> {
  const windowMs = Math.max(0, options.windowMs ?? 250)
  const timers = options.timers ?? defaultScheduler
  const slots = new Map<K, Slot>()

  const openWindow = (key: K) => {
    const slot: Slot = { handle: undefined, pending: false }
    slot.handle = timers.setTimeout(() => {
      slots.delete(key)
      if (slot.pending) fire(key)
    }, windowMs)
    slots.set(key, slot)
  }

  const fire = (key: K) => {
    openWindow(key)
    options.run(key)
  }

  return {
    push(key) {
      const slot = slots.get(key)
      if (slot) slot.pending = true
      else fire(key)
    },
    flush() {
      const pending = [...slots].filter(([, slot]) => slot.pending).map(([key]) => key)
      this.cancel()
      for (const key of pending) options.run(key)
    },
    cancel() {
      for (const slot of slots.values()) timers.clearTimeout(slot.handle)
      slots.clear()
    },
    get size() {
      return slots.size
    },
  }
}
