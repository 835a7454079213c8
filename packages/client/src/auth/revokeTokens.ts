// RFC 7009 token revocation, used by sign-out. The SDK has no client for it; the request is
// one form POST per token. Best effort: a server without a revocation endpoint, or one that
// fails, still gets signed out locally.
import type { FetchLike } from '@modelcontextprotocol/client'

export interface RevokeOptions {
  endpoint: string
  clientId: string
  clientSecret?: string
  tokens: { token: string; hint: 'refresh_token' | 'access_token' }[]
  fetch?: FetchLike
  signal?: AbortSignal
}

/** Revokes each token; resolves to whether every revocation was accepted. */
export async function revokeTokens(options: RevokeOptions): Promise<boolean> {
  const fetchFn = options.fetch ?? fetch
  let accepted = true
  // The refresh token first: revoking it also ends the access tokens of the grant on many servers.
  for (const { token, hint } of options.tokens) {
    const body = new URLSearchParams({ token, token_type_hint: hint, client_id: options.clientId })
    if (options.clientSecret) body.set('client_secret', options.clientSecret)
    try {
      const response = await fetchFn(options.endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body,
        ...(options.signal && { signal: options.signal }),
      })
      await response.body?.cancel().catch(() => {})
      if (!response.ok) accepted = false
    } catch {
      if (options.signal?.aborted) throw options.signal.reason
      accepted = false
    }
  }
  return accepted
}
