// What the chat app connects to at start. `npm run demo` serves `/config.json` next to
// the app; `?server=<url>` (repeatable) overrides it, e.g. for `vite dev`.

export interface ChatServerConfig {
  id: string
  url: string
  /** Shown until the server tells its own name. */
  name?: string
}

export interface ChatConfig {
  servers: ChatServerConfig[]
  /**
   * Attach the resources a draft is clearly about without asking (`"include": "auto"` in
   * config.json, or `?include=auto`); each shows as a chip the user removes before Send.
   * @default off: suggestions wait for the user
   */
  autoInclude?: boolean
}

const FALLBACK: ChatConfig = { servers: [{ id: 'demo', url: 'http://127.0.0.1:3333/mcp' }] }

/** Reads the config: URL parameters first, then `/config.json`, then the local demo default. */
export async function loadChatConfig(
  location: Location,
  signal?: AbortSignal,
): Promise<ChatConfig> {
  const search = new URLSearchParams(location.search)
  const auto = search.get('include') === 'auto'
  const withInclude = (config: ChatConfig): ChatConfig =>
    auto ? { ...config, autoInclude: true } : config
  const params = search.getAll('server')
  if (params.length > 0) {
    return withInclude({
      servers: params.map((url, i) => ({ id: i === 0 ? 'demo' : `server-${i + 1}`, url })),
    })
  }
  try {
    const response = await fetch(new URL('config.json', location.href), { signal })
    if (!response.ok) return withInclude(FALLBACK)
    return withInclude(parseChatConfig(await response.json()))
  } catch {
    return withInclude(FALLBACK)
  }
}

/** Keeps only well-formed entries with an http(s) URL. */
export function parseChatConfig(value: unknown): ChatConfig {
  const list = (value as { servers?: unknown })?.servers
  if (!Array.isArray(list)) return FALLBACK
  const servers: ChatServerConfig[] = []
  for (const item of list) {
    const { id, url, name } = (item ?? {}) as Record<string, unknown>
    if (typeof id !== 'string' || typeof url !== 'string' || !isHttpUrl(url)) continue
    servers.push({ id, url, ...(typeof name === 'string' && { name }) })
  }
  if (servers.length === 0) return FALLBACK
  const auto = (value as { include?: unknown }).include === 'auto'
  return { servers, ...(auto && { autoInclude: true }) }
}

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value)
    return url.protocol === 'http:' || url.protocol === 'https:'
  } catch {
    return false
  }
}
