import { describe, expect, it } from 'vitest'
import { InvalidContentError, ResourceTooLargeError } from '../errors.ts'
import { byteLength, isBase64, toReadResult } from '../validateRead.ts'

const options = { uri: 'file:///dir/', serverId: 'srv', defaultTtlMs: 0 }

describe('toReadResult', () => {
  it('keeps every content item (a directory read), text and blob, with their own URIs', () => {
    const result = toReadResult(
      {
        contents: [
          { uri: 'file:///dir/a.txt', mimeType: 'text/plain', text: 'a' },
          { uri: 'file:///dir/b.bin', blob: 'AAEC' },
        ],
        ttlMs: 1000,
        cacheScope: 'public',
      },
      options,
    )
    expect(result).toEqual({
      contents: [
        { uri: 'file:///dir/a.txt', mimeType: 'text/plain', text: 'a' },
        { uri: 'file:///dir/b.bin', blob: 'AAEC' },
      ],
      ttlMs: 1000,
      cacheScope: 'public',
    })
  })

  it('accepts an empty contents array (exists but empty)', () => {
    expect(toReadResult({ contents: [] }, options).contents).toEqual([])
  })

  it('rejects invalid base64 naming the item and the server', () => {
    expect(() =>
      toReadResult({ contents: [{ uri: 'file:///dir/x', blob: 'not base64!' }] }, options),
    ).toThrow(/contents\[0\] of file:\/\/\/dir\/ is not valid base64/)
    expect(() =>
      toReadResult({ contents: [{ uri: 'file:///dir/x', blob: 'AAE' }] }, options),
    ).toThrow(InvalidContentError)
  })

  it('rejects items with neither text nor blob, or without a uri', () => {
    expect(() => toReadResult({ contents: [{ uri: 'x:' }] }, options)).toThrow(
      /neither text nor blob/,
    )
    expect(() => toReadResult({ contents: [{ text: 'x' }] }, options)).toThrow(/has no uri/)
    expect(() => toReadResult({ contents: 'x' }, options)).toThrow(/is not an array/)
  })

  it('enforces the byte limit over all items, with a clear error', () => {
    const raw = {
      contents: [
        { uri: 'a', text: 'é'.repeat(6) },
        { uri: 'b', blob: 'AAECAw==' },
      ],
    }
    expect(toReadResult(raw, { ...options, maxBytes: 16 }).contents).toHaveLength(2)
    try {
      toReadResult(raw, { ...options, maxBytes: 15 })
      expect.unreachable()
    } catch (error) {
      expect(error).toBeInstanceOf(ResourceTooLargeError)
      expect((error as ResourceTooLargeError).size).toBe(16)
      expect((error as Error).message).toBe(
        'Resource file:///dir/ on server "srv" is 16 bytes, over the limit of 15 bytes',
      )
    }
  })
})

describe('isBase64 and byteLength', () => {
  it('accepts padded standard base64 only', () => {
    expect(isBase64('')).toBe(true)
    expect(isBase64('QQ==')).toBe(true)
    expect(isBase64('QUI=')).toBe(true)
    expect(isBase64('QUJD')).toBe(true)
    expect(isBase64('QQ')).toBe(false)
    expect(isBase64('QU_D')).toBe(false)
    expect(isBase64('QU JD')).toBe(false)
  })

  it('counts decoded bytes for blobs and UTF-8 bytes for text', () => {
    expect(byteLength({ uri: 'a', blob: Buffer.from('hello').toString('base64') })).toBe(5)
    expect(byteLength({ uri: 'a', text: 'h€llo😀' })).toBe(Buffer.byteLength('h€llo😀'))
  })
})
