// Untrusted `resources/read` results → typed contents: every item kept (a directory read
// has several), base64 checked, and an optional byte limit enforced with a clear error.
import { readCacheHints } from './cacheHints.ts'
import { InvalidContentError, ResourceTooLargeError } from './errors.ts'
import { isPlainObject } from './isPlainObject.ts'
import type { ReadResult, ResourceContents } from './types.ts'

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/

export interface ReadValidation {
  uri: string
  serverId?: string
  defaultTtlMs: number
  /** Reject contents larger than this many decoded bytes, in total. */
  maxBytes?: number
}

export function toReadResult(raw: Record<string, unknown>, options: ReadValidation): ReadResult {
  const { uri, serverId } = options
  const list = raw.contents
  if (!Array.isArray(list)) {
    throw new InvalidContentError(
      'resources/read',
      `"contents" of ${uri} is not an array`,
      serverId,
    )
  }
  let total = 0
  const contents = list.map((entry, index): ResourceContents => {
    const item = toContents(entry, uri, index, serverId)
    total += byteLength(item)
    if (options.maxBytes !== undefined && total > options.maxBytes) {
      throw new ResourceTooLargeError(uri, total, options.maxBytes, serverId)
    }
    return item
  })
  return { contents, ...readCacheHints(raw, options.defaultTtlMs) }
}

function toContents(
  entry: unknown,
  uri: string,
  index: number,
  serverId?: string,
): ResourceContents {
  const where = `contents[${index}] of ${uri}`
  if (!isPlainObject(entry) || typeof entry.uri !== 'string') {
    throw new InvalidContentError('resources/read', `${where} has no uri`, serverId)
  }
  const common = {
    uri: entry.uri,
    ...(typeof entry.mimeType === 'string' && { mimeType: entry.mimeType }),
    ...(isPlainObject(entry._meta) && { _meta: entry._meta }),
  }
  if (typeof entry.text === 'string') return { ...common, text: entry.text }
  if (typeof entry.blob === 'string') {
    if (!isBase64(entry.blob)) {
      throw new InvalidContentError('resources/read', `${where} is not valid base64`, serverId)
    }
    return { ...common, blob: entry.blob }
  }
  throw new InvalidContentError('resources/read', `${where} has neither text nor blob`, serverId)
}

/** Throws ResourceTooLargeError when all contents together exceed `maxBytes`. */
export function assertWithinLimit(
  result: ReadResult,
  maxBytes: number,
  uri: string,
  serverId?: string,
): void {
  const total = result.contents.reduce((sum, item) => sum + byteLength(item), 0)
  if (total > maxBytes) throw new ResourceTooLargeError(uri, total, maxBytes, serverId)
}

/** Standard base64 (RFC 4648 §4, padded), as the spec requires for blobs. */
export function isBase64(value: string): boolean {
  return value.length % 4 === 0 && BASE64.test(value)
}

/** Decoded size in bytes: UTF-8 for text, the decoded length for a blob. */
export function byteLength(contents: ResourceContents): number {
  if ('text' in contents) return utf8Length(contents.text)
  const padding = contents.blob.endsWith('==') ? 2 : contents.blob.endsWith('=') ? 1 : 0
  return (contents.blob.length / 4) * 3 - padding
}

function utf8Length(text: string): number {
  let bytes = 0
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (code < 0x80) bytes += 1
    else if (code < 0x800) bytes += 2
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      bytes += 4
      i++
    } else bytes += 3
  }
  return bytes
}
