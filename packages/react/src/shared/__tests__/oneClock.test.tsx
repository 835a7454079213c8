// The React side waits on the client's one clock (`client.scheduler`): a test that injects
// a scheduler drives the debounces, the announcement delay, the hits' "rest" timer and the
// tracker's publish pacing by advancing it, with no global fake timers.
import type { Scheduler } from '@resource-kit/client'
import { act, renderHook } from '@testing-library/react'
import type { ReactNode } from 'react'
import { describe, expect, it } from 'vitest'
import { createFakeClient, makeResources, readySnapshot } from '../../__tests__/fakeClient.ts'
import { useLiveAnnouncement } from '../../picker/useLiveAnnouncement.ts'
import { ResourceKitProvider } from '../../queries/ResourceKitProvider.tsx'
import { SourcesTracker } from '../../queries/sourcesTracker.ts'
import { useDebouncedValue } from '../../template/useDebouncedValue.ts'

/** A scheduler whose time moves only when the test says. */
function manualScheduler() {
  let time = 0
  let next = 1
  const timers = new Map<number, { at: number; run: () => void }>()
  const scheduler: Scheduler & { advance(ms: number): void; readonly pending: number } = {
    now: () => time,
    setTimeout: (run, ms) => {
      timers.set(next, { at: time + ms, run })
      return next++
    },
    clearTimeout: (handle) => void timers.delete(handle as number),
    advance(ms) {
      time += ms
      const due = [...timers].filter(([, t]) => t.at <= time).sort((a, b) => a[1].at - b[1].at)
      for (const [id, timer] of due) {
        timers.delete(id)
        timer.run()
      }
    },
    get pending() {
      return timers.size
    },
  }
  return scheduler
}

function withScheduler() {
  const scheduler = manualScheduler()
  const client = createFakeClient([
    {
      snapshot: readySnapshot('repo', 'Repo'),
      pages: [makeResources(3), makeResources(3, 'x://b/')],
    },
  ])
  Object.assign(client, { scheduler })
  const wrapper = ({ children }: { children: ReactNode }) => (
    <ResourceKitProvider client={client}>{children}</ResourceKitProvider>
  )
  return { scheduler, client, wrapper }
}

const realWait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('one clock: the client’s scheduler', () => {
  it('debounces a value on the scheduler, not the global timers', async () => {
    const { scheduler, wrapper } = withScheduler()
    const { result, rerender } = renderHook(({ value }) => useDebouncedValue(value, 50), {
      wrapper,
      initialProps: { value: 'a' },
    })
    rerender({ value: 'ab' })
    await realWait(120)
    expect(result.current).toBe('a')
    act(() => scheduler.advance(50))
    expect(result.current).toBe('ab')
  })

  it('delays the live announcement on the scheduler', async () => {
    const { scheduler, wrapper } = withScheduler()
    const { result, rerender } = renderHook(
      ({ message }) => useLiveAnnouncement(message, false, 50),
      { wrapper, initialProps: { message: '' } },
    )
    rerender({ message: '3 results' })
    await realWait(120)
    expect(result.current.get()).toBe('')
    act(() => scheduler.advance(50))
    expect(result.current.get()).toBe('3 results')
  })

  it('paces the tracker’s publishes on the scheduler', async () => {
    const { scheduler, client } = withScheduler()
    const quiet = { quiet: true, settled: async () => {} }
    const tracker = new SourcesTracker(client, { publishIntervalMs: 100, inputQuiet: quiet })
    tracker.setServers(client.getServers())
    // A publish started its cooling interval, on the scheduler.
    expect(scheduler.pending).toBeGreaterThan(0)
    tracker.destroy()
    expect(scheduler.pending).toBe(0)
  })
})
