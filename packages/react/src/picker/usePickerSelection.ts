// BEHAVIOUR: choosing resources. Single mode replaces the selection, multiple mode toggles;
// the app hears about every change through `onSelect`, and a chosen resource loses its
// new or updated mark everywhere (LiveResources.acknowledge: the one rule).
import type { Resource } from '@resource-kit/client'
import { useCallback, useRef } from 'react'
import type { LiveResources } from '../live/liveResources.ts'
import type { ResourceDescriptor } from '../shared/sourceTypes.ts'
import type { PickerStore } from './pickerStore.ts'

export type SelectionMode = 'single' | 'multiple'

/** What `usePickerSelection` returns. */
export interface PickerSelection {
  /** Chooses a listed resource (in `mode`, by default the picker's). */
  selectResource: (resource: Resource, serverId: string, mode?: SelectionMode) => void
  /** Adds a resource reached another way (e.g. a template's form) to the selection. */
  selectDescriptor: (descriptor: ResourceDescriptor) => void
}

/** The descriptor `onSelect` hands out for a listed resource. */
export function describeResource(resource: Resource, serverId: string): ResourceDescriptor {
  const { uri, name, title, mimeType, size } = resource
  return { serverId, uri, name, title, mimeType, size }
}

export function usePickerSelection(
  store: PickerStore,
  selectionMode: SelectionMode,
  onSelect: ((selection: ResourceDescriptor[]) => void) | undefined,
  live: LiveResources | null,
): PickerSelection {
  const latest = useRef(onSelect)
  latest.current = onSelect
  const commit = useCallback(
    (d: ResourceDescriptor, mode: SelectionMode, clearMark = false) => {
      store.getState().select(d, mode)
      if (clearMark) live?.acknowledge(d.serverId, d.uri)
      latest.current?.(mode === 'single' ? [d] : [...store.getState().selected.values()])
    },
    [store, live],
  )
  const selectResource = useCallback(
    (resource: Resource, serverId: string, mode: SelectionMode = selectionMode) =>
      commit(describeResource(resource, serverId), mode, true),
    [commit, selectionMode],
  )
  const selectDescriptor = useCallback(
    (d: ResourceDescriptor) => commit(d, selectionMode),
    [commit, selectionMode],
  )
  return { selectResource, selectDescriptor }
}
