// One shared index (useResourceSearch) for several pickers: the servers are indexed once,
// in one worker, and each picker shows only its own hits: its servers, and no
// assistant-only ones when it hides them, as many as its limit asks for.

import type { Resource } from '@resource-kit/client'
import { renderHook, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { usePickerRows } from '../../picker/usePickerRows.ts'
import type { PickerSource } from '../../shared/sourceTypes.ts'
import { useResourceSearch } from '../useResourceSearch.ts'
import { workerFactory } from './heldSearchWorker.ts'

const source = (serverId: string, resources: Resource[]): PickerSource => ({
  serverId,
  status: 'ready',
  resources,
})
const res = (serverId: string, name: string, extra: Partial<Resource> = {}): Resource => ({
  uri: `x://${serverId}/${name}`,
  name,
  ...extra,
})
const hitLabels = (rows: Iterable<{ kind: string; label: string; serverId?: string }>) =>
  [...rows].filter((r) => r.kind === 'resource').map((r) => `${r.serverId}:${r.label}`)

function renderShared(sources: PickerSource[], query: string, limit = 50) {
  const started = workerFactory()
  let workers = 0
  const factory = () => {
    workers++
    return started.factory()
  }
  const view = renderHook(() => {
    const search = useResourceSearch(sources, { searchWorker: factory })
    const rows = (own: PickerSource[], hideAssistantOnly: boolean) =>
      usePickerRows({
        sources: own,
        view: 'tree',
        query,
        expandedIds: new Set(),
        directories: {},
        hideAssistantOnly,
        searchLimit: limit,
        search,
      })
    // The picker of every server, and one of the first server that hides assistant-only rows.
    return { all: rows(sources, false), first: rows(sources.slice(0, 1), true), search }
  })
  return { ...view, workers: () => workers, worker: started.latest }
}

describe('useResourceSearch', () => {
  it('indexes the servers once, in one worker, for every picker given it', async () => {
    const sources = [
      source('a', [
        res('a', 'alpha-note'),
        res('a', 'alpha-secret', { annotations: { audience: ['assistant'] } }),
      ]),
      source('b', [res('b', 'alpha-plan'), res('b', 'beta')]),
    ]
    const { result, workers, worker } = renderShared(sources, 'alpha')
    await waitFor(() =>
      expect(hitLabels(result.current.all.rows).sort()).toEqual([
        'a:alpha-note',
        'a:alpha-secret',
        'b:alpha-plan',
      ]),
    )
    // Server a only, assistant-only hidden: from the same index.
    await waitFor(() => expect(hitLabels(result.current.first.rows)).toEqual(['a:alpha-note']))
    expect(workers()).toBe(1)
    // Both servers' items were sent to the worker once, in one message.
    const sent = worker().calls.filter((call) => call === 'upsert' || call === 'setItems')
    expect(sent).toEqual(['upsert'])
    expect(result.current.search.size).toBe(4)
  })

  it('asks the index for more while other servers’ hits fill the limit', async () => {
    // Server b's exact "alpha"s rank above server a's; picker a still gets its two.
    const b = Array.from({ length: 6 }, (_, i) => res('b', 'alpha', { uri: `x://b/${i}` }))
    const sources = [source('a', [res('a', 'alpha-one'), res('a', 'alpha-two')]), source('b', b)]
    const { result } = renderShared(sources, 'alpha', 2)
    await waitFor(() =>
      expect(hitLabels(result.current.first.rows).sort()).toEqual(['a:alpha-one', 'a:alpha-two']),
    )
    expect(hitLabels(result.current.all.rows)).toEqual(['b:alpha', 'b:alpha'])
  })

  it('leaves its handle without an index once its owner unmounts', async () => {
    const sources = [source('a', [res('a', 'alpha'), res('a', 'beta')])]
    const { result, unmount } = renderShared(sources, 'alpha')
    await waitFor(() => expect(result.current.search.size).toBe(2))
    const { search } = result.current
    unmount()
    expect(search.size).toBe(0)
  })

  it('refuses a `search` that did not come from useResourceSearch', () => {
    expect(() =>
      renderHook(() =>
        usePickerRows({
          sources: [],
          view: 'tree',
          query: '',
          expandedIds: new Set(),
          directories: {},
          hideAssistantOnly: false,
          searchLimit: 50,
          search: { size: 0 },
        }),
      ),
    ).toThrow('`search` must come from useResourceSearch')
  })
})
