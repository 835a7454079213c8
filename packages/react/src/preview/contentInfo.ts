// Pure facts about read contents, for the preview and for "attach?" decisions: what
// kind of thing it is, how big, and roughly how many tokens it would cost. Image types
// come from the client's one sniffer (`sniffImageType`, magic bytes).
import { type ResourceContents, sniffImageType } from '@resource-kit/client'

/** How the preview shows one content item. */
export type ContentKind = 'text' | 'markdown' | 'json' | 'image' | 'pdf' | 'binary'

/** Bytes a base64 string decodes to (without decoding it). */
export function base64ByteLength(base64: string): number {
  const len = base64.replace(/\s/g, '').length
  if (len === 0) return 0
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0
  return Math.floor((len * 3) / 4) - padding
}

/** Byte size of one content item: UTF-8 for text, decoded size for blobs. */
export function contentByteSize(content: ResourceContents): number {
  if ('text' in content) return new TextEncoder().encode(content.text).length
  return base64ByteLength(content.blob)
}

/**
 * A rough token estimate of the text items: about 4 characters per token (the common rule
 * of thumb for English and code). Blobs (images, PDFs) are not counted: what they cost
 * depends on the model, and their base64 length says nothing about it.
 */
export function estimateTokens(contents: readonly ResourceContents[]): number {
  let tokens = 0
  for (const c of contents) if ('text' in c) tokens += Math.ceil(c.text.length / 4)
  return tokens
}

/** Decodes standard base64 into bytes; throws on invalid input. */
export function decodeBase64(base64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64.replace(/\s/g, ''))
  const bytes = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return bytes
}

/** `%PDF-` at the start: the type comes from the bytes, as for images. */
export function isPdf(bytes: Uint8Array): boolean {
  return [0x25, 0x50, 0x44, 0x46, 0x2d].every((b, i) => bytes[i] === b)
}

function isJsonType(mime: string): boolean {
  return mime === 'application/json' || mime.endsWith('+json')
}

/** Chooses how to show a content item from its mime type, its URI and (for blobs) its bytes. */
export function classifyContent(content: ResourceContents): ContentKind {
  const mime = (content.mimeType ?? '').toLowerCase().split(';')[0]?.trim() ?? ''
  const path = content.uri.toLowerCase().split(/[?#]/)[0] ?? ''
  if ('text' in content) {
    if (mime === 'text/markdown' || (!mime && /\.(md|markdown)$/.test(path))) return 'markdown'
    if (isJsonType(mime) || (!mime && path.endsWith('.json'))) return 'json'
    return 'text'
  }
  try {
    // 16 bytes are enough for every signature; decode only the head.
    const head = decodeBase64(content.blob.slice(0, 24))
    if (sniffImageType(head)) return 'image'
    if (isPdf(head)) return 'pdf'
  } catch {
    // Invalid base64: not an image; the size line still shows.
  }
  return 'binary'
}

/** Pretty-prints JSON text; returns it unchanged when it does not parse. */
export function prettyJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2)
  } catch {
    return text
  }
}
