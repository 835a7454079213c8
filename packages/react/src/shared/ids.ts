// Every key the package builds: tree nodes, picker rows, selections, attachments, DOM ids.
//
// The rule that makes collisions impossible: a key is `<tag>:<server id length>:<server id>:<rest>`.
// The tag comes from a fixed set and holds no `:`; the length says exactly where the server
// id ends, so no server id or URI (whatever characters they hold) can make one kind of key
// equal another, or one server's key equal another's. Ids derive from the server id and the
// URI or path only, so expansion and the highlight survive a rebuild after list_changed.
// Pure: no React (collection/ builds its node ids here too).

type Tag = 'r' | 's' | 'f' | 'g' | 't' | 'x' | 'l'

function key(tag: Tag, serverId: string, rest = ''): string {
  return `${tag}:${serverId.length}:${serverId}:${rest}`
}

/** The key of one resource across servers: the same URI on two servers is two resources. */
export function resourceKey(serverId: string, uri: string): string {
  return key('r', serverId, uri)
}

/** The id of a server's node (and row). */
export function serverNodeId(serverId: string): string {
  return key('s', serverId)
}

/** The id of a URI group or path folder (`pathKey` is its URI prefix). */
export function folderNodeId(serverId: string, pathKey: string): string {
  return key('f', serverId, pathKey)
}

/** The id of a server's template group. */
export function templatesNodeId(serverId: string): string {
  return key('g', serverId)
}

/** The id of a resource or directory node: its resource key. */
export function resourceNodeId(serverId: string, uri: string): string {
  return resourceKey(serverId, uri)
}

/** The id of a template node (and row, and search item). */
export function templateNodeId(serverId: string, uriTemplate: string): string {
  return key('t', serverId, uriTemplate)
}

/** The id of a server's status row (connecting, failed, needs sign-in…). */
export function statusRowId(serverId: string): string {
  return key('x', serverId)
}

/** The id of a server's "N loaded — more available" row. */
export function loadMoreRowId(serverId: string): string {
  return key('l', serverId)
}

/** The id of the message row (loading, failed, empty) under a lazy folder's row. */
export function folderMessageRowId(directoryRowId: string): string {
  // `m` is not a key tag, and a row id never starts with `m:`: nothing can equal it.
  return `m:${directoryRowId}`
}

/** A DOM-safe element id for a row (ids cannot hold spaces; row ids hold arbitrary URIs). */
export function rowDomId(baseId: string, rowId: string): string {
  return `${baseId}-r-${encodeURIComponent(rowId)}`
}

/** The element id of option `index` of a listbox (mention popup, template suggestions). */
export function optionDomId(listboxId: string, index: number): string {
  return `${listboxId}-option-${index}`
}
