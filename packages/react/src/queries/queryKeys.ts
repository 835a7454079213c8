// Keys for the React-only query shapes (the infinite list, the template walk, reads and
// completions as React Query sees them). They extend the client's key prefixes
// (['mcp', serverId, partition, 'resources', 'list'] …) so its invalidateLists /
// invalidateRead reach them, and end in an object so they never equal one of the
// client's own entries (whose last element is a cursor string, null or a URI).
// TODO(lead): build these from the client's exported `resourceKeys` once it is public.
import type { ResourceClient } from '@resource-kit/client'

type Client = Pick<ResourceClient, 'partition'>

const base = (client: Client, serverId: string) => ['mcp', serverId, client.partition] as const

export const reactKeys = {
  /** Every page of the resource list, as one infinite query. */
  resourceList: (client: Client, serverId: string) =>
    [...base(client, serverId), 'resources', 'list', { infinite: true }] as const,
  /** The bounded walk over the template list. */
  templateList: (client: Client, serverId: string) =>
    [...base(client, serverId), 'templates', 'list', { walk: true }] as const,
  /** One read, as React Query caches it. */
  read: (client: Client, serverId: string, uri: string) =>
    [...base(client, serverId), 'resources', 'read', uri, { view: 'react' }] as const,
  /** One completion request. */
  completion: (
    client: Client,
    serverId: string,
    template: string,
    name: string,
    value: string,
    context: Record<string, string>,
  ) => [...base(client, serverId), 'completion', { template, name, value, context }] as const,
}
