// Untrusted list results → typed pages. A malformed item is dropped (the rest of the page
// is kept); a page without its array is an error. Only known fields of the right type
// are kept, and icons only from `https:` or `data:image/` sources.
import { readCacheHints } from './cacheHints.ts'
import { InvalidContentError } from './errors.ts'
import { isPlainObject } from './sdkWireTap.ts'
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

export function toResource(raw: Record<string, unknown>): Resource | undefined {
  if (typeof raw.uri !== 'string' || typeof raw.name !== 'string') return undefined
  return {
    uri: raw.uri,
    name: raw.name,
    ...describe(raw),
    ...(typeof raw.size === 'number' && raw.size >= 0 && { size: raw.size }),
  }
}

export function toTemplate(raw: Record<string, unknown>): ResourceTemplate | undefined {
  if (typeof raw.uriTemplate !== 'string' || typeof raw.name !== 'string') return undefined
  return { uriTemplate: raw.uriTemplate, name: raw.name, ...describe(raw) }
}

function describe(raw: Record<string, unknown>) {
  const icons = toIcons(raw.icons)
  const annotations = toAnnotations(raw.annotations)
  return {
    ...(typeof raw.title === 'string' && { title: raw.title }),
    ...(typeof raw.description === 'string' && { description: raw.description }),
    ...(typeof raw.mimeType === 'string' && { mimeType: raw.mimeType }),
    ...(icons && { icons }),
    ...(annotations && { annotations }),
    ...(isPlainObject(raw._meta) && { _meta: raw._meta }),
  }
}

/** Icons with a safe source; the rest are dropped. */
export function toIcons(value: unknown): Icon[] | undefined {
  if (!Array.isArray(value)) return undefined
  const icons = value.filter(isPlainObject).flatMap((icon): Icon[] => {
    const src = icon.src
    if (typeof src !== 'string' || !isSafeIconSource(src)) return []
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

export function isSafeIconSource(src: string): boolean {
  return /^https:\/\//i.test(src) || /^data:image\//i.test(src)
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
