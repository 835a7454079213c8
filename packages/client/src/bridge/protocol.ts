// The bridge's wire: JSON text messages, the same on every channel. The page asks with
// `request` (a fixed set of resource methods, never raw JSON-RPC), `cancel`, `watch`,
// `unwatch` and `answer`; the backend replies with `result` / `error`, and pushes `servers`,
// `watchState`, `watchEvent`, `input` / `inputCancel` and `openAuthorization`. Both ends
// parse what they receive with the readers below and treat it as untrusted.
import { isPlainObject } from '../isPlainObject.ts'

export const BRIDGE_PROTOCOL = 1

/** The methods a page may call; anything else is refused by name. */
export const BRIDGE_METHODS = [
  'list',
  'read',
  'complete',
  'reconnect',
  'signIn',
  'signOut',
  'completeSignIn',
] as const
export type BridgeMethod = (typeof BRIDGE_METHODS)[number]

/** Bounds on what one connection may send and hold (the backend's side of the trust). */
export interface BridgeLimits {
  /** Largest message accepted, in UTF-16 code units of its text. @default 1_000_000 */
  maxMessageBytes?: number
  /** Requests of one connection in flight at once. @default 64 */
  maxInFlight?: number
  /** Watches one connection may hold open. @default 64 */
  maxWatches?: number
  /** Longest server id, URI, cursor or template accepted. @default 8192 */
  maxStringLength?: number
}

export const DEFAULT_BRIDGE_LIMITS: Required<BridgeLimits> = {
  maxMessageBytes: 1_000_000,
  maxInFlight: 64,
  maxWatches: 64,
  maxStringLength: 8192,
}

/** An error as it crosses the channel (the page rebuilds a resource-kit error from it). */
export interface WireError {
  name: string
  message: string
  code?: number
  uri?: string
  data?: unknown
}

export type PageMessage =
  | { type: 'request'; id: number; method: BridgeMethod; params: Record<string, unknown> }
  | { type: 'cancel'; id: number }
  | {
      type: 'watch'
      watch: number
      server: string
      target: { uris?: string[]; listChanged?: boolean }
    }
  | { type: 'unwatch'; watch: number }
  | { type: 'answer'; input: number; answer: unknown }

export type BackendMessage =
  | { type: 'hello'; protocol: number; servers: unknown[] }
  | { type: 'servers'; servers: unknown[] }
  | { type: 'result'; id: number; result: Record<string, unknown> }
  | { type: 'error'; id?: number; error: WireError }
  | { type: 'watchState'; watch: number; snapshot: Record<string, unknown> }
  | { type: 'watchEvent'; watch: number; event: Record<string, unknown> }
  | { type: 'input'; input: number; server: string; uri?: string; request: unknown }
  | { type: 'inputCancel'; input: number }
  | { type: 'openAuthorization'; input: number; server: string; url: string }

/** A message's text as an object, or why not. Size is checked before parsing. */
export function parseMessage(
  data: unknown,
  maxMessageBytes: number,
): { ok: true; message: Record<string, unknown> } | { ok: false; reason: string } {
  if (typeof data !== 'string') return { ok: false, reason: 'a bridge message must be JSON text' }
  if (data.length > maxMessageBytes) {
    return {
      ok: false,
      reason: `message too large (${data.length} characters; the limit is ${maxMessageBytes})`,
    }
  }
  let parsed: unknown
  try {
    parsed = JSON.parse(data)
  } catch {
    return { ok: false, reason: 'a bridge message must be JSON text' }
  }
  if (!isPlainObject(parsed) || typeof parsed.type !== 'string') {
    return { ok: false, reason: 'a bridge message must be an object with a "type"' }
  }
  return { ok: true, message: parsed }
}

/** A non-negative safe integer id, or undefined. */
export function readId(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : undefined
}

/** A string no longer than `max`, or undefined. */
export function readString(value: unknown, max: number): string | undefined {
  return typeof value === 'string' && value.length <= max ? value : undefined
}

/** Text shown to a person, cut to a readable length. */
export function readText(value: unknown, max = 2000): string | undefined {
  if (typeof value !== 'string') return undefined
  return value.length > max ? `${value.slice(0, max)}…` : value
}

export function encodeError(error: unknown): WireError {
  const e = error instanceof Error ? error : new Error(String(error))
  const fields = e as Error & { code?: unknown; uri?: unknown; data?: unknown }
  return {
    name: e.name,
    message: e.message,
    ...(typeof fields.code === 'number' && { code: fields.code }),
    ...(typeof fields.uri === 'string' && { uri: fields.uri }),
    ...(fields.data !== undefined && isJsonSafe(fields.data) && { data: fields.data }),
  }
}

/** Small JSON values only: error data is the server's and goes through as it is, if it is small. */
function isJsonSafe(value: unknown): boolean {
  try {
    const text = JSON.stringify(value)
    return text !== undefined && text.length <= 4096
  } catch {
    return false
  }
}
