import type { LiveDataClock } from '../liveData.ts'

/** A clock whose intervals fire only when a test calls `tick`. */
export function createFakeClock(): LiveDataClock & { tick(ms: number): void } {
  let now = 0
  const timers = new Map<number, { callback: () => void; ms: number; due: number }>()
  let nextId = 1
  return {
    setInterval(callback, ms) {
      const id = nextId++
      timers.set(id, { callback, ms, due: now + ms })
      return id
    },
    clearInterval(handle) {
      timers.delete(handle as number)
    },
    tick(ms) {
      const end = now + ms
      for (;;) {
        const next = [...timers.values()]
          .filter((t) => t.due <= end)
          .sort((a, b) => a.due - b.due)[0]
        if (next === undefined) break
        now = next.due
        next.due += next.ms
        next.callback()
      }
      now = end
    },
  }
}
