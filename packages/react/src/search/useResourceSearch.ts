// BEHAVIOUR: the owner of a shared search index (sharedSearch.ts): it follows the sources
// given to it, and hands the index to every picker and composer given its handle.
import { useLayoutEffect, useState } from 'react'
import type { PickerSource } from '../shared/sourceTypes.ts'
import { type SharedResourceSearch, SharedSearchHandle } from './sharedSearch.ts'
import { type SearchWorkerFactory, useSearchIndex } from './useSourceSearch.ts'

/** The shared index's default limit (each search asks for its own). */
const SHARED_LIMIT = 500

export interface UseResourceSearchOptions {
  /** Starts the Web Worker running `@resource-kit/search/worker` (terminated on unmount). @default the index runs on the main thread, in slices */
  searchWorker?: SearchWorkerFactory | undefined
}

/**
 * One search index over `sources` (every resource and template, assistant-only ones too)
 * for the component's life, to give the pickers and composers that show these servers.
 */
export function useResourceSearch(
  sources: readonly PickerSource[],
  options: UseResourceSearchOptions = {},
): SharedResourceSearch {
  const index = useSearchIndex(sources, false, SHARED_LIMIT, options.searchWorker)
  const [handle] = useState(() => new SharedSearchHandle())
  useLayoutEffect(() => {
    handle.set(index)
    // Unmounted: the index is closed, so nobody searches it any more.
    return () => handle.set(null)
  }, [handle, index])
  return handle
}
