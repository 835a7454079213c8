// BEHAVIOUR: servers start expanded in the tree, once each (the user may collapse them).
// Change marks are not the picker's: rows read them from LiveResources (live/).
import { useLayoutEffect, useRef } from 'react'
import { serverNodeId } from '../shared/ids.ts'
import type { PickerSource } from '../shared/sourceTypes.ts'
import type { PickerStore } from './pickerStore.ts'

export function useServerExpansion(store: PickerStore, sources: readonly PickerSource[]): void {
  const seenServers = useRef(new Set<string>())
  useLayoutEffect(() => {
    for (const source of sources) {
      if (seenServers.current.has(source.serverId)) continue
      seenServers.current.add(source.serverId)
      store.getState().setExpanded(serverNodeId(source.serverId), true)
    }
  }, [sources, store])
}
