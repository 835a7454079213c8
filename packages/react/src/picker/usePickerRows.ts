// BEHAVIOUR: sources → rows. Without a query: the tree (collection helpers) or the flat
// list; with one: fuzzy hits grouped by server. Every server keeps its status rows, so a
// failing server shows its error while the others' items stay. The tree and the search
// index grow by the page (sourceData.ts); the index lives in a worker when the host gives
// one, and hits arrive asynchronously: the rows shown stay until the newer ones replace
// them, and a reply older than the one shown is dropped.

import { createTimeSlicer, type SearchHit, type WorkerSearchOptions } from '@resource-kit/search'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { parseScopedQuery } from '../shared/queryScope.ts'
import type { PickerSource } from '../shared/sourceTypes.ts'
import { buildSourceRows, type SearchItem } from './buildSourceRows.ts'
import { listRowsOf, prepareListOrder, type SourceTree } from './collectionAdapter.ts'
import type { PickerRows, RowRun } from './pickerRows.ts'
import { PickerSearch } from './pickerSearch.ts'
import type { DirectoryState, PickerView } from './pickerStore.ts'
import { advanceSourceData, type SourceData } from './sourceData.ts'

/** Starts the worker that runs `@resource-kit/search/worker` (the picker terminates it). */
export type SearchWorkerFactory = () => NonNullable<WorkerSearchOptions['endpoint']> & {
  terminate?: () => void
}

export interface PickerRowsInput {
  sources: readonly PickerSource[]
  view: PickerView
  query: string
  expandedIds: ReadonlySet<string>
  directories: Readonly<Record<string, DirectoryState>>
  hideAssistantOnly: boolean
  searchLimit: number
  /** The search index's worker; without one (or when it throws) the index runs on this thread, in slices. */
  searchWorker?: SearchWorkerFactory | undefined
}

export interface PickerRowsResult {
  rows: PickerRows
  /** Resources and templates shown (search hits, or everything loaded). */
  resultCount: number
  /** The rows shown are not yet those of the current query (its hits are on their way). */
  searchPending: boolean
}

interface Found {
  query: string
  serverId: string | undefined
  hits: SearchHit<SearchItem>[]
}

/** The search index for the picker's life (in a worker when the factory starts one). */
function usePickerSearch(limit: number, factory: SearchWorkerFactory | undefined) {
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
  return search
}

/** Hits for `query` (in `serverId` only, when scoped), run again whenever the index grows; null without a query. */
function useHits(
  search: PickerSearch | null,
  query: string,
  limit: number,
  serverId: string | undefined,
) {
  const [found, setFound] = useState<Found | null>(null)
  // Replies are numbered as sent: one older than the reply shown is dropped.
  const sent = useRef(0)
  const shown = useRef(0)
  useEffect(() => {
    if (query === '') {
      setFound(null)
      return
    }
    if (!search) return
    const controller = new AbortController()
    const run = () => {
      const id = ++sent.current
      search.search(query, limit, controller.signal, serverId).then(
        (hits) => {
          if (id < shown.current || controller.signal.aborted) return
          shown.current = id
          setFound({ query, serverId, hits })
        },
        () => {
          // Aborted (a newer query, unmounted) or the search closed: nothing to show.
        },
      )
    }
    run()
    const unsubscribe = search.subscribe(run)
    return () => {
      controller.abort()
      unsubscribe()
    }
  }, [search, query, limit, serverId])
  return found
}

/** Rows for the current view and query, recomputed only when their inputs change. */
export function usePickerRows(input: PickerRowsInput): PickerRowsResult {
  const { sources, view, query, expandedIds, directories, hideAssistantOnly, searchLimit } = input

  // Per server, the tree and the search items, advanced by what changed (a page: its cost).
  const [known] = useState(() => new Map<string, SourceData>())
  const data = useMemo(() => {
    const next = sources.map((source) =>
      advanceSourceData(known.get(source.serverId), source, hideAssistantOnly),
    )
    // Written during render on purpose: advancing again with the same sources (StrictMode,
    // a discarded render) then finds nothing new, so no page is appended twice.
    known.clear()
    for (const d of next) known.set(d.serverId, d)
    return next
  }, [sources, hideAssistantOnly, known])

  const search = usePickerSearch(searchLimit, input.searchWorker)
  useEffect(() => {
    search?.sync(data)
  }, [search, data])

  // `demo:readme` searches the server `demo` only, as the composer's `@demo:readme` does.
  const scoped = useMemo(() => parseScopedQuery(query.trim(), sources), [query, sources])
  const trimmed = scoped.text.trim()
  const found = useHits(search, trimmed, searchLimit, scoped.serverId)
  // Until the first reply of a query, the rows before it stay (no flash of "No results").
  const hits = trimmed === '' || !found ? null : found.hits
  const searchPending =
    trimmed !== '' && (found?.query !== trimmed || found.serverId !== scoped.serverId)
  const shownSources = useMemo(
    () => (scoped.serverId ? sources.filter((s) => s.serverId === scoped.serverId) : sources),
    [sources, scoped.serverId],
  )

  const trees = useMemo(() => {
    const map = new Map<string, SourceTree>()
    for (const d of data) map.set(d.serverId, d.growing.tree)
    return map
  }, [data])

  // The list order takes each page in when idle, while the tree shows: the first switch to
  // the list then finds it merged, not 100,000 nodes to sort.
  useEffect(() => {
    const controller = new AbortController()
    createTimeSlicer()
      .idle(controller.signal)
      .then(
        () => {
          for (const tree of trees.values()) prepareListOrder(tree)
        },
        () => {
          // Superseded by newer trees or unmounted.
        },
      )
    return () => controller.abort()
  }, [trees])

  // List rows per tree, reused across renders (expanding, highlighting, searching).
  const [listCache] = useState(() => new WeakMap<SourceTree, Map<number, RowRun>>())
  const listRows = useCallback(
    (source: PickerSource, tree: SourceTree, extra: number) => {
      let byExtra = listCache.get(tree)
      if (!byExtra) {
        byExtra = new Map()
        listCache.set(tree, byExtra)
      }
      let rows = byExtra.get(extra)
      if (!rows) {
        rows = listRowsOf(source, tree, extra)
        byExtra.set(extra, rows)
      }
      return rows
    },
    [listCache],
  )

  const built = useMemo(
    () =>
      buildSourceRows({
        sources: shownSources,
        view,
        hits,
        expandedIds,
        directories,
        hideAssistantOnly,
        trees,
        listRows,
      }),
    [shownSources, view, hits, expandedIds, directories, hideAssistantOnly, trees, listRows],
  )
  return useMemo(() => ({ ...built, searchPending }), [built, searchPending])
}
