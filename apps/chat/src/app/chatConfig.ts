// What the chat app connects to at start. `npm run demo` serves `/config.json` next to
// the app: the servers, and the bridge backend that holds the connections to them (and to
// servers a page cannot reach, such as stdio ones). The page goes through the bridge when
// there is one, unless `?mode=direct` asks for direct connections (for comparison);
// `?server=<url>` (repeatable) connects directly to those servers, e.g. for `vite dev`.

export interface ChatServerConfig {
  id: string
  /**
   * Direct mode: the MCP endpoint the page connects to. Bridge mode: where the backend's
   * server lives (a URL, or a stdio command), shown only.
   */
  url: string
  /** Shown until the server tells its own name. */
  name?: string
}

export type ChatMode = 'direct' | 'bridge'

export interface ChatConfig {
  /** How the page reaches the servers. */
  mode: ChatMode
  servers: ChatServerConfig[]
  /** Bridge mode: the backend's WebSocket (ws: or wss:). */
  bridgeUrl?: string
  /** The model's budget for attached context, in tokens. @default DEFAULT_CONTEXT_BUDGET */
  contextBudget?: number
  /**
   * Attach the resources a draft is clearly about without asking (`"include": "auto"` in
   * config.json, or `?include=auto`); each shows as a chip the user removes before Send.
   * @default off: suggestions wait for the user
   */
  autoInclude?: boolean
}

/** Tokens of attached context the composer measures against (a small model's share). */
export const DEFAULT_CONTEXT_BUDGET = 32_000

const FALLBACK: ChatConfig = {
  mode: 'direct',
  servers: [{ id: 'demo', url: 'http://127.0.0.1:3333/mcp' }],
}
const MAX_LOCATION = 500

/** Reads the config: URL parameters first, then `/config.json`, then the local demo default. */
export async function loadChatConfig(
  location: Location,
  signal?: AbortSignal,
): Promise<ChatConfig> {
  const query = new URLSearchParams(location.search)
  const auto = query.get('include') === 'auto'
  const withInclude = (config: ChatConfig): ChatConfig =>
    auto ? { ...config, autoInclude: true } : config
  const params = query.getAll('server')
  if (params.length > 0) {
    return withInclude({
      mode: 'direct',
      servers: params.map((url, i) => ({ id: i === 0 ? 'demo' : `server-${i + 1}`, url })),
    })
  }
  const mode = query.get('mode')
  const wanted = mode === 'direct' || mode === 'bridge' ? mode : undefined
  try {
    const response = await fetch(new URL('config.json', location.href), { signal })
    if (!response.ok) return withInclude(FALLBACK)
    return withInclude(parseChatConfig(await response.json(), location.href, wanted))
  } catch {
    return withInclude(FALLBACK)
  }
}

/**
 * Keeps only well-formed entries: direct servers with an http(s) URL; a bridge with a
 * WebSocket URL (or a path on the page's origin) and its servers' ids, names and locations.
 * The bridge is used unless `wanted` is `direct`.
 */
export function parseChatConfig(value: unknown, pageUrl?: string, wanted?: ChatMode): ChatConfig {
  const record = (value ?? {}) as Record<string, unknown>
  const bridge = wanted === 'direct' ? undefined : parseBridge(record.bridge, pageUrl)
  if (bridge) return { mode: 'bridge', ...bridge, ...hostOptionsOf(record) }
  const list = record.servers
  if (!Array.isArray(list)) return FALLBACK
  const servers: ChatServerConfig[] = []
  for (const item of list) {
    const { id, url, name } = (item ?? {}) as Record<string, unknown>
    if (typeof id !== 'string' || typeof url !== 'string' || !isHttpUrl(url)) continue
    servers.push({ id, url, ...(typeof name === 'string' && { name }) })
  }
  if (servers.length === 0) return FALLBACK
  return { mode: 'direct', servers, ...hostOptionsOf(record) }
}

/** The host's options beside the servers: the context budget and automatic inclusion. */
function hostOptionsOf(
  record: Record<string, unknown>,
): Pick<ChatConfig, 'contextBudget' | 'autoInclude'> {
  const budget = record.contextBudget
  const valid = typeof budget === 'number' && Number.isFinite(budget) && budget > 0
  return {
    ...(valid && { contextBudget: budget }),
    ...(record.include === 'auto' && { autoInclude: true }),
  }
}

function parseBridge(
  value: unknown,
  pageUrl: string | undefined,
): { bridgeUrl: string; servers: ChatServerConfig[] } | undefined {
  const { url, servers } = (value ?? {}) as Record<string, unknown>
  if (typeof url !== 'string' || !Array.isArray(servers)) return undefined
  const bridgeUrl = webSocketUrl(url, pageUrl)
  if (!bridgeUrl) return undefined
  const shown: ChatServerConfig[] = []
  for (const item of servers) {
    const { id, name, location } = (item ?? {}) as Record<string, unknown>
    if (typeof id !== 'string') continue
    shown.push({
      id,
      url: typeof location === 'string' ? location.slice(0, MAX_LOCATION) : '',
      ...(typeof name === 'string' && { name }),
    })
  }
  return { bridgeUrl, servers: shown }
}

/** A ws:/wss: URL; an http(s) URL or a path (on the page's origin) becomes one. */
function webSocketUrl(value: string, base: string | undefined): string | undefined {
  try {
    const url = new URL(value, base)
    if (url.protocol === 'http:') url.protocol = 'ws:'
    else if (url.protocol === 'https:') url.protocol = 'wss:'
    return url.protocol === 'ws:' || url.protocol === 'wss:' ? url.href : undefined
  } catch {
    return undefined
  }
}

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value)
    return url.protocol === 'http:' || url.protocol === 'https:'
  } catch {
    return false
  }
}
