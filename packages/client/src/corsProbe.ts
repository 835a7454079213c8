// A browser's fetch rejects with a bare TypeError ("Failed to fetch") when the server is
// down, its name does not resolve, or CORS hid its answer: the error alone cannot tell which.
// When the page's origin differs from the server's, a `no-cors` request to the same URL
// can: it comes back (opaque) when the server is there, so CORS refused the real request.
// The url source asks once per failed connect; without a page origin (Node, no CORS) or on
// the page's own origin nothing is asked.
import { describeConnectionFailure } from './connectionFailure.ts'
import { CorsBlockedError } from './errors.ts'

type Fetch = (input: URL, init: RequestInit) => Promise<unknown>

export interface CorsProbeOptions {
  /** The fetch the connection used. @default globalThis.fetch */
  fetch?: Fetch
  /** The page's origin. @default globalThis.location.origin, when there is one */
  origin?: string
  serverId?: string
  /** Ends the probe (the connect was cancelled). */
  signal?: AbortSignal
}

/** A CorsBlockedError when `error` is a bare network failure that CORS caused; else undefined. */
export async function corsRefusal(
  error: unknown,
  url: URL,
  options: CorsProbeOptions = {},
): Promise<CorsBlockedError | undefined> {
  const origin = options.origin ?? pageOrigin()
  if (!origin || origin === url.origin) return undefined
  // In a browser a bare network failure reads as "refused" (an IP) or "unreachable" (a name).
  const cause = describeConnectionFailure(error).cause
  if (cause !== 'refused' && cause !== 'unreachable') return undefined
  const fetch = options.fetch ?? (globalThis.fetch as Fetch | undefined)
  if (typeof fetch !== 'function' || options.signal?.aborted) return undefined
  const probe = new AbortController()
  const stop = () => probe.abort()
  options.signal?.addEventListener('abort', stop, { once: true })
  try {
    // HEAD: no body to drop. Any answer, even a 405, says the server is there.
    await fetch(url, {
      method: 'HEAD',
      mode: 'no-cors',
      credentials: 'omit',
      cache: 'no-store',
      signal: probe.signal,
    })
    return new CorsBlockedError(url, origin, { serverId: options.serverId, cause: error })
  } catch {
    return undefined // nothing answered: the failure is what it said
  } finally {
    options.signal?.removeEventListener('abort', stop)
    probe.abort()
  }
}

function pageOrigin(): string | undefined {
  const origin = (globalThis as { location?: { origin?: unknown } }).location?.origin
  return typeof origin === 'string' && origin !== 'null' ? origin : undefined
}
