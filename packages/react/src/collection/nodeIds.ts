// Node ids derive from the server id and the URI or path only, so expansion and the
// highlight survive a rebuild after list_changed. Resource and template ids match the
// picker's search ids, so the highlight also survives switching between search and tree.
// \u0001 starts the ids of synthetic nodes, which a resource id (server id first) never
// collides with as long as server ids do not start with it.

/** The id of a server's node. */
export function serverNodeId(serverId: string): string {
  return `\u0001server\u0000${serverId}`
}

/** The id of a URI group or path folder (`pathKey` is its URI prefix). */
export function folderNodeId(serverId: string, pathKey: string): string {
  return `\u0001folder\u0000${serverId}\u0000${pathKey}`
}

/** The id of a server's template group. */
export function templatesNodeId(serverId: string): string {
  return `\u0001templates\u0000${serverId}`
}

/** The id of a resource or directory node (the picker's selection key). */
export function resourceNodeId(serverId: string, uri: string): string {
  return `${serverId}\u0000${uri}`
}

/** The id of a template node. */
export function templateNodeId(serverId: string, uriTemplate: string): string {
  return `template\u0000${serverId}\u0000${uriTemplate}`
}
