import { describe, expect, it } from 'vitest'
import { makePdf, makePng, makeSolidIconPng, pngSize, toBase64 } from '../content/binary.ts'

/** Splits a PNG into chunks and checks every CRC, as a decoder does. */
function pngChunks(png: Uint8Array): string[] {
  expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength)
  const types: string[] = []
  for (let at = 8; at < png.length; ) {
    const length = view.getUint32(at)
    const type = String.fromCharCode(...png.subarray(at + 4, at + 8))
    expect(view.getUint32(at + 8 + length), `${type} CRC`).toBe(
      crc32(png.subarray(at + 4, at + 8 + length)),
    )
    types.push(type)
    at += 12 + length
  }
  return types
}

function crc32(bytes: Uint8Array): number {
  let crc = ~0
  for (const byte of bytes) {
    crc ^= byte
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1
  }
  return ~crc >>> 0
}

describe('binary', () => {
  it('builds PNGs with valid chunks whose length pngSize predicts', () => {
    for (const side of [1, 4, 48, 200]) {
      const png = makePng(side, side, [10, 20, 30])
      expect(pngChunks(png)).toEqual(['IHDR', 'IDAT', 'IEND'])
      expect(png.length).toBe(pngSize(side, side))
    }
  })

  it('builds indexed icon PNGs', () => {
    expect(pngChunks(makeSolidIconPng(16, [1, 2, 3]))).toEqual(['IHDR', 'PLTE', 'IDAT', 'IEND'])
  })

  it('builds a PDF whose cross-reference table points at its objects', () => {
    const pdf = makePdf(['Title (draft)', 'back\\slash'])
    expect(pdf.startsWith('%PDF-1.4\n')).toBe(true)
    const xref = Number(pdf.match(/startxref\n(\d+)/)?.[1])
    expect(pdf.slice(xref, xref + 4)).toBe('xref')
    const offsets = [...pdf.slice(xref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]))
    expect(offsets).toHaveLength(5)
    offsets.forEach((offset, index) => {
      expect(pdf.slice(offset).startsWith(`${index + 1} 0 obj`)).toBe(true)
    })
    expect(pdf).toContain('(Title \\(draft\\))')
  })

  it('encodes standard base64', () => {
    expect(toBase64(new Uint8Array([0, 255, 128]))).toBe('AP+A')
    expect(toBase64('%PDF')).toBe('JVBERg==')
    expect(atob(toBase64(new Uint8Array(100_000).fill(7))).length).toBe(100_000)
  })
})
