// Why connecting to a server failed, in plain words: one cause read from the error chain
// (ours, the SDK's, fetch's, Node's), a sentence a person can act on, and the raw detail
// for a disclosure. Pure: the caller may add what only it can observe (a browser's
// no-cors probe, which tells a CORS refusal from a server that is not there).
import { AuthRequiredError, CorsBlockedError } from './errors.ts'

/** What went wrong, as far as the error (and the optional probe) can tell. */
export type ConnectionFailureCause =
  | 'needs-sign-in'
  | 'not-mcp'
  | 'refused'
  | 'unresolved'
  | 'cors'
  | 'unreachable'
  | 'timed-out'
  | 'server-error'
  | 'unknown'

export interface ConnectionFailure {
  cause: ConnectionFailureCause
  /** One or two sentences for a person, without the server's name (the caller shows it). */
  summary: string
  /** The raw messages of the error chain, one per line, for a "details" disclosure. */
  detail: string
}

export interface ConnectionFailureContext {
  /** The server's URL, when it has one: names the host in the summary. */
  url?: string
  /** The page's origin (browsers): named in the CORS summary. */
  origin?: string
  /**
   * What a `fetch(url, { mode: 'no-cors' })` did after the real request failed with a bare
   * network error: `reachable` (an opaque answer came back, so CORS refused the real one)
   * or `unreachable` (nothing answered).
   */
  probe?: 'reachable' | 'unreachable'
}

const MAX_DETAIL = 4000

/** Reads the cause of a failed connection from its error chain. */
export function describeConnectionFailure(
  error: unknown,
  context: ConnectionFailureContext = {},
): ConnectionFailure {
  const facts = collectFacts(error)
  const detail = facts.messages.join('\n').slice(0, MAX_DETAIL)
  const host = hostOf(context.url)
  const at = host ? ` at ${host}` : ''
  const fail = (cause: ConnectionFailureCause, summary: string): ConnectionFailure => ({
    cause,
    summary,
    detail,
  })

  const cors = (origin: string | undefined, url = context.url) => {
    const where = hostOf(url)
    return fail(
      'cors',
      `Blocked by CORS: the server${where ? ` at ${where}` : ''} does not allow this page's origin (${origin ?? 'unknown'}). Allow it on the server, or connect through a bridge.`,
    )
  }
  // The url source's no-cors probe found the server there (corsProbe.ts).
  if (facts.cors) return cors(facts.cors.origin, context.url ?? facts.cors.url)
  if (facts.names.has('AuthRequiredError') || facts.statuses.has(401) || facts.statuses.has(403))
    return fail('needs-sign-in', 'The server needs you to sign in before it can be used.')
  if (facts.codes.has('ECONNREFUSED'))
    return fail('refused', `Nothing is listening${at} (connection refused). Is the server running?`)
  if (facts.codes.has('ENOTFOUND') || facts.codes.has('EAI_AGAIN'))
    return fail(
      'unresolved',
      `The name ${host ?? 'of the server'} could not be found (DNS). Check the address.`,
    )
  if (isTimeout(facts))
    return fail('timed-out', `The server${at} did not answer in time. Try again later.`)
  if (isNotMcp(facts))
    return fail(
      'not-mcp',
      `The address answered, but not as an MCP server${facts.statusText}. Check the URL: an MCP endpoint usually ends in /mcp.`,
    )
  const serverStatus = [...facts.statuses].find((s) => s >= 500)
  if (serverStatus !== undefined)
    return fail('server-error', `The server${at} failed (HTTP ${serverStatus}). Try again later.`)
  if (facts.bareNetworkError) {
    if (context.probe === 'reachable') return cors(context.origin)
    if (host && isIpLiteral(host))
      return fail(
        'refused',
        `Nothing is listening${at} (connection refused). Is the server running?`,
      )
    return fail(
      'unreachable',
      `Could not reach ${host ?? 'the server'}: it may be down, its name may not resolve, or the network blocks it.`,
    )
  }
  const first = facts.messages[0]?.split('\n')[0]?.slice(0, 200) ?? 'unknown error'
  return fail('unknown', `Could not connect: ${first}`)
}

// ---------- the error chain ----------

interface Facts {
  names: Set<string>
  codes: Set<string>
  statuses: Set<number>
  statusText: string
  messages: string[]
  /** fetch rejected with nothing more specific ("Failed to fetch", "fetch failed", …). */
  bareNetworkError: boolean
  /** What a CorsBlockedError in the chain names. */
  cors?: { origin: string; url: string }
}

const NETWORK_MESSAGES = [
  /^failed to fetch$/i, // Chromium
  /^fetch failed$/i, // Node (undici)
  /^networkerror when attempting to fetch resource\.?$/i, // Firefox
  /^load failed$/i, // Safari
]

function collectFacts(error: unknown): Facts {
  const facts: Facts = {
    names: new Set(),
    codes: new Set(),
    statuses: new Set(),
    statusText: '',
    messages: [],
    bareNetworkError: false,
  }
  const seen = new Set<unknown>()
  let current: unknown = error
  for (let depth = 0; depth < 8 && current !== undefined && current !== null; depth++) {
    if (seen.has(current)) break
    seen.add(current)
    if (typeof current !== 'object') {
      facts.messages.push(String(current))
      break
    }
    const record = current as Record<string, unknown>
    if (typeof record.name === 'string') facts.names.add(record.name)
    // By class too: a minified build renames classes, and `name` is the class's name.
    if (current instanceof AuthRequiredError) facts.names.add('AuthRequiredError')
    if (current instanceof CorsBlockedError && !facts.cors)
      facts.cors = { origin: current.origin, url: current.url }
    if (typeof record.code === 'string') facts.codes.add(record.code)
    const message = typeof record.message === 'string' ? record.message : undefined
    if (message) {
      facts.messages.push(message)
      if (NETWORK_MESSAGES.some((re) => re.test(message.trim()))) facts.bareNetworkError = true
    }
    const data = record.data
    if (data && typeof data === 'object') {
      const d = data as Record<string, unknown>
      if (typeof d.status === 'number') {
        facts.statuses.add(d.status)
        if (!facts.statusText) facts.statusText = ` (HTTP ${d.status})`
      }
      // The SDK serializes a wrapped cause into data.cause ({ code, name, data }).
      const inner = d.cause
      if (inner && typeof inner === 'object') {
        const c = inner as Record<string, unknown>
        if (typeof c.code === 'string') facts.codes.add(c.code)
        if (typeof c.name === 'string') facts.names.add(c.name)
      }
    }
    current = record.cause
  }
  return facts
}

const TIMEOUT_CODES = [
  'REQUEST_TIMEOUT',
  'ETIMEDOUT',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
]

function isTimeout(facts: Facts): boolean {
  return facts.names.has('TimeoutError') || TIMEOUT_CODES.some((c) => facts.codes.has(c))
}

// Answers that are HTTP but not MCP: HTML or other content, JSON that is not JSON-RPC (the
// SDK's schema check), or an endpoint that does not take the POST (404, 405, 406).
function isNotMcp(facts: Facts): boolean {
  if (facts.codes.has('CLIENT_HTTP_UNEXPECTED_CONTENT') || facts.codes.has('INVALID_RESULT'))
    return true
  if (facts.names.has('ZodError') || facts.names.has('SyntaxError')) return true
  return [404, 405, 406, 415].some((s) => facts.statuses.has(s))
}

function hostOf(url: string | undefined): string | undefined {
  if (!url) return undefined
  try {
    return new URL(url).host || undefined
  } catch {
    return undefined
  }
}

function isIpLiteral(host: string): boolean {
  const name = host.replace(/:\d+$/, '')
  return /^\d{1,3}(\.\d{1,3}){3}$/.test(name) || name.startsWith('[') || name === 'localhost'
}
