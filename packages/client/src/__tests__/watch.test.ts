import { describe, expect, it } from 'vitest'
import { type EngineView, WatchHandle, type WatchOwner } from '../watch.ts'

/** A stand-in engine: hands out demand versions and records closed watches. */
function owner(): WatchOwner & { list: WatchHandle[] } {
  let seq = 0
  const list: WatchHandle[] = []
  return {
    list,
    changed: () => ++seq,
    removed: async (watch) => {
      list.push(watch)
    },
  }
}

const live = (honored: EngineView['honored'], coveredSeq = 99): EngineView => ({
  status: 'live',
  honored,
  coveredSeq,
  attempt: 0,
})

describe('WatchHandle', () => {
  it('keeps the same snapshot object until something really changes', () => {
    const watch = new WatchHandle(
      owner(),
      { uris: ['a://1'] },
      { status: 'idle', coveredSeq: -1, attempt: 0 },
    )
    const calls: number[] = []
    watch.subscribe(() => calls.push(1))
    const connecting = watch.getSnapshot()
    expect(connecting.status).toBe('connecting')
    watch.refresh({ status: 'connecting', coveredSeq: -1, attempt: 0 })
    expect(watch.getSnapshot()).toBe(connecting)
    watch.refresh(live({ resourceSubscriptions: ['a://1'] }))
    const first = watch.getSnapshot()
    expect(first).toMatchObject({ status: 'live', honored: { resourceSubscriptions: ['a://1'] } })
    // An equal honoured filter in a new object is no change.
    watch.refresh(live({ resourceSubscriptions: ['a://1'] }))
    expect(watch.getSnapshot()).toBe(first)
    expect(calls).toHaveLength(1)
  })

  it('stays connecting until a stream covers it, and keeps its old honour while retargeting', () => {
    const watch = new WatchHandle(
      owner(),
      { uris: ['a://1'] },
      { status: 'idle', coveredSeq: -1, attempt: 0 },
    )
    watch.refresh(live({ resourceSubscriptions: ['a://0'] }, 0))
    expect(watch.getSnapshot().status).toBe('connecting')
    watch.refresh(live({ resourceSubscriptions: ['a://1'] }, 1))
    expect(watch.getSnapshot()).toMatchObject({
      status: 'live',
      honored: { resourceSubscriptions: ['a://1'] },
    })
    watch.update({ uris: ['a://2'] })
    expect(watch.getSnapshot()).toMatchObject({
      status: 'live',
      requested: { resourceSubscriptions: ['a://2'] },
      honored: { resourceSubscriptions: ['a://1'] },
    })
  })

  it('reports reconnecting with attempt and error, and closed once closed', async () => {
    const o = owner()
    const watch = new WatchHandle(o, { listChanged: true }, live({ resourcesListChanged: true }))
    const error = new Error('gone')
    watch.refresh({ status: 'reconnecting', coveredSeq: 1, attempt: 3, error })
    expect(watch.getSnapshot()).toMatchObject({ status: 'reconnecting', attempt: 3, error })
    await watch.close()
    await watch.close()
    expect(watch.getSnapshot().status).toBe('closed')
    expect(o.list).toEqual([watch])
    watch.emit({ type: 'listChanged' })
    watch.update({ uris: ['x://y'] })
    expect(watch.getSnapshot().requested).toEqual({ resourcesListChanged: true })
  })

  it('calls a watch with nothing to watch live', () => {
    const watch = new WatchHandle(
      owner(),
      { uris: [] },
      { status: 'idle', coveredSeq: -1, attempt: 0 },
    )
    expect(watch.getSnapshot().status).toBe('live')
  })
})
