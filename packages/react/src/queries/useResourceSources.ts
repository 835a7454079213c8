// Every server of the client as picker sources: per-server status, loaded items,
// load-more and retry. Built on SourcesTracker (observers outside React); its snapshots
// reach React as transitions.
import { startTransition, useEffect, useRef, useState } from 'react'
import { useLiveResources } from '../live/LiveResourcesContext.ts'
import type { PickerSource } from '../shared/sourceTypes.ts'
import { useResourceClient } from './ResourceKitProvider.tsx'
import {
  type ResourceUpdatedListener,
  SourcesTracker,
  type SourcesTrackerOptions,
  type WatchedResource,
} from './sourcesTracker.ts'
import { useServers } from './useServers.ts'

export interface UseResourceSourcesOptions extends SourcesTrackerOptions {
  /** Only these servers, in this order. @default every server of the client */
  serverIds?: readonly string[]
  /** Resources to follow for `updated(uri)` (on servers that support subscribe). @default none */
  watchResources?: readonly WatchedResource[]
  /** Called when the server says a followed resource changed. */
  onResourceUpdated?: ResourceUpdatedListener
}

/** The client's servers as `PickerSource[]`, ready for `usePicker` / `<Picker.Root>`. */
export function useResourceSources(
  options: UseResourceSourcesOptions = {},
): readonly PickerSource[] {
  const client = useResourceClient()
  const all = useServers()
  const live = useLiveResources() ?? undefined
  const [tracker] = useState(() => new SourcesTracker(client, options, live))
  // Options changed after mount apply to the same tracker (its walks and follows go on).
  const latestOptions = useRef(options)
  latestOptions.current = options
  const { batchSize, maxPages, watch, publishIntervalMs } = options
  // biome-ignore lint/correctness/useExhaustiveDependencies: the primitives stand for the options
  useEffect(() => {
    tracker.setOptions(latestOptions.current)
  }, [tracker, batchSize, maxPages, watch, publishIntervalMs])
  const key = options.serverIds?.join('\u0000')
  useEffect(() => {
    const wanted = key === undefined ? undefined : new Set(key.split('\u0000'))
    tracker.setServers(wanted ? all.filter((s) => wanted.has(s.id)) : all)
  }, [tracker, all, key])

  const watched = options.watchResources
  const watchedKey = watched?.map((r) => `${r.serverId}\u0000${r.uri}`).join('\u0001') ?? ''
  const watchedRef = useRef(watched)
  watchedRef.current = watched
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the list
  useEffect(() => {
    tracker.watchResources(watchedRef.current ?? [])
  }, [tracker, watchedKey])

  const onUpdated = useRef(options.onResourceUpdated)
  onUpdated.current = options.onResourceUpdated
  useEffect(
    () => tracker.onResourceUpdated((serverId, uri) => onUpdated.current?.(serverId, uri)),
    [tracker],
  )

  // Each snapshot renders as a transition, not as a synchronous external-store update: a
  // page arriving at 100,000 resources re-renders the picker in slices React can interrupt
  // for a key press, instead of one long task that blocks it (useSyncExternalStore renders
  // every change synchronously).
  const [snapshot, setSnapshot] = useState(tracker.getSnapshot)
  useEffect(() => {
    const take = () => startTransition(() => setSnapshot(tracker.getSnapshot()))
    take()
    return tracker.subscribe(take)
  }, [tracker])

  useEffect(() => () => tracker.destroy(), [tracker])
  return snapshot
}
