// A search query with an optional server scope, as typed in the composer (`@demo:readme`)
// and in the side search (`demo:readme`): `<server>:` names a server by id or display name
// (ignoring case; a display name typed with dashes for spaces). One parser for both.

export interface ScopedQuery {
  /** The server the query is scoped to, when it starts with `<server>:`. */
  serverId?: string
  /** The search text (after the scope). */
  text: string
}

/** Split `server:text` when `server` names one of `servers`; otherwise the whole query is text. */
export function parseScopedQuery(
  query: string,
  servers: readonly { serverId: string; serverName?: string }[],
): ScopedQuery {
  const colon = query.indexOf(':')
  if (colon <= 0) return { text: query }
  const scope = query.slice(0, colon).toLowerCase()
  const server =
    servers.find((s) => s.serverId.toLowerCase() === scope) ??
    servers.find((s) => slug(s.serverName ?? '') === scope)
  return server ? { serverId: server.serverId, text: query.slice(colon + 1) } : { text: query }
}

/** A server name as typed in a scope: lower case, spaces as dashes. */
export function slug(name: string): string {
  return name.trim().toLowerCase().replace(/\s+/g, '-')
}
