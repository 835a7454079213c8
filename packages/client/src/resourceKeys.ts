// The one query-key factory. Keys go from general to specific, so any prefix
// invalidates everything under it: ['mcp', serverId, partition, 'resources', 'list', cursor].
// The partition (auth principal) is in every key: an entry fetched for one principal is
// never found under another's key.

/** A list page's cursor in a key: `null` for the first page (an empty-string cursor stays ''). */
export type CursorKey = string | null

export const resourceKeys = {
  /** Everything resource-kit caches. */
  all: () => ['mcp'] as const,
  /** Everything cached for one server, every partition. */
  server: (serverId: string) => ['mcp', serverId] as const,
  /** Everything cached for one server and partition. */
  partition: (serverId: string, partition: string) => ['mcp', serverId, partition] as const,
  /** Every page of the resource list. */
  lists: (serverId: string, partition: string) =>
    ['mcp', serverId, partition, 'resources', 'list'] as const,
  /** One page of the resource list. */
  list: (serverId: string, partition: string, cursor?: string) =>
    ['mcp', serverId, partition, 'resources', 'list', cursor ?? null] as const,
  /** Every page of the template list. */
  templateLists: (serverId: string, partition: string) =>
    ['mcp', serverId, partition, 'templates', 'list'] as const,
  /** One page of the template list. */
  templateList: (serverId: string, partition: string, cursor?: string) =>
    ['mcp', serverId, partition, 'templates', 'list', cursor ?? null] as const,
  /** Every read. */
  reads: (serverId: string, partition: string) =>
    ['mcp', serverId, partition, 'resources', 'read'] as const,
  /** The read of one URI. */
  read: (serverId: string, partition: string, uri: string) =>
    ['mcp', serverId, partition, 'resources', 'read', uri] as const,
}

export type ResourceListKey = ReturnType<typeof resourceKeys.list>
export type TemplateListKey = ReturnType<typeof resourceKeys.templateList>
export type ReadKey = ReturnType<typeof resourceKeys.read>
