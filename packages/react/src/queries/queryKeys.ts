// Keys for the React-only query shapes (the template walk, reads and
// completions as React Query sees them), built on the client's `resourceKeys` so its
// invalidateLists / invalidateRead reach them. Each ends in an object, so it never equals
// one of the client's own entries (whose last element is a cursor, null or a URI) — the
// client's read() fetches its own key, and sharing it would make a query wait on itself.
import { type ResourceClient, resourceKeys } from '@resource-kit/client'

// The partition per server: a signed-in server's entries sit under its account's partition.
type Client = Pick<ResourceClient, 'partitionOf'>

export const reactKeys = {
  /** The bounded walk over the template list. */
  templateList: (client: Client, serverId: string) =>
    [
      ...resourceKeys.templateLists(serverId, client.partitionOf(serverId)),
      { walk: true },
    ] as const,
  /**
   * One read, as React Query caches it (under the client's read key for that URI). The
   * size limit is part of the key: a read refused at 1 kB is not the answer for 1 MB.
   */
  read: (client: Client, serverId: string, uri: string, maxBytes?: number) =>
    [
      ...resourceKeys.read(serverId, client.partitionOf(serverId), uri),
      { view: 'react', maxBytes: maxBytes ?? null },
    ] as const,
  /** One completion request (not cacheable per spec; kept briefly). */
  completion: (
    client: Client,
    serverId: string,
    template: string,
    name: string,
    value: string,
    context: Record<string, string>,
  ) =>
    [
      ...resourceKeys.partition(serverId, client.partitionOf(serverId)),
      'completion',
      { template, name, value, context },
    ] as const,
}
