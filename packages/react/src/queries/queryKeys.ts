// Keys for the React-only query shapes (the infinite list, the template walk). They sit
// under the client's per-server prefix ['mcp', serverId, partition, …] so its
// invalidateLists / invalidateRead reach them too.
// TODO(lead): replace with the client's `resourceKeys` once it is exported.
import type { ResourceClient } from '@resource-kit/client'

type Client = Pick<ResourceClient, 'partition'>

export const reactKeys = {
  server: (client: Client, serverId: string) => ['mcp', serverId, client.partition] as const,
  resourceList: (client: Client, serverId: string) =>
    [...reactKeys.server(client, serverId), 'resources', 'list', 'infinite'] as const,
  templateList: (client: Client, serverId: string) =>
    [...reactKeys.server(client, serverId), 'templates', 'list', 'walk'] as const,
  read: (client: Client, serverId: string, uri: string) =>
    [...reactKeys.server(client, serverId), 'resources', 'read', uri] as const,
  completion: (
    client: Client,
    serverId: string,
    template: string,
    name: string,
    value: string,
    context: Record<string, string>,
  ) =>
    [...reactKeys.server(client, serverId), 'completion', template, name, value, context] as const,
}
