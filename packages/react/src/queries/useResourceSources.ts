// Every server of the client as picker sources: per-server status, loaded items,
// load-more and retry. Built on SourcesTracker (observers outside React).
import { useEffect, useState, useSyncExternalStore } from 'react'
import type { PickerSource } from '../picker/pickerSource.ts'
import { useResourceClient } from './ResourceKitProvider.tsx'
import { SourcesTracker, type SourcesTrackerOptions } from './sourcesTracker.ts'
import { useServers } from './useServers.ts'

export interface UseResourceSourcesOptions extends SourcesTrackerOptions {
  /** Only these servers, in this order. @default every server of the client */
  serverIds?: readonly string[]
}

/** The client's servers as `PickerSource[]`, ready for `usePicker` / `<Picker.Root>`. */
export function useResourceSources(
  options: UseResourceSourcesOptions = {},
): readonly PickerSource[] {
  const client = useResourceClient()
  const all = useServers()
  const [tracker] = useState(() => new SourcesTracker(client, options))
  const key = options.serverIds?.join('\u0000')
  useEffect(() => {
    const wanted = key === undefined ? undefined : new Set(key.split('\u0000'))
    tracker.setServers(wanted ? all.filter((s) => wanted.has(s.id)) : all)
  }, [tracker, all, key])
  useEffect(() => () => tracker.destroy(), [tracker])
  return useSyncExternalStore(tracker.subscribe, tracker.getSnapshot, tracker.getSnapshot)
}
