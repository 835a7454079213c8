// The one shape check for untrusted JSON: an object that is not null and not an array.

/** True for a JSON-like object (not null, not an array). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
