// One display name per server for the whole app (server list, picker groups, @ rows,
// scope, input requests): the config's name, else the server's title or name, with
// same-named servers told apart by their URL (serverDisplayNames in the client).
import { serverDisplayNames } from '@resource-kit/client'
import { type PickerSource, useServers } from '@resource-kit/react'
import { useMemo } from 'react'
import type { ChatServerConfig } from '../app/chatConfig.ts'

export function useServerNames(
  configured: readonly ChatServerConfig[],
  urls: ReadonlyMap<string, string>,
): ReadonlyMap<string, string> {
  const snapshots = useServers()
  return useMemo(() => {
    const hostNames = new Map(configured.flatMap((s) => (s.name ? [[s.id, s.name] as const] : [])))
    return serverDisplayNames(
      snapshots.map((s) => ({
        id: s.id,
        serverInfo: s.serverInfo,
        hostName: hostNames.get(s.id),
        location: urls.get(s.id),
      })),
    )
  }, [snapshots, configured, urls])
}

/** The sources with the app's display names (the library's default is the server's own). */
export function useNamedSources(
  sources: readonly PickerSource[],
  names: ReadonlyMap<string, string>,
): readonly PickerSource[] {
  return useMemo(
    () =>
      sources.map((source) => {
        const name = names.get(source.serverId)
        return name && name !== source.serverName ? { ...source, serverName: name } : source
      }),
    [sources, names],
  )
}
