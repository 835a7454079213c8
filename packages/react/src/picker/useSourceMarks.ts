// BEHAVIOUR: what each new batch of sources changes in the store. "New", "updated" and
// "removed" marks come from comparing each reload with the previous one; servers start expanded in the tree (once
// each: the user may collapse them).
import { useEffect, useLayoutEffect, useRef } from 'react'
import { serverNodeId } from '../shared/ids.ts'
import type { PickerSource } from '../shared/sourceTypes.ts'
import type { PickerStore } from './pickerStore.ts'
import { changesBaseline, resourceChanges } from './resourceChanges.ts'

export function useSourceMarks(store: PickerStore, sources: readonly PickerSource[]): void {
  const prevSources = useRef<readonly PickerSource[]>([])
  useEffect(() => {
    const changes = resourceChanges(prevSources.current, sources)
    prevSources.current = changesBaseline(prevSources.current, sources)
    store.getState().markChanges(changes)
  }, [sources, store])

  const seenServers = useRef(new Set<string>())
  useLayoutEffect(() => {
    for (const source of sources) {
      if (seenServers.current.has(source.serverId)) continue
      seenServers.current.add(source.serverId)
      store.getState().setExpanded(serverNodeId(source.serverId), true)
    }
  }, [sources, store])
}
