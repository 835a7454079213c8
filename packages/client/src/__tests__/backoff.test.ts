import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { backoffDelay, sleep } from '../backoff.ts'

describe('backoffDelay', () => {
  it('doubles from 500 ms up to the 30 s cap when jitter draws 0', () => {
    const schedule = Array.from({ length: 10 }, (_, i) => backoffDelay(i + 1, { random: () => 0 }))
    expect(schedule).toEqual([500, 1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000, 30000])
  })

  it('only shortens a delay by up to the jitter fraction, so the cap still holds', () => {
    expect(backoffDelay(1, { random: () => 0.999999 })).toBe(350)
    expect(backoffDelay(1, { jitter: 1, random: () => 0.5 })).toBe(250)
    expect(backoffDelay(50, { random: () => 0.5 })).toBe(25500)
    for (let attempt = 1; attempt < 40; attempt++) {
      const delay = backoffDelay(attempt, { random: Math.random })
      expect(delay).toBeGreaterThanOrEqual(350)
      expect(delay).toBeLessThanOrEqual(30000)
    }
  })

  it('takes custom initial, factor and cap, and survives nonsense input', () => {
    expect(backoffDelay(3, { initialMs: 100, factor: 3, maxMs: 1000, jitter: 0 })).toBe(900)
    expect(backoffDelay(4, { initialMs: 100, factor: 3, maxMs: 1000, jitter: 0 })).toBe(1000)
    expect(backoffDelay(Number.NaN, { jitter: 0 })).toBe(500)
    expect(backoffDelay(0, { jitter: 0 })).toBe(500)
    expect(backoffDelay(1e9, { jitter: 0 })).toBe(30000)
    expect(backoffDelay(2, { jitter: 0.5, random: () => Number.NaN })).toBe(1000)
    expect(backoffDelay(2, { initialMs: -5, maxMs: Number.POSITIVE_INFINITY, jitter: 0 })).toBe(
      1000,
    )
  })
})

describe('sleep', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('resolves once the fake clock passes the delay', async () => {
    let done = false
    const waiting = sleep(500).then(() => {
      done = true
    })
    await vi.advanceTimersByTimeAsync(499)
    expect(done).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    await waiting
    expect(done).toBe(true)
  })

  it('rejects with the abort reason and clears its timer', async () => {
    const controller = new AbortController()
    const waiting = sleep(10_000, controller.signal)
    controller.abort(new Error('stop'))
    await expect(waiting).rejects.toThrow('stop')
    expect(vi.getTimerCount()).toBe(0)
    await expect(sleep(1, controller.signal)).rejects.toThrow('stop')
  })

  it('follows a whole reconnect schedule on injected timers', async () => {
    const waits: number[] = []
    const timers = {
      setTimeout: (fn: () => void, ms: number) => {
        waits.push(ms)
        return setTimeout(fn, ms)
      },
      clearTimeout: (handle: unknown) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    }
    const run = (async () => {
      for (let attempt = 1; attempt <= 8; attempt++) {
        await sleep(backoffDelay(attempt, { random: () => 0 }), undefined, timers)
      }
    })()
    await vi.advanceTimersByTimeAsync(500 + 1000 + 2000 + 4000 + 8000 + 16000 + 30000 + 30000)
    await run
    expect(waits).toEqual([500, 1000, 2000, 4000, 8000, 16000, 30000, 30000])
  })
})
