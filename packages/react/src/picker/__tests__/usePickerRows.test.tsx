// The picker's search runs off the render path (a worker when given one): hits arrive
// later, the rows shown stay until newer ones replace them, and a query runs again once
// per reply while the index grows. The worker here is the real search host over a
// MessageChannel whose replies the test holds and releases in any order (heldSearchWorker.ts).

import type { Resource } from '@resource-kit/client'
import { act, renderHook, waitFor } from '@testing-library/react'
import { StrictMode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { SortedNodes } from '../../collection/sortedNodes.ts'
import { workerFactory } from '../../search/__tests__/heldSearchWorker.ts'
import { FIRST_HITS } from '../../search/firstHits.ts'
import type { PickerSource } from '../../shared/sourceTypes.ts'
import { usePickerRows } from '../usePickerRows.ts'

const res = (name: string): Resource => ({ uri: `x://h/${name}`, name })
const source = (names: string[]): PickerSource => ({
  serverId: 's',
  status: 'ready',
  resources: names.map(res),
})

function renderRows(
  worker: ReturnType<typeof workerFactory> | undefined,
  first: PickerSource,
  searchLimit = 50,
) {
  return renderHook(
    ({ sources, query }: { sources: PickerSource[]; query: string }) =>
      usePickerRows({
        sources,
        view: 'list',
        query,
        expandedIds: new Set(),
        directories: {},
        hideAssistantOnly: false,
        searchLimit,
        searchWorker: worker?.factory,
      }),
    { initialProps: { sources: [first], query: '' }, wrapper: StrictMode },
  )
}

const labels = (rows: Iterable<{ kind: string; label: string }>) =>
  [...rows].filter((r) => r.kind === 'resource').map((r) => r.label)

describe('usePickerRows', () => {
  it('keeps the rows shown until the hits arrive, then shows them', async () => {
    const started = workerFactory()
    const first = source(['alpha', 'beta', 'gamma'])
    const { result, rerender } = renderRows(started, first)
    rerender({ sources: [first], query: 'alp' })
    await waitFor(() => expect(labels(result.current.rows)).toEqual(['alpha']))
    const worker = started.latest()
    worker.hold()
    rerender({ sources: [first], query: 'beta' })
    await worker.waitHeld(1)
    // Not there yet: the previous query's rows stay (no flash of an empty list).
    expect(result.current.searchPending).toBe(true)
    expect(labels(result.current.rows)).toEqual(['alpha'])
    act(() => worker.release(0))
    await waitFor(() => expect(labels(result.current.rows)).toEqual(['beta']))
    expect(result.current.searchPending).toBe(false)
  })

  it('runs a shown query once more after its reply, however often the index grew', async () => {
    const started = workerFactory()
    const first = source(['alpha', 'beta'])
    const { result, rerender } = renderRows(started, first)
    rerender({ sources: [first], query: 'al' })
    await waitFor(() => expect(labels(result.current.rows)).toEqual(['alpha']))
    const worker = started.latest()
    worker.hold()
    // A search over the old index (held), then three pages, each with one more match.
    rerender({ sources: [first], query: 'alp' })
    await worker.waitHeld(1)
    let grown = first
    for (const name of ['alpine', 'alps', 'alpaca']) {
      grown = { ...grown, resources: [...grown.resources, res(name)] }
      rerender({ sources: [grown], query: 'alp' })
      // The page's upsert is answered: the index changed while the search is out.
      await worker.waitHeld(2)
      act(() => worker.release(1))
    }
    // The last upsert's answer reaches the index's listeners.
    await new Promise((resolve) => setTimeout(resolve, 20))
    const searchesBefore = worker.calls.filter((name) => name === 'search').length
    act(() => worker.release(0))
    await worker.waitHeld(1)
    act(() => worker.release(0))
    await waitFor(() =>
      expect(labels(result.current.rows).sort()).toEqual(['alpaca', 'alpha', 'alpine', 'alps']),
    )
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(worker.calls.filter((name) => name === 'search').length).toBe(searchesBefore + 1)
  })

  it('asks for a screen of hits while typing, and for the rest once the query holds', async () => {
    const started = workerFactory()
    const names = Array.from({ length: 150 }, (_, i) => `item-${String(i).padStart(3, '0')}`)
    const first = source(names)
    const { result, rerender } = renderRows(started, first, 500)
    // Two keys in quick succession, then a pause.
    rerender({ sources: [first], query: 'ite' })
    rerender({ sources: [first], query: 'item' })
    await waitFor(() => expect(labels(result.current.rows)).toHaveLength(FIRST_HITS))
    expect(result.current.searchPartial).toBe(true)
    const firstScreen = labels(result.current.rows)
    await waitFor(() => expect(labels(result.current.rows)).toHaveLength(150), {
      timeout: 5000,
    })
    expect(result.current.searchPartial).toBe(false)
    // The rows shown first keep their places; the rest come after them.
    expect(labels(result.current.rows).slice(0, FIRST_HITS)).toEqual(firstScreen)
    expect(labels(result.current.rows).sort()).toEqual(names)
    const worker = started.latest()
    const asked = worker.searches.filter((search) => search.limit > FIRST_HITS)
    expect(asked).toEqual([{ query: 'item', limit: 500 }])
    expect(
      worker.searches.every((search) => search.query !== 'ite' || search.limit === FIRST_HITS),
    ).toBe(true)
  })

  it('searches on the main thread without a worker, and covers pages as they arrive', async () => {
    const first = source(['alpha', 'beta'])
    const { result, rerender } = renderRows(undefined, first)
    rerender({ sources: [first], query: 'alp' })
    await waitFor(() => expect(labels(result.current.rows)).toEqual(['alpha']))
    const grown: PickerSource = { ...first, resources: [...first.resources, res('alpine')] }
    rerender({ sources: [grown], query: 'alp' })
    await waitFor(() => expect(labels(result.current.rows).sort()).toEqual(['alpha', 'alpine']))
  })
})

describe('usePickerRows list order', () => {
  afterEach(() => {
    vi.restoreAllMocks()
    vi.useRealTimers()
  })

  it('waits for the walk to pause before merging all of the list order', async () => {
    vi.useFakeTimers()
    const prepare = vi.spyOn(SortedNodes.prototype, 'prepareInSlices')
    const mergedAll = () => prepare.mock.calls.filter((call) => call[2] === true).length
    const names = (count: number) => Array.from({ length: count }, (_, i) => `r${i}`)
    const { rerender } = renderHook(
      ({ sources }: { sources: PickerSource[] }) =>
        usePickerRows({
          sources,
          view: 'tree',
          query: '',
          expandedIds: new Set(),
          directories: {},
          hideAssistantOnly: false,
          searchLimit: 50,
        }),
      { initialProps: { sources: [source(names(100))] } },
    )
    // A walk at 100k publishes about once a second (the tracker's longest interval, then
    // the render): the pause between two publishes is not the walk's end.
    for (let page = 2; page <= 8; page++) {
      await act(() => vi.advanceTimersByTimeAsync(1100))
      rerender({ sources: [source(names(page * 100))] })
    }
    expect(mergedAll()).toBe(0)
    // The walk is over: the rest of the list order is merged.
    await act(() => vi.advanceTimersByTimeAsync(5000))
    expect(mergedAll()).toBeGreaterThan(0)
  })
})
