// BEHAVIOUR: one search over sources, for the side picker and the @ popup alike. The
// index applies what each server's feed says changed (sourceIndex.ts), off the render
// path, in a Web Worker when the host gives one, else on this thread in time slices. Hits arrive
// asynchronously, one search of a query out at a time (so in order; a superseded query's
// reply is dropped), and the query runs again once per reply while the index grows. A
// query asks first for a screen of hits (cheap: the search's cost grows with its limit),
// and for the rest of its limit only once the query has held still (firstHits.ts).

import type { SearchHit, WorkerSearchOptions } from '@resource-kit/search/lazy'
import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react'
import { isAssistantOnly } from '../collection/index.ts'
import { useScheduler } from '../queries/ResourceKitProvider.tsx'
import { schedulerSlicer } from '../shared/schedulerSlicer.ts'
import type { PickerSource } from '../shared/sourceTypes.ts'
import { FIRST_HITS, REST_AFTER_MS, withFirstHits } from './firstHits.ts'
import type { SearchItem } from './searchItems.ts'
import { type SharedResourceSearch, sharedSearchHandle } from './sharedSearch.ts'
import { SourceIndex } from './sourceIndex.ts'

/** Starts the worker that runs `@resource-kit/search/worker` (the picker terminates it). */
export type SearchWorkerFactory = () => NonNullable<WorkerSearchOptions['endpoint']> & {
  terminate?: () => void
}

/** Hits of one query, as they came back. */
export interface FoundHits {
  query: string
  serverId: string | undefined
  hits: SearchHit<SearchItem>[]
  /** Only the first screen of hits: the rest of the limit is on its way. */
  partial: boolean
}

const NO_INDEX = () => null
const NO_SUBSCRIPTION = () => () => {}

/**
 * The search index for the component's life (in a worker when the factory starts one),
 * following `sources`; or, given `shared`, that shared index (its owner feeds it).
 */
export function useSearchIndex(
  sources: readonly PickerSource[],
  hideAssistantOnly: boolean,
  limit: number,
  factory: SearchWorkerFactory | undefined,
  shared?: SharedResourceSearch,
): SourceIndex | null {
  const handle = shared ? sharedSearchHandle(shared) : undefined
  const sharedIndex = useSyncExternalStore(
    handle?.subscribe ?? NO_SUBSCRIPTION,
    handle ? () => handle.index : NO_INDEX,
    NO_INDEX,
  )
  const [search, setSearch] = useState<SourceIndex | null>(null)
  const factoryRef = useRef(factory)
  const scheduler = useScheduler()
  useEffect(() => {
    if (handle) return
    let worker: ReturnType<SearchWorkerFactory> | undefined
    try {
      worker = factoryRef.current?.()
    } catch {
      // No Worker here (or it cannot start): the index lives on this thread.
    }
    const created = new SourceIndex({ limit, endpoint: worker, slicer: schedulerSlicer(scheduler) })
    setSearch(created)
    return () => {
      created.close()
      worker?.terminate?.()
      setSearch(null)
    }
  }, [limit, handle, scheduler])
  useEffect(() => {
    search?.sync(sources, hideAssistantOnly)
  }, [search, sources, hideAssistantOnly])
  return handle ? sharedIndex : search
}

/**
 * With a shared index, which of its hits are this picker's: those of its own servers, and
 * no assistant-only ones when it hides them. Undefined with an index of its own (it holds
 * just those). The same function while the servers stay, so a query is not run again.
 */
export function useSharedHitFilter(
  sources: readonly PickerSource[],
  hideAssistantOnly: boolean,
  shared: SharedResourceSearch | undefined,
): ((item: SearchItem) => boolean) | undefined {
  const serverKey = JSON.stringify(sources.map((source) => source.serverId))
  return useMemo(() => {
    if (!shared) return undefined
    const ids = new Set<string>(JSON.parse(serverKey))
    return (item: SearchItem) =>
      ids.has(item.serverId) &&
      !(
        hideAssistantOnly &&
        isAssistantOnly(item.kind === 'resource' ? item.resource : item.template)
      )
  }, [serverKey, hideAssistantOnly, shared])
}

/** The last hits that came back, and whether they are not yet those of the query asked now. */
export interface SearchHitsState {
  /** Null without a query (and until the first reply). */
  found: FoundHits | null
  /** A query is asked whose hits have not come back yet (the ones shown are older). */
  pending: boolean
  /** The hits shown are the query's first screen; the rest follow once typing pauses. */
  partial: boolean
}

/**
 * Hits for `query` (in `serverId` only, when scoped; those `keep` accepts, with a shared
 * index), run again when the index grew: a screen of them until the query has held for
 * REST_AFTER_MS, then all `limit`.
 */
export function useSearchHits(
  search: SourceIndex | null,
  query: string,
  limit: number,
  serverId: string | undefined,
  keep?: (item: SearchItem) => boolean,
): SearchHitsState {
  const [found, setFound] = useState<FoundHits | null>(null)
  const scheduler = useScheduler()
  useEffect(() => {
    if (query === '') {
      setFound(null)
      return
    }
    if (!search) return
    const controller = new AbortController()
    const { signal } = controller
    const first = Math.min(limit, FIRST_HITS)
    const started = scheduler.now()
    /** The query has held for REST_AFTER_MS: ask for all `limit` hits. */
    let held = false
    // One search out at a time: the index growing meanwhile asks for one more run after the
    // reply, however often it grew (a walk at 100k grows it every publish).
    let out = false
    let again = false
    let restTimer: unknown
    /** The first screen shown, until the whole limit replaces it (keeping its order). */
    let firstScreen: SearchHit<SearchItem>[] | undefined
    const show = (count: number, hits: SearchHit<SearchItem>[]) => {
      // Fewer than asked: these are all there are.
      const partial = count < limit && hits.length === count
      if (partial) firstScreen = hits
      else if (firstScreen) {
        hits = withFirstHits(firstScreen, hits, limit)
        firstScreen = undefined
      }
      setFound({ query, serverId, hits, partial })
      if (partial && restTimer === undefined) {
        const wait = Math.max(0, started + REST_AFTER_MS - scheduler.now())
        restTimer = scheduler.setTimeout(() => {
          held = true
          run()
        }, wait)
      }
    }
    const run = () => {
      if (out) {
        again = true
        return
      }
      out = true
      const count = held ? limit : first
      search
        .search(query, count, signal, serverId, keep)
        .then(
          (hits) => {
            if (!signal.aborted) show(count, hits)
          },
          () => {
            // Aborted (a newer query, unmounted) or the search closed: nothing to show.
          },
        )
        .finally(() => {
          out = false
          if (!again || signal.aborted) return
          again = false
          run()
        })
    }
    run()
    const unsubscribe = search.subscribe(run)
    return () => {
      controller.abort()
      scheduler.clearTimeout(restTimer)
      unsubscribe()
    }
  }, [search, query, limit, serverId, keep, scheduler])
  const pending = query !== '' && (found?.query !== query || found.serverId !== serverId)
  return { found, pending, partial: !pending && found?.partial === true }
}
