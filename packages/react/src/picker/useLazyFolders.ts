// BEHAVIOUR: lazy folders. An `inode/directory` resource is read on its first expand (or
// again after a failure, with `force`); its state lives in the store; what is in flight is
// aborted on unmount.
import type { Resource } from '@resource-kit/client'
import { useCallback, useEffect, useRef } from 'react'
import type { PickerRow } from './pickerRow.ts'
import type { PickerStore } from './pickerStore.ts'

/** Reads a directory's contents (e.g. `createDirectoryLoader(client)`). */
export type LoadDirectory = (
  serverId: string,
  uri: string,
  signal: AbortSignal,
) => Promise<readonly Resource[]>

/** Starts reading a directory row's contents (once, unless `force`). */
export type LoadFolder = (row: PickerRow & { kind: 'directory' }, force?: boolean) => void

export function useLazyFolders(store: PickerStore, load: LoadDirectory | undefined): LoadFolder {
  const latestLoad = useRef(load)
  latestLoad.current = load
  const loads = useRef(new Map<string, AbortController>())
  useEffect(() => {
    const inFlight = loads.current
    return () => {
      for (const c of inFlight.values()) c.abort()
      inFlight.clear()
    }
  }, [])
  return useCallback<LoadFolder>(
    (row, force = false) => {
      const read = latestLoad.current
      if (!read || loads.current.has(row.id)) return
      if (!force && store.getState().directories[row.id]) return
      const controller = new AbortController()
      loads.current.set(row.id, controller)
      store.getState().setDirectory(row.id, { status: 'loading' })
      read(row.serverId, row.resource.uri, controller.signal)
        .then(
          (items) => {
            if (controller.signal.aborted) return
            store.getState().setDirectory(row.id, { status: 'loaded', items })
          },
          (error: unknown) => {
            if (controller.signal.aborted) return
            const err = error instanceof Error ? error : new Error(String(error))
            store.getState().setDirectory(row.id, { status: 'error', error: err })
          },
        )
        .finally(() => loads.current.delete(row.id))
    },
    [store],
  )
}
