// The cursor a model passes back to `list_resources`: the server's own cursor, plus how
// many items of that page were already shown (a server page may hold more than one tool
// page). Opaque base64url JSON, so the model copies it rather than edits it.

export interface PagePosition {
  /** The server cursor of the page (undefined: the first page). */
  cursor?: string
  /** Items of that page already shown. */
  skip: number
}

export function encodePageCursor(position: PagePosition): string {
  const bytes = new TextEncoder().encode(JSON.stringify([position.cursor ?? null, position.skip]))
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

/** The position in a cursor, or undefined when it is not one of ours. */
export function decodePageCursor(text: string): PagePosition | undefined {
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'))
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0))
    const value: unknown = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes))
    if (!Array.isArray(value) || value.length !== 2) return undefined
    const [cursor, skip] = value
    if (cursor !== null && typeof cursor !== 'string') return undefined
    if (typeof skip !== 'number' || !Number.isInteger(skip) || skip < 0) return undefined
    return { ...(cursor !== null && { cursor }), skip }
  } catch {
    return undefined
  }
}

/**
 * The part of one server page a tool call shows (`pageSize` items from `position.skip`),
 * and the cursor of what follows: the rest of this server page, else the server's next
 * page. No cursor: the list ended.
 */
export function toolPage<T>(
  page: { items: readonly T[]; nextCursor?: string },
  position: PagePosition,
  pageSize: number,
): { shown: T[]; nextCursor?: string } {
  const shown = page.items.slice(position.skip, position.skip + pageSize)
  const skip = position.skip + shown.length
  const nextCursor =
    skip < page.items.length
      ? encodePageCursor({
          ...(position.cursor !== undefined && { cursor: position.cursor }),
          skip,
        })
      : page.nextCursor !== undefined
        ? encodePageCursor({ cursor: page.nextCursor, skip: 0 })
        : undefined
  return { shown, ...(nextCursor !== undefined && { nextCursor }) }
}
