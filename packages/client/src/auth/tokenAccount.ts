// Who is signed in, as far as the client can tell: the claims of an OpenID `id_token`, or
// of a JWT access token. Read for display and for the cache partition only — never
// trusted for access (the server checks every token itself).

/** The signed-in account of a server. */
export interface SignedInAccount {
  /** The token's `sub`. */
  subject?: string
  /** A name to show: `name`, `preferred_username` or `email`. */
  name?: string
}

export function accountFromTokens(tokens: {
  access_token?: string
  id_token?: string
}): SignedInAccount | undefined {
  for (const token of [tokens.id_token, tokens.access_token]) {
    const claims = token === undefined ? undefined : jwtClaims(token)
    if (!claims) continue
    const subject = typeof claims.sub === 'string' ? claims.sub.slice(0, 256) : undefined
    const name = [claims.name, claims.preferred_username, claims.email].find(
      (value): value is string => typeof value === 'string' && value.length > 0,
    )
    if (subject || name) {
      return { ...(subject && { subject }), ...(name && { name: name.slice(0, 256) }) }
    }
  }
  return undefined
}

function jwtClaims(token: string): Record<string, unknown> | undefined {
  const parts = token.split('.')
  if (parts.length !== 3 || !parts[1] || parts[1].length > 16_384) return undefined
  try {
    const base64 = parts[1].replace(/-/g, '+').replace(/_/g, '/')
    const json = new TextDecoder().decode(Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)))
    const claims: unknown = JSON.parse(json)
    return typeof claims === 'object' && claims !== null && !Array.isArray(claims)
      ? (claims as Record<string, unknown>)
      : undefined
  } catch {
    return undefined
  }
}
