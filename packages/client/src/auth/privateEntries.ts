// Which cache entries sign-out drops: those not marked `public` by the server. Reads and
// pages carry `cacheScope`; React's infinite lists hold pages; anything else is private.

export function isPrivateEntry(data: unknown): boolean {
  if (typeof data !== 'object' || data === null) return true
  const pages = (data as { pages?: unknown }).pages
  if (Array.isArray(pages)) return pages.length === 0 || pages.some(isPrivateEntry)
  return (data as { cacheScope?: unknown }).cacheScope !== 'public'
}
