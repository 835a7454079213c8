// BEHAVIOUR: sources → rows. Without a query: the tree (collection helpers) or the flat
// list; with one: fuzzy hits grouped by server. Every server keeps its status rows, so a
// failing server shows its error while the others' items stay.

import { createResourceSearch, type SearchHit } from '@resource-kit/search'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import type { PickerSource } from '../shared/sourceTypes.ts'
import { buildSourceRows, type SearchItem, searchItemsOf } from './buildSourceRows.ts'
import { buildSourceTree, listRowsOf, type SourceTree } from './collectionAdapter.ts'
import type { PickerRow } from './pickerRow.ts'
import type { DirectoryState, PickerView } from './pickerStore.ts'

export interface PickerRowsInput {
  sources: readonly PickerSource[]
  view: PickerView
  query: string
  expandedIds: ReadonlySet<string>
  directories: Readonly<Record<string, DirectoryState>>
  hideAssistantOnly: boolean
  searchLimit: number
}

export interface PickerRowsResult {
  rows: PickerRow[]
  /** Resources and templates shown (search hits, or everything loaded). */
  resultCount: number
}

/** Rows for the current view and query, recomputed only when their inputs change. */
export function usePickerRows(input: PickerRowsInput): PickerRowsResult {
  const { sources, view, query, expandedIds, directories, hideAssistantOnly, searchLimit } = input
  const [search] = useState(() => createResourceSearch<SearchItem>({ limit: searchLimit }))
  // Built only when the index is (after mount, or on the first query).
  const items = useMemo(() => {
    let built: SearchItem[] | undefined
    return () => {
      built ??= searchItemsOf(sources, hideAssistantOnly)
      return built
    }
  }, [sources, hideAssistantOnly])
  // Indexing 100,000 items takes a while: do it after mount (off the first paint), or at
  // once if a query arrives first. Re-index only when the items change.
  const indexed = useRef<(() => SearchItem[]) | null>(null)
  const ensureIndexed = useCallback(() => {
    if (indexed.current === items) return
    search.setItems(items())
    indexed.current = items
  }, [search, items])
  useEffect(() => {
    const timer = setTimeout(ensureIndexed, 0)
    return () => clearTimeout(timer)
  }, [ensureIndexed])

  const trimmed = query.trim()
  const hits = useMemo<SearchHit<SearchItem>[] | null>(() => {
    if (trimmed === '') return null
    ensureIndexed()
    return search.search(trimmed, { limit: searchLimit })
  }, [search, ensureIndexed, trimmed, searchLimit])

  // One tree per resource list, reused while that server's list is unchanged.
  const [treeCache] = useState(() => new WeakMap<PickerSource, SourceTree>())
  const trees = useMemo(() => {
    const map = new Map<string, SourceTree>()
    for (const source of sources) {
      let tree = hideAssistantOnly ? undefined : treeCache.get(source)
      if (!tree) {
        tree = buildSourceTree(source, hideAssistantOnly)
        if (!hideAssistantOnly) treeCache.set(source, tree)
      }
      map.set(source.serverId, tree)
    }
    return map
  }, [sources, hideAssistantOnly, treeCache])

  // List rows per tree, reused across renders (expanding, highlighting, searching).
  const [listCache] = useState(() => new WeakMap<SourceTree, Map<number, readonly PickerRow[]>>())
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

  return useMemo(
    () =>
      buildSourceRows({
        sources,
        view,
        hits,
        expandedIds,
        directories,
        hideAssistantOnly,
        trees,
        listRows,
      }),
    [sources, view, hits, expandedIds, directories, hideAssistantOnly, trees, listRows],
  )
}
