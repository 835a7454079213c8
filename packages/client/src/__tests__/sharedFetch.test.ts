import { QueryClient, QueryObserver } from '@tanstack/query-core'
import { describe, expect, it } from 'vitest'
import { SharedFetches } from '../sharedFetch.ts'

/** A query whose fetch waits until `finish` is called, keeping every signal it got. */
function pendingQuery(key: string) {
  const signals: AbortSignal[] = []
  const finishers: ((value: string) => void)[] = []
  return {
    signals,
    finish: (value: string) => {
      for (const resolve of finishers.splice(0)) resolve(value)
    },
    options: {
      queryKey: [key],
      queryFn: ({ signal }: { signal: AbortSignal }) => {
        signals.push(signal)
        return new Promise<string>((resolve) => finishers.push(resolve))
      },
      retry: false as const,
    },
  }
}

describe('SharedFetches', () => {
  it('cancels the fetch when its only caller aborts, and fetches afresh for the next', async () => {
    const fetches = new SharedFetches(new QueryClient())
    const query = pendingQuery('a')
    const controller = new AbortController()
    const first = fetches.fetch(query.options, controller.signal)
    controller.abort(new Error('gone'))
    await expect(first).rejects.toThrow('gone')
    expect(query.signals[0]?.aborted).toBe(true)

    const second = fetches.fetch(query.options)
    query.finish('fresh')
    expect(await second).toBe('fresh')
    expect(query.signals).toHaveLength(2)
    expect(query.signals[1]?.aborted).toBe(false)
  })

  it('keeps the fetch going while another caller waits, with or without a signal', async () => {
    const fetches = new SharedFetches(new QueryClient())
    const query = pendingQuery('b')
    const leaving = new AbortController()
    const staying = new AbortController()
    const left = fetches.fetch(query.options, leaving.signal)
    const withSignal = fetches.fetch(query.options, staying.signal)
    const withoutSignal = fetches.fetch(query.options)
    leaving.abort()
    await expect(left).rejects.toMatchObject({ name: 'AbortError' })
    staying.abort()
    await expect(withSignal).rejects.toMatchObject({ name: 'AbortError' })
    expect(query.signals).toHaveLength(1)
    expect(query.signals[0]?.aborted).toBe(false)
    query.finish('done')
    expect(await withoutSignal).toBe('done')
  })

  it('leaves a fetch alone while an observer watches the entry', async () => {
    const queryClient = new QueryClient()
    const fetches = new SharedFetches(queryClient)
    const query = pendingQuery('c')
    const observer = new QueryObserver(queryClient, { ...query.options, enabled: false })
    const unsubscribe = observer.subscribe(() => {})
    const controller = new AbortController()
    const waiting = fetches.fetch(query.options, controller.signal)
    controller.abort()
    await expect(waiting).rejects.toMatchObject({ name: 'AbortError' })
    expect(query.signals[0]?.aborted).toBe(false)
    query.finish('observed')
    await expect.poll(() => observer.getCurrentResult().data).toBe('observed')
    unsubscribe()
  })

  it('rejects at once, without fetching, for a signal already aborted', async () => {
    const fetches = new SharedFetches(new QueryClient())
    const query = pendingQuery('d')
    const controller = new AbortController()
    controller.abort(new Error('before'))
    await expect(fetches.fetch(query.options, controller.signal)).rejects.toThrow('before')
    expect(query.signals).toHaveLength(0)
  })

  it('keeps a fetch an observer started while a caller waits on it, after the observer leaves', async () => {
    // A chip reads ahead (an observer), Send joins that read, then the chip goes: query-core
    // cancels a fetch whose last observer leaves, unless something still holds it.
    const queryClient = new QueryClient()
    const fetches = new SharedFetches(queryClient)
    const query = pendingQuery('e')
    const observer = new QueryObserver(queryClient, query.options)
    const unsubscribe = observer.subscribe(() => {})
    expect(query.signals).toHaveLength(1)
    const waiting = fetches.fetch(query.options)
    unsubscribe()
    expect(query.signals[0]?.aborted).toBe(false)
    query.finish('read')
    expect(await waiting).toBe('read')
  })

  it('cancels that fetch when the last caller waiting on it aborts', async () => {
    const queryClient = new QueryClient()
    const fetches = new SharedFetches(queryClient)
    const query = pendingQuery('f')
    const observer = new QueryObserver(queryClient, query.options)
    const unsubscribe = observer.subscribe(() => {})
    const controller = new AbortController()
    const waiting = fetches.fetch(query.options, controller.signal)
    unsubscribe()
    controller.abort()
    await expect(waiting).rejects.toMatchObject({ name: 'AbortError' })
    expect(query.signals[0]?.aborted).toBe(true)
  })
})
