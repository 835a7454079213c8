// Guards for untrusted list items: skip what lacks a string uri/name rather than crash.
import type { Resource, ResourceTemplate } from '@resource-kit/client'

function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null
    ? (value as Record<string, unknown>)
    : undefined
}

/** A resource with a usable `uri` and `name` (NUL in a URI would break node ids). */
export function isUsableResource(value: unknown): value is Resource {
  const r = record(value)
  return (
    r !== undefined &&
    typeof r.uri === 'string' &&
    r.uri !== '' &&
    !r.uri.includes('\u0000') &&
    typeof r.name === 'string'
  )
}

/** A template with a usable `uriTemplate` and `name`. */
export function isUsableTemplate(value: unknown): value is ResourceTemplate {
  const t = record(value)
  return (
    t !== undefined &&
    typeof t.uriTemplate === 'string' &&
    t.uriTemplate !== '' &&
    !t.uriTemplate.includes('\u0000') &&
    typeof t.name === 'string'
  )
}

/** Whether a resource is an `inode/directory` (a folder read lazily). */
export function isDirectoryResource(resource: Resource): boolean {
  const mime: unknown = resource.mimeType
  return typeof mime === 'string' && /^inode\/directory\s*(;|$)/i.test(mime)
}

/** What an item is called: its title when it has one, else its name. */
export function itemLabel(item: { title?: unknown; name: string }): string {
  return typeof item.title === 'string' && item.title !== '' ? item.title : item.name
}

/** The array in a field that should be one, or nothing. */
export function arrayOr<T>(value: unknown): readonly T[] {
  return Array.isArray(value) ? (value as T[]) : []
}
