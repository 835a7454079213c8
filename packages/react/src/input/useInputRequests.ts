// BEHAVIOUR: the pending input requests of a bridge, optionally only one server's or one
// resource's, read through useSyncExternalStore.
import { useMemo, useSyncExternalStore } from 'react'
import type { InputBridge, PendingInput } from './inputBridge.ts'

export interface UseInputRequestsFilter {
  serverId?: string
  uri?: string
}

/** Pending requests of `bridge` that match the filter, oldest first. */
export function useInputRequests(
  bridge: InputBridge,
  filter: UseInputRequestsFilter = {},
): readonly PendingInput[] {
  const all = useSyncExternalStore(bridge.subscribe, bridge.getSnapshot, bridge.getSnapshot)
  const { serverId, uri } = filter
  return useMemo(
    () =>
      all.filter(
        (p) =>
          (serverId === undefined || p.serverId === serverId) &&
          (uri === undefined || p.uri === uri),
      ),
    [all, serverId, uri],
  )
}
