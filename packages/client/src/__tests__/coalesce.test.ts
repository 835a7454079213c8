import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createCoalescer } from '../coalesce.ts'

describe('createCoalescer', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('runs the first push at once and collapses the rest of the window into one trailing run', async () => {
    const runs: string[] = []
    const coalescer = createCoalescer<string>({ windowMs: 250, run: (key) => runs.push(key) })
    coalescer.push('a')
    expect(runs).toEqual(['a'])
    coalescer.push('a')
    coalescer.push('a')
    expect(runs).toEqual(['a'])
    await vi.advanceTimersByTimeAsync(250)
    expect(runs).toEqual(['a', 'a'])
    // The trailing run opened a new window: with no push in it, nothing more runs.
    await vi.advanceTimersByTimeAsync(1000)
    expect(runs).toEqual(['a', 'a'])
    expect(coalescer.size).toBe(0)
  })

  it('turns 10,000 pushes of one key within a second into at most five runs', async () => {
    let runs = 0
    const coalescer = createCoalescer<string>({ windowMs: 250, run: () => runs++ })
    for (let i = 0; i < 10_000; i++) {
      coalescer.push('docs://readme')
      if (i % 10 === 9) await vi.advanceTimersByTimeAsync(1)
    }
    await vi.advanceTimersByTimeAsync(2000)
    expect(runs).toBeGreaterThanOrEqual(2)
    expect(runs).toBeLessThanOrEqual(5)
  })

  it('keeps keys apart', async () => {
    const runs: string[] = []
    const coalescer = createCoalescer<string>({ windowMs: 100, run: (key) => runs.push(key) })
    coalescer.push('a')
    coalescer.push('b')
    coalescer.push('a')
    expect(runs).toEqual(['a', 'b'])
    await vi.advanceTimersByTimeAsync(100)
    expect(runs).toEqual(['a', 'b', 'a'])
  })

  it('flushes pending keys now and cancel drops them', async () => {
    const runs: string[] = []
    const coalescer = createCoalescer<string>({ windowMs: 100, run: (key) => runs.push(key) })
    coalescer.push('a')
    coalescer.push('a')
    coalescer.push('b')
    coalescer.flush()
    expect(runs).toEqual(['a', 'b', 'a'])
    expect(vi.getTimerCount()).toBe(0)
    coalescer.push('c')
    coalescer.push('c')
    coalescer.cancel()
    await vi.advanceTimersByTimeAsync(500)
    expect(runs).toEqual(['a', 'b', 'a', 'c'])
  })
})
