// BEHAVIOUR: sources → rows. Without a query: the tree (collection helpers) or the flat
// list; with one: fuzzy hits grouped by server (useSourceSearch.ts). Every server keeps
// its status rows, so a failing server shows its error while the others' items stay.
// Hits arrive asynchronously: the rows shown stay until the newer ones replace them.

import { useCallback, useEffect, useMemo, useState } from 'react'
import { useScheduler } from '../queries/ResourceKitProvider.tsx'
import type { SharedResourceSearch } from '../search/sharedSearch.ts'
import {
  type SearchWorkerFactory,
  useSearchHits,
  useSearchIndex,
  useSharedHitFilter,
} from '../search/useSourceSearch.ts'
import { parseScopedQuery } from '../shared/queryScope.ts'
import { schedulerSlicer } from '../shared/schedulerSlicer.ts'
import { isSourceDown } from '../shared/sourceDown.ts'
import type { PickerSource } from '../shared/sourceTypes.ts'
import { useSourceTrees } from '../sources/useSourceTrees.ts'
import { buildSourceRows } from './buildSourceRows.ts'
import { listRowsOf, prepareListOrder, type SourceTree } from './collectionAdapter.ts'
import type { PickerRows, RowRun } from './pickerRows.ts'
import type { DirectoryState, PickerView } from './pickerStore.ts'

export type { SearchWorkerFactory } from '../search/useSourceSearch.ts'

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
  /** A shared index (`useResourceSearch`) instead of one of the picker's own. */
  search?: SharedResourceSearch | undefined
}

/**
 * How long the trees stay unchanged before the list order merges what is left of a walk:
 * longer than the sources tracker's longest wait between two publishes while pages arrive
 * (1 s from 10,000 resources, then the render). At 1 s the two raced and a walk of 100k
 * merged its whole list order about once a second instead of once per quarter.
 */
const LIST_SETTLED_MS = 2500

export interface PickerRowsResult {
  rows: PickerRows
  /** Resources and templates shown (search hits, or everything loaded). */
  resultCount: number
  /** The rows shown are not yet those of the current query (its hits are on their way). */
  searchPending: boolean
  /** The hits shown are the query's first screen; the rest follow once typing pauses. */
  searchPartial: boolean
  /**
   * The search the rows show ('' for none): it changes when a query's hits arrive, not when
   * it is typed (the rows before them stay until then).
   */
  shownSearch: string
}

/** Rows for the current view and query, recomputed only when their inputs change. */
export function usePickerRows(input: PickerRowsInput): PickerRowsResult {
  const { sources, view, query, expandedIds, directories, hideAssistantOnly, searchLimit } = input

  // Per server, the tree and the search index, advanced by what the feed says changed.
  const trees = useSourceTrees(sources, hideAssistantOnly)
  const search = useSearchIndex(
    sources,
    hideAssistantOnly,
    searchLimit,
    input.searchWorker,
    input.search,
  )
  const keep = useSharedHitFilter(sources, hideAssistantOnly, input.search)

  // `demo:readme` searches the server `demo` only, as the composer's `@demo:readme` does.
  const scoped = useMemo(() => parseScopedQuery(query.trim(), sources), [query, sources])
  const trimmed = scoped.text.trim()
  const {
    found,
    pending: searchPending,
    partial: searchPartial,
  } = useSearchHits(search, trimmed, searchLimit, scoped.serverId, keep)
  // Until the first reply of a query, the rows before it stay (no flash of "No results").
  const hits = trimmed === '' || !found ? null : found.hits
  const shownSources = useMemo(
    () => (scoped.serverId ? sources.filter((s) => s.serverId === scoped.serverId) : sources),
    [sources, scoped.serverId],
  )

  // The list order takes each page in when idle, while the tree shows: the first switch to
  // the list then finds it merged, not 100,000 nodes to sort.
  const scheduler = useScheduler()
  useEffect(() => {
    const controller = new AbortController()
    const { signal } = controller
    const slicer = schedulerSlicer(scheduler)
    const prepare = (all: boolean) =>
      (async () => {
        await slicer.idle(signal)
        for (const tree of trees.values()) await prepareListOrder(tree, slicer, signal, all)
      })().catch(() => {
        // Superseded by newer trees or unmounted.
      })
    void prepare(false)
    // No page for a while: the walk is over or paused. Merge the rest (under a quarter,
    // up to 25,000 resources at 100k), or the first switch to the list merges it at once.
    const settled = scheduler.setTimeout(() => void prepare(true), LIST_SETTLED_MS)
    return () => {
      controller.abort()
      scheduler.clearTimeout(settled)
    }
  }, [trees, scheduler])

  // List rows per tree, reused across renders (expanding, highlighting, searching); a
  // server going down or coming back keeps its tree but not its rows (they carry the mark).
  const [listCache] = useState(() => new WeakMap<SourceTree, Map<string, RowRun>>())
  const listRows = useCallback(
    (source: PickerSource, tree: SourceTree, extra: number) => {
      let byExtra = listCache.get(tree)
      if (!byExtra) {
        byExtra = new Map()
        listCache.set(tree, byExtra)
      }
      const key = `${extra}${isSourceDown(source) ? ' down' : ''}`
      let rows = byExtra.get(key)
      if (!rows) {
        rows = listRowsOf(source, tree, extra)
        byExtra.set(key, rows)
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
  const shownSearch = hits === null || !found ? '' : `${found.serverId ?? ''}\u0000${found.query}`
  return useMemo(
    () => ({ ...built, searchPending, searchPartial, shownSearch }),
    [built, searchPending, searchPartial, shownSearch],
  )
}
