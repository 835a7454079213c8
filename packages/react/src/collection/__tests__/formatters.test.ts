import { describe, expect, it } from 'vitest'
import { formatBytes } from '../formatBytes.ts'
import { formatLastModified } from '../formatLastModified.ts'
import { mimeIcon } from '../mimeIcon.ts'

describe('formatBytes', () => {
  it('formats sizes in SI units', () => {
    expect(formatBytes(0)).toBe('0 B')
    expect(formatBytes(999)).toBe('999 B')
    expect(formatBytes(1000)).toBe('1.0 kB')
    expect(formatBytes(12_345)).toBe('12.3 kB')
    expect(formatBytes(512_000)).toBe('512 kB')
    expect(formatBytes(999_960)).toBe('1.0 MB')
    expect(formatBytes(4_000_000_000)).toBe('4.0 GB')
  })

  it('returns undefined for garbage', () => {
    for (const bad of [-1, Number.NaN, Number.POSITIVE_INFINITY, '12', null, undefined, {}]) {
      expect(formatBytes(bad)).toBeUndefined()
    }
  })
})

describe('formatLastModified', () => {
  const now = Date.parse('2026-08-20T12:00:00Z')

  it('is relative for the last week, a date before that', () => {
    expect(formatLastModified('2026-08-20T11:59:30Z', now)).toBe('just now')
    expect(formatLastModified('2026-08-20T11:55:00Z', now)).toBe('5 min ago')
    expect(formatLastModified('2026-08-20T09:00:00Z', now)).toBe('3 h ago')
    expect(formatLastModified('2026-08-19T06:00:00Z', now)).toBe('yesterday')
    expect(formatLastModified('2026-08-16T12:00:00Z', now)).toBe('4 days ago')
    expect(formatLastModified('2026-03-14T12:00:00Z', now)).toBe('Mar 14')
    expect(formatLastModified('2025-03-14T12:00:00Z', new Date(now))).toBe('Mar 14, 2025')
    expect(formatLastModified('2026-12-25T12:00:00Z', now)).toBe('Dec 25')
  })

  it('returns undefined for anything that is not ISO 8601', () => {
    const garbage = [
      '',
      'yesterday',
      '1',
      'March 3',
      '2026-13-01',
      '2026-02-30T25:00:00Z',
      '<img src=x onerror=alert(1)>',
      `2026-01-01${'0'.repeat(100)}`,
      null,
      undefined,
      12345,
      {},
    ]
    for (const value of garbage) expect(formatLastModified(value, now)).toBeUndefined()
    expect(formatLastModified('2026-08-20T12:00:00Z', Number.NaN)).toBeUndefined()
  })
})

describe('mimeIcon', () => {
  it.each([
    ['inode/directory', 'file:///w/src', 'folder'],
    [undefined, 'file:///w/src/', 'folder'],
    ['text/markdown', 'file:///a', 'markdown'],
    [undefined, 'file:///README.MD', 'markdown'],
    ['application/json', 'x://a', 'json'],
    ['application/vnd.api+json', 'x://a', 'json'],
    ['image/png', 'x://a', 'image'],
    ['image/svg+xml', 'x://a', 'image'],
    ['application/pdf', 'x://a', 'pdf'],
    ['text/x-typescript', 'x://a', 'code'],
    [undefined, 'file:///a/main.py', 'code'],
    ['text/plain; charset=utf-8', 'x://a', 'text'],
    ['application/octet-stream', 'file:///a/photo.jpg', 'image'],
    ['application/octet-stream', 'file:///a/blob', 'binary'],
    ['application/x-whatever', 'x://a', 'binary'],
    [undefined, 'db://prod/users', 'database'],
    [undefined, 'postgres://h/db/t', 'database'],
    [undefined, 'ticket://web/42', 'ticket'],
    [undefined, 'file:///var/app.log', 'log'],
    [undefined, 'file:///a.tar', 'archive'],
    [undefined, 'x://a?file=a.json', 'text'],
    [undefined, undefined, 'text'],
    [42, {}, 'text'],
  ])('%s %s → %s', (mime, uri, kind) => {
    expect(mimeIcon(mime, uri)).toBe(kind)
  })
})
