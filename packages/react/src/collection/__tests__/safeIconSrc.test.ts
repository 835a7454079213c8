import type { Icon } from '@resource-kit/client'
import { describe, expect, it } from 'vitest'
import { MAX_DATA_ICON_BYTES, safeIconSrc } from '../safeIconSrc.ts'

// Real signatures, padded to a few bytes: a PNG, a JPEG, a GIF and a WebP header.
const b64 = (bytes: number[]) => btoa(String.fromCharCode(...bytes))
const PNG = b64([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44])
const JPEG = b64([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0])
const GIF = b64([...'GIF89a'].map((c) => c.charCodeAt(0)).concat([1, 0, 1, 0, 0, 0, 0, 0, 0]))
const WEBP = b64([...'RIFF\u0010\u0000\u0000\u0000WEBPVP8 '].map((c) => c.charCodeAt(0)))
const icon = (src: string, extra: Partial<Icon> = {}): Icon => ({ src, ...extra })

describe('safeIconSrc', () => {
  it('accepts https URLs and data: PNG/JPEG/GIF/WebP with a valid base64 image payload', () => {
    expect(safeIconSrc(icon('https://example.com/icon.png'))).toBe('https://example.com/icon.png')
    for (const [type, payload] of [
      ['png', PNG],
      ['jpeg', JPEG],
      ['gif', GIF],
      ['webp', WEBP],
    ]) {
      const src = `data:image/${type};base64,${payload}`
      expect(safeIconSrc(icon(src)), type).toBe(src)
    }
  })

  it.each([
    ['javascript:', 'javascript:alert(1)'],
    ['javascript: with a tab', 'java\tscript:alert(1)'],
    ['http:', 'http://example.com/i.png'],
    ['file:', 'file:///etc/passwd'],
    ['blob:', 'blob:https://example.com/1234'],
    ['protocol-relative', '//example.com/i.png'],
    ['credentials', 'https://user:pass@example.com/i.png'],
    ['leading space', ' https://example.com/i.png'],
    ['data:text/html', `data:text/html;base64,${btoa('<script>alert(1)</script>')}`],
    ['data:image/svg+xml', `data:image/svg+xml;base64,${btoa('<svg onload="alert(1)"/>')}`],
    ['svg, not base64', 'data:image/svg+xml,<svg onload=alert(1)>'],
    ['png, not base64', 'data:image/png,abc'],
    ['broken base64', `data:image/png;base64,${PNG.slice(0, -1)}`],
    ['base64 with junk', `data:image/png;base64,${PNG}<script>`],
    ['html labelled png', `data:image/png;base64,${btoa('<html><script>x</script></html>')}`],
    ['empty', ''],
    ['too long URL', `https://example.com/${'a'.repeat(5000)}`],
  ])('rejects %s', (_, src) => {
    expect(safeIconSrc(icon(src))).toBeUndefined()
  })

  it('rejects data: icons over the size cap instead of truncating them', () => {
    const padding = 'A'.repeat(Math.ceil((MAX_DATA_ICON_BYTES * 4) / 3) + 8)
    expect(safeIconSrc(icon(`data:image/png;base64,${PNG}${padding}`))).toBeUndefined()
    const fits = 'A'.repeat(4 * 1000)
    expect(safeIconSrc(icon(`data:image/png;base64,${PNG}${fits}`))).toBeDefined()
  })

  it('picks the best of several: matching theme first, then the smallest size that fits', () => {
    const icons: Icon[] = [
      icon('javascript:alert(1)', { sizes: ['16x16'] }),
      icon('https://x.test/dark-64.png', { theme: 'dark', sizes: ['64x64'] }),
      icon('https://x.test/light-16.png', { theme: 'light', sizes: ['16x16'] }),
      icon('https://x.test/light-128.png', { theme: 'light', sizes: ['128x128'] }),
      icon('https://x.test/light-32.png', { theme: 'light', sizes: ['32x32', 'bogus'] }),
      icon('https://x.test/plain.png'),
    ]
    expect(safeIconSrc(icons, { theme: 'dark', size: 16 })).toBe('https://x.test/dark-64.png')
    expect(safeIconSrc(icons, { theme: 'light', size: 24 })).toBe('https://x.test/light-32.png')
    expect(safeIconSrc(icons, { theme: 'light', size: 500 })).toBe('https://x.test/light-128.png')
    expect(safeIconSrc(icons)).toBe('https://x.test/light-16.png')
  })

  it('never throws on odd shapes', () => {
    const odd = [
      null,
      undefined,
      5,
      'https://x',
      {},
      { src: 5 },
      [null, { src: {} }],
      { src: 'https://x.test/a.png', sizes: 'big' },
    ]
    for (const value of odd) {
      expect(() => safeIconSrc(value as never)).not.toThrow()
    }
    expect(safeIconSrc({ src: 'https://x.test/a.png', sizes: 'big' } as never)).toBe(
      'https://x.test/a.png',
    )
  })
})
