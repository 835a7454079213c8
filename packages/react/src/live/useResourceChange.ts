// One resource's change state and live status, read from the client's LiveResources (the
// one owner): the picker's rows, the chips and the preview all show the same mark.
import { useCallback, useEffect, useSyncExternalStore } from 'react'
import { useLiveResources } from './LiveResourcesContext.ts'
import type { LiveStatus, ResourceChange } from './liveResources.ts'

export interface UseResourceChangeOptions {
  /** Follow the resource for `updated(uri)` (through its server's one watch) while mounted. @default false */
  follow?: boolean
}

/** What changed about a resource, and how its updates reach us. */
export interface ResourceChangeState {
  /** New, updated or removed since the person last chose it; undefined when none. */
  change: ResourceChange | undefined
  /** The server's watch as it concerns this resource (`off` when nobody follows it). */
  live: LiveStatus
}

const noSubscribe = () => () => {}

/** One resource's change mark (and live status), re-rendering only when they change. */
export function useResourceChange(
  serverId: string,
  uri: string,
  options: UseResourceChangeOptions = {},
): ResourceChangeState {
  const live = useLiveResources()
  const follow = options.follow ?? false
  useEffect(() => {
    if (!live || !follow) return
    const handle = live.follow(serverId, { uris: [uri] })
    return () => handle.release()
  }, [live, follow, serverId, uri])
  const subscribe = live?.subscribe ?? noSubscribe
  const getChange = useCallback(() => live?.changeOf(serverId, uri), [live, serverId, uri])
  const getLive = useCallback(
    (): LiveStatus => live?.liveStatus(serverId, uri) ?? 'off',
    [live, serverId, uri],
  )
  return {
    change: useSyncExternalStore(subscribe, getChange, getChange),
    live: useSyncExternalStore(subscribe, getLive, getLive),
  }
}
