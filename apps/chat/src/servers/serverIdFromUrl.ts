// A readable id for a server the user added by URL: its host (and port), plus the path's
// meaningful segments ("mcp" and "sse" say nothing), e.g. `mcp.example.com-github`,
// `127.0.0.1-4000`. Ids must stay unique: a taken one gets `-2`, `-3`, ….

const NOISE = new Set(['mcp', 'sse', 'v1', 'api'])

export function serverIdFromUrl(url: string, taken: ReadonlySet<string>): string {
  let base = 'server'
  try {
    const parsed = new URL(url)
    const host = parsed.hostname.replace(/^www\./, '').replace(/^\[|\]$/g, '')
    const parts = [host, parsed.port, ...parsed.pathname.split('/')]
      .map((part) => part.toLowerCase())
      .filter((part) => part && !NOISE.has(part))
    base =
      parts
        .join('-')
        .replace(/[^a-z0-9.-]+/g, '-')
        .replace(/-{2,}/g, '-')
        .replace(/^[-.]+|[-.]+$/g, '')
        .slice(0, 48) || 'server'
  } catch {
    // not a URL: the caller validated it already; keep the fallback
  }
  let id = base
  for (let n = 2; taken.has(id); n++) id = `${base}-${n}`
  return id
}
