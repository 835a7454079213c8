// The one image sniffer: which raster type a blob is, from its magic bytes. A server's
// declared mimeType is not trusted, and SVG is never an image here (it is active
// content). Used by the icon policy (data: icons) and by the React preview (blobs).

const SIGNATURES: readonly (readonly [string, readonly number[]])[] = [
  ['image/png', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
  ['image/jpeg', [0xff, 0xd8, 0xff]],
  ['image/gif', [0x47, 0x49, 0x46, 0x38]], // GIF8
]

/** Bytes needed to recognise every type (WebP's `RIFF····WEBP`). */
export const IMAGE_SIGNATURE_BYTES = 12

/** The raster image type of `bytes` (PNG, JPEG, GIF, WebP) from their first bytes, or undefined. */
export function sniffImageType(bytes: ArrayLike<number>): string | undefined {
  for (const [type, signature] of SIGNATURES) {
    if (signature.every((b, i) => bytes[i] === b)) return type
  }
  const ascii = (from: number, to: number) => {
    let text = ''
    for (let i = from; i < to; i++) text += String.fromCharCode(bytes[i] ?? 0)
    return text
  }
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp'
  return undefined
}
