// Tiny, valid binary files built by hand (no zlib, no Buffer) so the content model runs
// unchanged in Node and in the browser.

const crcTable = /* @__PURE__ */ (() => {
  const table = new Uint32Array(256)
  for (let n = 0; n < 256; n++) {
    let c = n
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    table[n] = c >>> 0
  }
  return table
})()

function crc32(bytes: Uint8Array, start: number, end: number): number {
  let crc = 0xffffffff
  for (let index = start; index < end; index++) {
    crc = crcTable[(crc ^ bytes[index]!) & 0xff]! ^ (crc >>> 8)
  }
  return (crc ^ 0xffffffff) >>> 0
}

function adler32(bytes: Uint8Array): number {
  let a = 1
  let b = 0
  for (const byte of bytes) {
    a = (a + byte) % 65521
    b = (b + a) % 65521
  }
  return ((b << 16) | a) >>> 0
}

/** Bytes of a solid-colour RGB PNG; see {@link pngSize} for its length without building it. */
export function makePng(width: number, height: number, rgb: readonly [number, number, number]) {
  const rowLength = 1 + 3 * width
  const raw = new Uint8Array(rowLength * height)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) raw.set(rgb, y * rowLength + 1 + 3 * x)
  }
  // zlib stream of stored (uncompressed) deflate blocks, at most 65535 bytes each.
  const blocks = Math.max(1, Math.ceil(raw.length / 65535))
  const zlib = new Uint8Array(2 + blocks * 5 + raw.length + 4)
  zlib.set([0x78, 0x01])
  let at = 2
  for (let block = 0; block < blocks; block++) {
    const chunk = raw.subarray(block * 65535, Math.min(raw.length, (block + 1) * 65535))
    const last = block === blocks - 1 ? 1 : 0
    zlib.set(
      [
        last,
        chunk.length & 0xff,
        chunk.length >>> 8,
        ~chunk.length & 0xff,
        (~chunk.length >>> 8) & 0xff,
      ],
      at,
    )
    zlib.set(chunk, at + 5)
    at += 5 + chunk.length
  }
  new DataView(zlib.buffer).setUint32(at, adler32(raw))

  const ihdr = new Uint8Array(13)
  const header = new DataView(ihdr.buffer)
  header.setUint32(0, width)
  header.setUint32(4, height)
  ihdr.set([8, 2, 0, 0, 0], 8) // 8-bit RGB, no interlace
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
  const chunks = [
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', zlib),
    pngChunk('IEND', new Uint8Array(0)),
  ]
  const png = new Uint8Array(signature.length + chunks.reduce((sum, c) => sum + c.length, 0))
  png.set(signature)
  let offset = signature.length
  for (const c of chunks) {
    png.set(c, offset)
    offset += c.length
  }
  return png
}

/** One PNG chunk: length, type, data, CRC. */
export function pngChunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length)
  const view = new DataView(out.buffer)
  view.setUint32(0, data.length)
  for (let index = 0; index < 4; index++) out[4 + index] = type.charCodeAt(index)
  out.set(data, 8)
  view.setUint32(8 + data.length, crc32(out, 4, 8 + data.length))
  return out
}

/** A tiny solid-colour square icon: 1-bit indexed PNG with a one-colour palette. */
export function makeSolidIconPng(side: number, rgb: readonly [number, number, number]): Uint8Array {
  const rowLength = 1 + Math.ceil(side / 8)
  const raw = new Uint8Array(rowLength * side) // filter 0, every pixel palette index 0
  const zlib = new Uint8Array(2 + 5 + raw.length + 4)
  zlib.set([
    0x78,
    0x01,
    1,
    raw.length & 0xff,
    raw.length >>> 8,
    ~raw.length & 0xff,
    (~raw.length >>> 8) & 0xff,
  ])
  zlib.set(raw, 7)
  new DataView(zlib.buffer).setUint32(7 + raw.length, adler32(raw))
  const ihdr = new Uint8Array(13)
  const header = new DataView(ihdr.buffer)
  header.setUint32(0, side)
  header.setUint32(4, side)
  ihdr.set([1, 3, 0, 0, 0], 8) // 1-bit indexed, no interlace
  const parts = [
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('PLTE', new Uint8Array(rgb)),
    pngChunk('IDAT', zlib),
    pngChunk('IEND', new Uint8Array(0)),
  ]
  const png = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0))
  let offset = 0
  for (const part of parts) {
    png.set(part, offset)
    offset += part.length
  }
  return png
}

/** The byte length of `makePng(width, height, …)`, computed without building it. */
export function pngSize(width: number, height: number): number {
  const raw = (1 + 3 * width) * height
  const blocks = Math.max(1, Math.ceil(raw / 65535))
  return 8 + 25 + 12 + (2 + blocks * 5 + raw + 4) + 12
}

/** A one-page PDF showing `lines` of ASCII text. */
export function makePdf(lines: readonly string[]): string {
  const pdfEscape = (text: string) => text.replace(/[\\()]/g, (c) => `\\${c}`)
  const stream = [
    'BT /F1 12 Tf 72 720 Td 16 TL',
    ...lines.map((line) => `(${pdfEscape(line)}) '`),
    'ET',
  ].join('\n')
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ]
  let pdf = '%PDF-1.4\n'
  const offsets: number[] = []
  objects.forEach((body, index) => {
    offsets.push(pdf.length)
    pdf += `${index + 1} 0 obj\n${body}\nendobj\n`
  })
  const xref = pdf.length
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
  for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return pdf
}

/** Standard base64 of bytes, or of an ASCII string's char codes. */
export function toBase64(data: Uint8Array | string): string {
  let binary = ''
  if (typeof data === 'string') binary = data
  else {
    for (let index = 0; index < data.length; index += 0x8000) {
      binary += String.fromCharCode(...data.subarray(index, index + 0x8000))
    }
  }
  return btoa(binary)
}
