// Keys for the React-only query shapes (the template walk and completions as React Query
// sees them), built on the client's `resourceKeys` so its invalidateLists reaches them. Each
// ends in an object, so it never equals one of the client's own entries (whose last element
// is a cursor, null or a URI). Reads have none: they use the client's own (`client.readQuery`).
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
