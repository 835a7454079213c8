// Lenient reading of the fields the SDK is strict about: `resultType`, `ttlMs`,
// `cacheScope`. The spec says an absent `resultType` is complete, an absent or negative
// `ttlMs` is 0, an absent `cacheScope` is private; we cap the TTL at 24 h.
import { InvalidContentError } from './errors.ts'
import type { CacheHints, CacheScope } from './types.ts'

/** The longest a result stays fresh, whatever the server says (24 h, as the SDK). */
export const MAX_TTL_MS = 86_400_000

/**
 * Cache hints of a raw result. `defaultTtlMs` applies only when `ttlMs` is absent (2025
 * servers send none); a present but invalid value (negative, not a number) reads as 0.
 */
export function readCacheHints(raw: Record<string, unknown>, defaultTtlMs = 0): CacheHints {
  return { ttlMs: readTtl(raw.ttlMs, defaultTtlMs), cacheScope: readScope(raw.cacheScope) }
}

function readTtl(value: unknown, fallback: number): number {
  if (value === undefined) return clamp(fallback)
  if (typeof value !== 'number' || Number.isNaN(value)) return 0
  return clamp(value)
}

function clamp(ttl: number): number {
  if (!(ttl > 0)) return 0
  return Math.min(Math.floor(ttl), MAX_TTL_MS)
}

function readScope(value: unknown): CacheScope {
  return value === 'public' ? 'public' : 'private'
}

/** `complete` (also when absent) or `input_required`; any other value is invalid. */
export function readResultType(
  raw: Record<string, unknown>,
  method: string,
  serverId?: string,
): 'complete' | 'input_required' {
  const type = raw.resultType
  if (type === undefined || type === 'complete') return 'complete'
  if (type === 'input_required') return 'input_required'
  throw new InvalidContentError(method, `unknown resultType ${JSON.stringify(type)}`, serverId)
}

/**
 * Checks a result that may only be complete (lists, template lists, completion): an absent
 * `resultType` is complete; `input_required` is legal only for `resources/read`; anything
 * else is invalid. Throws InvalidContentError, so the result is never cached.
 */
export function assertCompleteResult(
  raw: Record<string, unknown>,
  method: string,
  serverId?: string,
): void {
  if (readResultType(raw, method, serverId) === 'complete') return
  throw new InvalidContentError(
    method,
    `resultType "input_required" is not allowed here (only resources/read may ask for input)`,
    serverId,
  )
}
