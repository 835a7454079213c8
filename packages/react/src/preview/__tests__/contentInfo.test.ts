import { describe, expect, it } from 'vitest'
import {
  base64ByteLength,
  classifyContent,
  contentByteSize,
  estimateTokens,
  prettyJson,
} from '../contentInfo.ts'

const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGD4DwABBAEAwS2OUAAAAABJRU5ErkJggg=='
const b64 = (s: string) => btoa(s)

describe('contentInfo', () => {
  it('measures text in UTF-8 bytes and blobs by their decoded size', () => {
    expect(contentByteSize({ uri: 'a', text: 'héllo' })).toBe(6)
    expect(contentByteSize({ uri: 'a', blob: b64('abcd') })).toBe(4)
    expect(base64ByteLength(b64('abcde'))).toBe(5)
    expect(base64ByteLength('')).toBe(0)
  })

  it('estimates about four characters of text per token, and does not count blobs', () => {
    expect(estimateTokens([{ uri: 'a', text: 'x'.repeat(400) }])).toBe(100)
    expect(
      estimateTokens([
        { uri: 'a', text: 'abc' },
        { uri: 'b', blob: 'AAAA'.repeat(100) },
      ]),
    ).toBe(1)
  })

  it('classifies markdown, JSON and text by mime type or extension', () => {
    expect(classifyContent({ uri: 'x', mimeType: 'text/markdown', text: '#' })).toBe('markdown')
    expect(classifyContent({ uri: 'file:///r.md', text: '#' })).toBe('markdown')
    expect(classifyContent({ uri: 'x', mimeType: 'application/ld+json', text: '{}' })).toBe('json')
    expect(classifyContent({ uri: 'file:///a.json?x', text: '{}' })).toBe('json')
    expect(classifyContent({ uri: 'x', mimeType: 'text/html', text: '<b>' })).toBe('text')
  })

  it('trusts the bytes, not the declared type, for images', () => {
    expect(classifyContent({ uri: 'x', mimeType: 'application/octet-stream', blob: PNG })).toBe(
      'image',
    )
    expect(classifyContent({ uri: 'x', mimeType: 'image/png', blob: b64('not an image') })).toBe(
      'binary',
    )
    expect(
      classifyContent({ uri: 'x', mimeType: 'image/svg+xml', blob: b64('<svg onload=alert(1)>') }),
    ).toBe('binary')
    expect(classifyContent({ uri: 'x', mimeType: 'image/png', blob: '%%%' })).toBe('binary')
  })

  it('pretty-prints JSON and leaves anything else alone', () => {
    expect(prettyJson('{"a":[1]}')).toBe('{\n  "a": [\n    1\n  ]\n}')
    expect(prettyJson('{oops')).toBe('{oops')
  })
})
