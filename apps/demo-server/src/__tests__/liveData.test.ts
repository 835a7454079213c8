import { describe, expect, it } from 'vitest'
import { createLiveData, type LiveEvent } from '../liveData.ts'
import { createFakeClock } from './fakeClock.ts'

const targets = {
  logUri: 'log://app/tail',
  fileUri: 'file:///w/live/x.md',
  folderUri: 'file:///w/live/',
}

describe('createLiveData', () => {
  it('ticks the log and toggles the file on their intervals, announcing each change', () => {
    const clock = createFakeClock()
    const live = createLiveData(targets, { clock, logIntervalMs: 2000, fileIntervalMs: 30_000 })
    const events: LiveEvent[] = []
    live.subscribe((event) => events.push(event))

    clock.tick(6000)
    expect(live.logTick).toBe(3)
    expect(events).toEqual(Array(3).fill({ kind: 'resource_updated', uri: targets.logUri }))

    events.length = 0
    clock.tick(24_000)
    expect(live.filePresent).toBe(true)
    expect(events).toContainEqual({ kind: 'resources_list_changed' })
    expect(events).toContainEqual({ kind: 'resource_updated', uri: targets.folderUri })
    expect(events).toContainEqual({ kind: 'resource_updated', uri: targets.fileUri })

    clock.tick(30_000)
    expect(live.filePresent).toBe(false)
  })

  it('keeps delivering when one listener throws, and stops after unsubscribe', () => {
    const clock = createFakeClock()
    const live = createLiveData(targets, { clock, logIntervalMs: 10 })
    const seen: LiveEvent[] = []
    live.subscribe(() => {
      throw new Error('closed connection')
    })
    const unsubscribe = live.subscribe((event) => seen.push(event))
    clock.tick(10)
    expect(seen).toHaveLength(1)
    unsubscribe()
    clock.tick(10)
    expect(seen).toHaveLength(1)
  })

  it('stops its timers on close', () => {
    const clock = createFakeClock()
    const live = createLiveData(targets, { clock, logIntervalMs: 10, fileIntervalMs: 10 })
    live.close()
    live.close()
    clock.tick(1000)
    expect(live.logTick).toBe(0)
    expect(live.filePresent).toBe(false)
  })
})
