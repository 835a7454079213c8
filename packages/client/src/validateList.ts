// Untrusted list results → typed pages. A malformed item is dropped (the rest of the page
// is kept); a page without its array is an error. Only known fields of the right type
// are kept, and icons only when they pass the one icon policy (iconSafety.ts).
import { assertCompleteResult, readCacheHints } from './cacheHints.ts'
import { InvalidContentError } from './errors.ts'
import { checkIconSrc } from './iconSafety.ts'
import { isPlainObject } from './isPlainObject.ts'
import type { Annotations, Icon, Page, Resource, ResourceTemplate } from './types.ts'

export function toResourcePage(
  raw: Record<string, unknown>,
  defaultTtlMs: number,
  serverId?: string,
): Page<Resource> {
  return toPage(raw, 'resources', 'resources/list', toResource, defaultTtlMs, serverId)
}

export function toTemplatePage(
  raw: Record<string, unknown>,
  defaultTtlMs: number,
  serverId?: string,
): Page<ResourceTemplate> {
  return toPage(
    raw,
    'resourceTemplates',
    'resources/templates/list',
    toTemplate,
    defaultTtlMs,
    serverId,
  )
}

function toPage<T>(
  raw: Record<string, unknown>,
  field: string,
  method: string,
  convert: (item: Record<string, unknown>) => T | undefined,
  defaultTtlMs: number,
  serverId?: string,
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
    const item = isPlainObject(entry) ? convert(entry) : undefined
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
export function toResource(raw: Record<string, unknown>): Resource | undefined {
  const { uri, name } = raw
  if (typeof uri !== 'string' || typeof name !== 'string') return undefined
  const resource: Resource = { uri, name }
  describe(resource, raw)
  const size = raw.size
  if (typeof size === 'number' && size >= 0) resource.size = size
  return resource
}

export function toTemplate(raw: Record<string, unknown>): ResourceTemplate | undefined {
  const { uriTemplate, name } = raw
  if (typeof uriTemplate !== 'string' || typeof name !== 'string') return undefined
  const template: ResourceTemplate = { uriTemplate, name }
  describe(template, raw)
  return template
}

/** Copies the optional descriptive fields that have the right type. */
function describe(target: Resource | ResourceTemplate, raw: Record<string, unknown>): void {
  const { title, description, mimeType, icons, annotations, _meta } = raw
  if (typeof title === 'string') target.title = title
  if (typeof description === 'string') target.description = description
  if (typeof mimeType === 'string') target.mimeType = mimeType
  if (icons !== undefined) {
    const safe = toIcons(icons)
    if (safe) target.icons = safe
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
  const icons = value.filter(isPlainObject).flatMap((icon): Icon[] => {
    const src = checkIconSrc(icon.src)
    if (src === undefined) return []
    const sizes = Array.isArray(icon.sizes) ? icon.sizes.filter((s) => typeof s === 'string') : []
    return [
      {
        src,
        ...(typeof icon.mimeType === 'string' && { mimeType: icon.mimeType }),
        ...(sizes.length > 0 && { sizes }),
        ...((icon.theme === 'light' || icon.theme === 'dark') && { theme: icon.theme }),
      },
    ]
  })
  return icons.length > 0 ? icons : undefined
}

function toAnnotations(value: unknown): Annotations | undefined {
  if (!isPlainObject(value)) return undefined
  const audience = Array.isArray(value.audience)
    ? value.audience.filter((a): a is 'user' | 'assistant' => a === 'user' || a === 'assistant')
    : undefined
  const priority = value.priority
  const annotations: Annotations = {
    ...(audience && audience.length > 0 && { audience }),
    ...(typeof priority === 'number' && priority >= 0 && priority <= 1 && { priority }),
    ...(typeof value.lastModified === 'string' && { lastModified: value.lastModified }),
  }
  return Object.keys(annotations).length > 0 ? annotations : undefined
}
