import { describe, expect, it } from 'vitest'
import { createInputQuiet } from '../inputQuiet.ts'
import { createWhenIdle } from '../timeSlicing.ts'

/** A clock, sleeps that the test ends by hand, and a target that input events reach. */
function page() {
  let time = 0
  const sleeps: { until: number; wake: () => void }[] = []
  const target = new EventTarget()
  const input = createInputQuiet({
    target,
    quietMs: 300,
    now: () => time,
    sleep: (ms) => new Promise((wake) => sleeps.push({ until: time + ms, wake })),
  })
  return {
    input,
    sleeps,
    press: (type = 'keydown') => target.dispatchEvent(new Event(type)),
    /** Moves the clock and wakes the sleeps that are due. */
    advance: async (ms: number) => {
      time += ms
      for (const sleep of sleeps.splice(0)) {
        if (sleep.until <= time) sleep.wake()
        else sleeps.push(sleep)
      }
      await flush()
    },
  }
}

async function flush() {
  for (let i = 0; i < 10; i++) await Promise.resolve()
}

describe('createInputQuiet', () => {
  it('is quiet until input comes, and again once none has come for the quiet period', async () => {
    const { input, press, advance } = page()
    expect(input.quiet).toBe(true)
    press()
    expect(input.quiet).toBe(false)
    await advance(299)
    expect(input.quiet).toBe(false)
    await advance(1)
    expect(input.quiet).toBe(true)
  })

  it('counts pointer presses and wheel turns as input, and stops listening on dispose', () => {
    const { input, press } = page()
    press('pointerdown')
    expect(input.quiet).toBe(false)
    const other = page()
    other.press('wheel')
    expect(other.input.quiet).toBe(false)
    const disposed = page()
    disposed.input.dispose()
    disposed.press()
    expect(disposed.input.quiet).toBe(true)
  })

  it('settles only after the last of several keys has been quiet for the period', async () => {
    const { input, press, advance } = page()
    let settled = false
    press()
    void input.settled().then(() => {
      settled = true
    })
    await advance(200)
    press()
    await advance(200)
    expect(settled).toBe(false)
    await advance(100)
    expect(settled).toBe(true)
  })
})

describe('createWhenIdle', () => {
  it('waits for the user to pause before the idle period, and again if they type in it', async () => {
    const { input, press, advance } = page()
    const periods: (() => void)[] = []
    const whenIdle = createWhenIdle(input, () => new Promise((end) => periods.push(end)))
    let idle = false
    press()
    void whenIdle().then(() => {
      idle = true
    })
    await flush()
    // Typing: no idle period is even asked for.
    expect(periods).toHaveLength(0)
    await advance(300)
    expect(periods).toHaveLength(1)
    // A key lands while the idle period is pending: it does not count as idle.
    press()
    periods[0]?.()
    await flush()
    expect(idle).toBe(false)
    await advance(300)
    expect(periods).toHaveLength(2)
    periods[1]?.()
    await flush()
    expect(idle).toBe(true)
  })
})
