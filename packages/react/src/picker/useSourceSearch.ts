// BEHAVIOUR: one search over sources, for the side picker and the @ popup alike. The
// servers' data (search items, and the tree when asked for) advances by what changed
// (sourceData.ts); the index follows it off the render path, in a Web Worker when the
// host gives one, else on this thread in time slices (pickerSearch.ts). Hits arrive
// asynchronously, one search of a query out at a time (so in order; a superseded query's
// reply is dropped), and the query runs again once per reply while the index grows.

import { createTimeSlicer, type SearchHit, type WorkerSearchOptions } from '@resource-kit/search'
import { useEffect, useMemo, useRef, useState } from 'react'
import type { PickerSource } from '../shared/sourceTypes.ts'
import type { SearchItem } from './buildSourceRows.ts'
import { PickerSearch } from './pickerSearch.ts'
import { advanceSourceData, type SourceData, type SourceDataOptions } from './sourceData.ts'

/** Starts the worker that runs `@resource-kit/search/worker` (the picker terminates it). */
export type SearchWorkerFactory = () => NonNullable<WorkerSearchOptions['endpoint']> & {
  terminate?: () => void
}

/** Hits of one query, as they came back. */
export interface FoundHits {
  query: string
  serverId: string | undefined
  hits: SearchHit<SearchItem>[]
}

/** Per server, the search items (and the tree, with `growTree`), advanced by what changed. */
export function useSourceData(
  sources: readonly PickerSource[],
  hideAssistantOnly: boolean,
  growTree: SourceDataOptions['growTree'],
): readonly SourceData[] {
  const [known] = useState(() => new Map<string, SourceData>())
  return useMemo(() => {
    const next = sources.map((source) =>
      advanceSourceData(known.get(source.serverId), source, { hideAssistantOnly, growTree }),
    )
    // Written during render on purpose: advancing again with the same sources (StrictMode,
    // a discarded render) then finds nothing new, so no page is appended twice.
    known.clear()
    for (const d of next) known.set(d.serverId, d)
    return next
  }, [sources, hideAssistantOnly, growTree, known])
}

/** The search index for the component's life (in a worker when the factory starts one), following `data`. */
export function useSearchIndex(
  data: readonly SourceData[],
  limit: number,
  factory: SearchWorkerFactory | undefined,
): PickerSearch | null {
  const [search, setSearch] = useState<PickerSearch | null>(null)
  const factoryRef = useRef(factory)
  useEffect(() => {
    let worker: ReturnType<SearchWorkerFactory> | undefined
    try {
      worker = factoryRef.current?.()
    } catch {
      // No Worker here (or it cannot start): the index lives on this thread.
    }
    const created = new PickerSearch({ limit, endpoint: worker, slicer: createTimeSlicer() })
    setSearch(created)
    return () => {
      created.close()
      worker?.terminate?.()
    }
  }, [limit])
  useEffect(() => {
    search?.sync(data)
  }, [search, data])
  return search
}

/** The last hits that came back, and whether they are not yet those of the query asked now. */
export interface SearchHitsState {
  /** Null without a query (and until the first reply). */
  found: FoundHits | null
  /** A query is asked whose hits have not come back yet (the ones shown are older). */
  pending: boolean
}

/** Hits for `query` (in `serverId` only, when scoped), run again when the index grew. */
export function useSearchHits(
  search: PickerSearch | null,
  query: string,
  limit: number,
  serverId: string | undefined,
): SearchHitsState {
  const [found, setFound] = useState<FoundHits | null>(null)
  useEffect(() => {
    if (query === '') {
      setFound(null)
      return
    }
    if (!search) return
    const controller = new AbortController()
    // One search out at a time: the index growing meanwhile asks for one more run after the
    // reply, however often it grew (a walk at 100k grows it every publish).
    let out = false
    let again = false
    const run = () => {
      if (out) {
        again = true
        return
      }
      out = true
      search
        .search(query, limit, controller.signal, serverId)
        .then(
          (hits) => {
            if (controller.signal.aborted) return
            setFound({ query, serverId, hits })
          },
          () => {
            // Aborted (a newer query, unmounted) or the search closed: nothing to show.
          },
        )
        .finally(() => {
          out = false
          if (!again || controller.signal.aborted) return
          again = false
          run()
        })
    }
    run()
    const unsubscribe = search.subscribe(run)
    return () => {
      controller.abort()
      unsubscribe()
    }
  }, [search, query, limit, serverId])
  const pending = query !== '' && (found?.query !== query || found.serverId !== serverId)
  return { found, pending }
}
