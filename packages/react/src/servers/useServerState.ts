// One server's state, re-rendering only when it changes. Reads the provider's client when
// there is one (parts also render on plain data in stories: then every server is `live`).
import { useCallback, useSyncExternalStore } from 'react'
import { useLiveResources } from '../live/LiveResourcesContext.ts'
import { type ServerState, serverStateOf } from './serverState.ts'

const noSubscribe = () => () => {}

/** How the server `serverId` is doing (`live` outside a provider). */
export function useServerState(serverId: string): ServerState {
  const client = useLiveResources()?.client
  const subscribe = useCallback(
    (listener: () => void) => (client ? client.subscribe(listener) : noSubscribe()),
    [client],
  )
  const get = useCallback(
    (): ServerState => (client ? serverStateOf(client.getServer(serverId)) : 'live'),
    [client, serverId],
  )
  return useSyncExternalStore(subscribe, get, get)
}

/** The states of several servers at once, by id (for a list of chips or a Send check). */
export function useServerStates(): (serverId: string) => ServerState {
  const client = useLiveResources()?.client
  const subscribe = useCallback(
    (listener: () => void) => (client ? client.subscribe(listener) : noSubscribe()),
    [client],
  )
  const get = useCallback(() => client?.getServers(), [client])
  const servers = useSyncExternalStore(subscribe, get, get)
  return useCallback(
    (serverId: string): ServerState => {
      if (!servers) return 'live'
      return serverStateOf(servers.find((s) => s.id === serverId))
    },
    [servers],
  )
}
