// A blob is described to the model, never handed over as base64: its type, its size and,
// for images, its dimensions (read from the header by image-size, which knows every
// common format). Only the first bytes are decoded, however large the blob.
import { imageSize } from 'image-size'
import { quoted } from './serverText.ts'

export interface BlobSummary {
  mimeType?: string
  /** Decoded size in bytes. */
  bytes: number
  /** Pixel dimensions, when the blob is an image whose header could be read. */
  image?: { width: number; height: number; type?: string }
}

/** Base64 characters decoded to find the image header (48 KiB of bytes; a multiple of 4). */
const HEADER_CHARS = 65_536

/** Decoded byte length of validated standard base64. */
export function base64ByteLength(blob: string): number {
  const padding = blob.endsWith('==') ? 2 : blob.endsWith('=') ? 1 : 0
  return Math.max(0, Math.floor((blob.length * 3) / 4) - padding)
}

export function summarizeBlob(blob: string, mimeType?: string): BlobSummary {
  const summary: BlobSummary = { bytes: base64ByteLength(blob) }
  if (mimeType) summary.mimeType = mimeType
  const image = imageDimensions(blob)
  if (image) summary.image = image
  return summary
}

function imageDimensions(blob: string): BlobSummary['image'] | undefined {
  try {
    const head = decodeBase64(blob.slice(0, HEADER_CHARS))
    const size = imageSize(head)
    if (!size.width || !size.height) return undefined
    return { width: size.width, height: size.height, ...(size.type && { type: size.type }) }
  } catch {
    // Not an image, or its header lies past what was decoded: no dimensions, no error.
    return undefined
  }
}

function decodeBase64(text: string): Uint8Array {
  const binary = atob(text.slice(0, text.length - (text.length % 4)))
  const bytes = new Uint8Array(binary.length)
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index)
  return bytes
}

/** What a MIME type looks like; anything else the server sent is shown quoted. */
const MIME_TYPE = /^[\w.+-]{1,64}\/[\w.+-]{1,64}$/

/** One line for the model: `image/png, 12.3 KB, 640×480 image (base64 not shown)`. */
export function describeBlob(summary: BlobSummary): string {
  const type = summary.mimeType
  const parts = [
    type === undefined ? 'binary' : MIME_TYPE.test(type) ? type : `type ${quoted(type)}`,
    formatBytes(summary.bytes),
  ]
  if (summary.image) parts.push(`${summary.image.width}×${summary.image.height} image`)
  return `${parts.join(', ')} (binary content, not shown)`
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`
}
