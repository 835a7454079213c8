// Reading annotations that came from a server: any shape may arrive, none may throw.

/** The priority used when an item has none (or a broken one): the middle of 0…1. */
export const DEFAULT_PRIORITY = 0.5

function annotationsOf(item: unknown): Record<string, unknown> | undefined {
  if (typeof item !== 'object' || item === null) return undefined
  const annotations = (item as { annotations?: unknown }).annotations
  return typeof annotations === 'object' && annotations !== null
    ? (annotations as Record<string, unknown>)
    : undefined
}

/** An item's priority in 0…1: missing or non-numeric counts as 0.5, out-of-range is clamped. */
export function priorityOf(item: unknown): number {
  const p = annotationsOf(item)?.priority
  if (typeof p !== 'number' || Number.isNaN(p)) return DEFAULT_PRIORITY
  return Math.min(1, Math.max(0, p))
}

/** True when the audience lists the assistant and nobody else (e.g. `['assistant']`). */
export function isAssistantOnly(item: unknown): boolean {
  const audience = annotationsOf(item)?.audience
  return Array.isArray(audience) && audience.length > 0 && audience.every((a) => a === 'assistant')
}
