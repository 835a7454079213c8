// Server status snapshots, read through useSyncExternalStore: the client keeps a stable
// array until something changes, so React re-renders only on real status changes.
import type { ServerSnapshot } from '@resource-kit/client'
import { useCallback, useSyncExternalStore } from 'react'
import { useResourceClient } from './ResourceKitProvider.tsx'

/** Every server of the client, in the order added. */
export function useServers(): readonly ServerSnapshot[] {
  const client = useResourceClient()
  const subscribe = useCallback((listener: () => void) => client.subscribe(listener), [client])
  const get = useCallback(() => client.getServers(), [client])
  return useSyncExternalStore(subscribe, get, get)
}

/** One server's snapshot (undefined when no server has that id). */
export function useServerStatus(serverId: string): ServerSnapshot | undefined {
  const client = useResourceClient()
  const subscribe = useCallback((listener: () => void) => client.subscribe(listener), [client])
  const get = useCallback(() => client.getServer(serverId), [client, serverId])
  return useSyncExternalStore(subscribe, get, get)
}
