// BEHAVIOUR: sources → rows. Without a query: the tree (collection helpers) or the flat
// list; with one: fuzzy hits grouped by server. Every server keeps its status rows, so a
// failing server shows its error while the others' items stay.
import { useMemo, useState } from 'react'
import { createResourceSearch, type SearchHit } from '../search/index.ts'
import { buildSourceRows, type SearchItem, searchItemsOf } from './buildPickerRows.ts'
import { buildSourceTree, type SourceTree } from './collectionAdapter.ts'
import type { PickerRow } from './pickerRow.ts'
import type { PickerSource } from './pickerSource.ts'
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
  const items = useMemo(
    () => searchItemsOf(sources, hideAssistantOnly),
    [sources, hideAssistantOnly],
  )
  // Re-index only when the items change (a new page, list_changed, a new server).
  const indexed = useMemo(() => {
    search.setItems(items)
    return items
  }, [search, items])

  const trimmed = query.trim()
  const hits = useMemo<SearchHit<SearchItem>[] | null>(() => {
    if (trimmed === '') return null
    return indexed.length === 0 ? [] : search.search(trimmed, { limit: searchLimit })
  }, [search, indexed, trimmed, searchLimit])

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

  return useMemo(
    () =>
      buildSourceRows({ sources, view, hits, expandedIds, directories, hideAssistantOnly, trees }),
    [sources, view, hits, expandedIds, directories, hideAssistantOnly, trees],
  )
}
