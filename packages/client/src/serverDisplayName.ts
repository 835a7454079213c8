// One display name per server, for every place that shows one (server list, picker group,
// @-mention rows, scope): the host's own name for it, else the server's `title`, else its
// `name`, else its id. Names are untrusted text: control characters are dropped and length
// capped. Two servers that would read the same are told apart by where they are.

export interface NamedServer {
  id: string
  /** What the server says it is (`serverInfo` from `initialize` / `server/discover`). */
  serverInfo?: { name?: unknown; title?: unknown }
  /** The host's name for it (its config, or what the user typed). Wins over the server's. */
  hostName?: string
  /** Where it is: a URL or a command line. Shown to tell two same-named servers apart. */
  location?: string
}

const MAX_NAME = 80

/** Display names by server id; equal names (ignoring case) are disambiguated by location, then id. */
export function serverDisplayNames(servers: readonly NamedServer[]): Map<string, string> {
  const base = new Map(servers.map((s) => [s.id, baseName(s)]))
  const counts = countBy([...base.values()])
  const names = new Map<string, string>()
  for (const server of servers) {
    const name = base.get(server.id) ?? server.id
    if ((counts.get(name.toLowerCase()) ?? 0) < 2) {
      names.set(server.id, name)
      continue
    }
    const where = server.location ? shortLocation(server.location) : server.id
    names.set(server.id, `${name} (${where})`)
  }
  // Same name at the same place (two entries for one URL): the id tells them apart.
  const again = countBy([...names.values()])
  for (const [id, name] of names) {
    if ((again.get(name.toLowerCase()) ?? 0) > 1) names.set(id, `${name} [${id}]`)
  }
  return names
}

/** A short form of a server's location: a URL's host and path (no scheme, no query), or the command. */
export function shortLocation(location: string): string {
  try {
    const url = new URL(location)
    if (url.protocol === 'http:' || url.protocol === 'https:') {
      const path = url.pathname === '/' ? '' : url.pathname.replace(/\/$/, '')
      return clean(`${url.host}${path}`)
    }
  } catch {
    // not a URL: a command line
  }
  return clean(location)
}

function baseName(server: NamedServer): string {
  for (const candidate of [server.hostName, server.serverInfo?.title, server.serverInfo?.name]) {
    if (typeof candidate !== 'string') continue
    const name = clean(candidate)
    if (name) return name
  }
  return server.id
}

function clean(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: dropping control characters is the point
  const plain = text.replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e]/g, '').trim()
  return plain.length > MAX_NAME ? `${plain.slice(0, MAX_NAME - 1)}…` : plain
}

function countBy(names: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>()
  for (const name of names)
    counts.set(name.toLowerCase(), (counts.get(name.toLowerCase()) ?? 0) + 1)
  return counts
}
