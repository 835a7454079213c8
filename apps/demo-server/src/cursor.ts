import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server'

// A cursor names the last URI of the previous page (keyset paging): it stays valid while
// the live file comes and goes, and a page costs a binary search plus the page itself.
// base64url keeps it opaque and header-safe; the version tag lets the format change.

interface CursorBody {
  v: 1
  after: string
}

export function encodeCursor(after: string): string {
  const body: CursorBody = { v: 1, after }
  const bytes = new TextEncoder().encode(JSON.stringify(body))
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')
}

/** The URI a cursor points after; throws `-32602 Invalid cursor` for anything else. */
export function decodeCursor(cursor: string): string {
  try {
    const base64 = cursor.replace(/-/g, '+').replace(/_/g, '/')
    const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='))
    const text = new TextDecoder('utf-8', { fatal: true }).decode(
      Uint8Array.from(binary, (char) => char.charCodeAt(0)),
    )
    const body: unknown = JSON.parse(text)
    if (isCursorBody(body)) return body.after
  } catch {
    // fall through to the protocol error
  }
  throw new ProtocolError(ProtocolErrorCode.InvalidParams, 'Invalid cursor')
}

function isCursorBody(value: unknown): value is CursorBody {
  if (typeof value !== 'object' || value === null) return false
  const body = value as Record<string, unknown>
  return body.v === 1 && typeof body.after === 'string'
}
