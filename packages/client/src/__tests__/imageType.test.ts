import { describe, expect, it } from 'vitest'
import { sniffImageType } from '../imageType.ts'

const bytes = (text: string) => new TextEncoder().encode(text)

describe('sniffImageType', () => {
  it('knows PNG, JPEG, GIF and WebP by their signatures', () => {
    expect(
      sniffImageType(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0])),
    ).toBe('image/png')
    expect(sniffImageType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg')
    expect(sniffImageType(bytes('GIF89a'))).toBe('image/gif')
    expect(sniffImageType(bytes('RIFF\0\0\0\0WEBPVP8 '))).toBe('image/webp')
    expect(sniffImageType([0xff, 0xd8, 0xff])).toBe('image/jpeg')
  })

  it('never calls SVG, a truncated signature or text an image', () => {
    expect(sniffImageType(bytes('<svg onload=alert(1)>'))).toBeUndefined()
    expect(sniffImageType(new Uint8Array([0x89, 0x50, 0x4e, 0x47]))).toBeUndefined()
    expect(sniffImageType(bytes('RIFF\0\0\0\0WAVE'))).toBeUndefined()
    expect(sniffImageType(new Uint8Array())).toBeUndefined()
  })
})
