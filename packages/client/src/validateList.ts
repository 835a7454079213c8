// Untrusted list results → typed pages. A malformed item is dropped (the rest of the page
// is kept); a page without its array is an error. Only known fields of the right type
// are kept, and icons only when they pass the one icon policy (iconSafety.ts). Values that
// repeat across items (audiences, icon sets, MIME types) are shared and frozen (listValues.ts).
import { assertCompleteResult, readCacheHints } from './cacheHints.ts'
import { InvalidContentError } from './errors.ts'
import { checkIconSrc } from './iconSafety.ts'
import { isPlainObject } from './isPlainObject.ts'
import { ListValues, toAudience } from './listValues.ts'
import type { Annotations, Icon, Page, Resource, ResourceTemplate } from './types.ts'

export function toResourcePage(
  raw: Record<string, unknown>,
  defaultTtlMs: number,
  serverId?: string,
  values: ListValues = new ListValues(),
): Page<Resource> {
  return toPage(raw, 'resources', 'resources/list', toResource, defaultTtlMs, serverId, values)
}

export function toTemplatePage(
  raw: Record<string, unknown>,
  defaultTtlMs: number,
  serverId?: string,
  values: ListValues = new ListValues(),
): Page<ResourceTemplate> {
  return toPage(
    raw,
    'resourceTemplates',
    'resources/templates/list',
    toTemplate,
    defaultTtlMs,
    serverId,
    values,
  )
}

function toPage<T>(
  raw: Record<string, unknown>,
  field: string,
  method: string,
  convert: (item: Record<string, unknown>, values: ListValues) => T | undefined,
  defaultTtlMs: number,
  serverId: string | undefined,
  values: ListValues,
): Page<T> {
  assertCompleteResult(raw, method, serverId)
  const list = raw[field]
  if (!Array.isArray(list))
    throw new InvalidContentError(method, `"${field}" is not an array`, serverId)
  const next = raw.nextCursor
  if (next !== undefined && typeof next !== 'string') {
    throw new InvalidContentError(method, 'nextCursor is not a string', serverId)
  }
  const items: T[] = []
  for (const entry of list) {
    const item = isPlainObject(entry) ? convert(entry, values) : undefined
    if (item !== undefined) items.push(item)
  }
  return {
    items,
    ...(next !== undefined && { nextCursor: next }),
    ...readCacheHints(raw, defaultTtlMs),
  }
}

// Built by assignment rather than by spreading partial objects: this runs for every item
// of every page (10,000 items in a walk), and spreads were most of the walk's own time.
export function toResource(
  raw: Record<string, unknown>,
  values: ListValues = new ListValues(),
): Resource | undefined {
  const { uri, name } = raw
  if (typeof uri !== 'string' || typeof name !== 'string') return undefined
  const resource: Resource = { uri, name }
  describe(resource, raw, values)
  const size = raw.size
  if (typeof size === 'number' && size >= 0) resource.size = size
  return resource
}

export function toTemplate(
  raw: Record<string, unknown>,
  values: ListValues = new ListValues(),
): ResourceTemplate | undefined {
  const { uriTemplate, name } = raw
  if (typeof uriTemplate !== 'string' || typeof name !== 'string') return undefined
  const template: ResourceTemplate = { uriTemplate, name }
  describe(template, raw, values)
  return template
}

/** Copies the optional descriptive fields that have the right type. */
function describe(
  target: Resource | ResourceTemplate,
  raw: Record<string, unknown>,
  values: ListValues,
): void {
  const { title, description, mimeType, icons, annotations, _meta } = raw
  if (typeof title === 'string') target.title = title
  if (typeof description === 'string') target.description = description
  if (typeof mimeType === 'string') target.mimeType = values.string(mimeType)
  if (icons !== undefined) {
    const safe = toIcons(icons)
    if (safe) target.icons = values.icons(safe)
  }
  if (annotations !== undefined) {
    const known = toAnnotations(annotations)
    if (known) target.annotations = known
  }
  if (_meta !== undefined && isPlainObject(_meta)) target._meta = _meta
}

/** Icons with a safe source; the rest are dropped. */
export function toIcons(value: unknown): Icon[] | undefined {
  if (!Array.isArray(value)) return undefined
  const icons: Icon[] = []
  for (const entry of value) {
    if (!isPlainObject(entry)) continue
    const src = checkIconSrc(entry.src)
    if (src === undefined) continue
    const icon: Icon = { src }
    if (typeof entry.mimeType === 'string') icon.mimeType = entry.mimeType
    if (Array.isArray(entry.sizes)) {
      const sizes: string[] = []
      for (const size of entry.sizes) if (typeof size === 'string') sizes.push(size)
      if (sizes.length > 0) icon.sizes = sizes
    }
    if (entry.theme === 'light' || entry.theme === 'dark') icon.theme = entry.theme
    icons.push(icon)
  }
  return icons.length > 0 ? icons : undefined
}

function toAnnotations(value: unknown): Annotations | undefined {
  if (!isPlainObject(value)) return undefined
  const annotations: Annotations = {}
  let known = false
  const audience = toAudience(value.audience)
  if (audience) {
    annotations.audience = audience
    known = true
  }
  const { priority, lastModified } = value
  if (typeof priority === 'number' && priority >= 0 && priority <= 1) {
    annotations.priority = priority
    known = true
  }
  if (typeof lastModified === 'string') {
    annotations.lastModified = lastModified
    known = true
  }
  return known ? annotations : undefined
}
