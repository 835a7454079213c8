import { describe, expect, it } from 'vitest'
import { createTimeSlicer, defaultYieldToMain } from '../timeSlicing.ts'

/** A clock and a yield the test advances by hand. */
function manual() {
  let time = 0
  const log: string[] = []
  return {
    log,
    advance: (ms: number) => {
      time += ms
    },
    env: {
      now: () => time,
      yieldToMain: async () => {
        log.push(`yield@${time}`)
      },
      whenIdle: async () => {
        log.push(`idle@${time}`)
      },
    },
  }
}

describe('createTimeSlicer', () => {
  it('yields only once a slice is spent, then starts a new slice', async () => {
    const clock = manual()
    const slicer = createTimeSlicer({ ...clock.env, sliceMs: 8 })
    for (let unit = 0; unit < 10; unit++) {
      clock.advance(3)
      await slicer.pause()
    }
    // 3 ms units in 8 ms slices: a yield after every third unit (9, 18, 27 ms).
    expect(clock.log).toEqual(['yield@9', 'yield@18', 'yield@27'])
  })

  it('waits for an idle period for background work', async () => {
    const clock = manual()
    const slicer = createTimeSlicer(clock.env)
    clock.advance(100)
    await slicer.idle()
    expect(clock.log).toEqual(['idle@100'])
    // A fresh slice after the idle wait.
    expect(slicer.spent).toBe(false)
  })

  it('rejects a pause with the abort reason', async () => {
    const clock = manual()
    const slicer = createTimeSlicer(clock.env)
    const controller = new AbortController()
    controller.abort(new Error('superseded'))
    expect(() => slicer.pause(controller.signal)).toThrow('superseded')
    await expect(slicer.yield(controller.signal)).rejects.toThrow('superseded')
  })

  it('rejects a yield aborted while it waits', async () => {
    let release = () => {}
    const slicer = createTimeSlicer({
      yieldToMain: () =>
        new Promise<void>((resolve) => {
          release = resolve
        }),
    })
    const controller = new AbortController()
    const waiting = slicer.yield(controller.signal)
    controller.abort(new Error('closed'))
    release()
    await expect(waiting).rejects.toThrow('closed')
  })
})

describe('defaultYieldToMain', () => {
  it('resolves after the current task (a macrotask, not a microtask)', async () => {
    const order: string[] = []
    const yielded = defaultYieldToMain().then(() => order.push('yielded'))
    await Promise.resolve().then(() => order.push('microtask'))
    await yielded
    expect(order).toEqual(['microtask', 'yielded'])
  })
})
