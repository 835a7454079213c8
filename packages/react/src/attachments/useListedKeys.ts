// Which attachments their server lists (so far as its pass is walked), kept current from
// the list's own changes: a page appended that holds one of them, a patch, a reset.
import type { ResourceClient } from '@resource-kit/client'
import { useEffect, useState } from 'react'
import { listedResource } from './listedResource.ts'

/** `wanted`: JSON of `[key, serverId, uri][]` (a stable string: effects rerun only when it changes). */
export function useListedKeys(
  client: ResourceClient | undefined,
  wanted: string,
): ReadonlySet<string> {
  const [listed, setListed] = useState<ReadonlySet<string>>(() => new Set())
  useEffect(() => {
    if (!client) return
    const items = JSON.parse(wanted) as [string, string, string][]
    const compute = () => {
      const keys = new Set<string>()
      for (const [key, serverId, uri] of items)
        if (listedResource(client, serverId, uri)) keys.add(key)
      setListed((before) =>
        before.size === keys.size && [...keys].every((k) => before.has(k)) ? before : keys,
      )
    }
    compute()
    const servers = new Set(items.map(([, serverId]) => serverId))
    const offs = [...servers]
      .filter((serverId) => client.getServer(serverId))
      .map((serverId) => {
        const uris = new Set(items.filter(([, s]) => s === serverId).map(([, , uri]) => uri))
        return client.resourceList(serverId).onChange((change) => {
          // A page: only when it holds one of them (no walk over 100,000 per page).
          if (change.type !== 'appended' || change.items.some((r) => uris.has(r.uri))) compute()
        })
      })
    return () => {
      for (const off of offs) off()
    }
  }, [client, wanted])
  return listed
}
