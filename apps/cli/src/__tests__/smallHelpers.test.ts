import { describe, expect, it } from 'vitest'
import { safeFileName } from '../fileName.ts'
import { parsePairs } from '../keyValue.ts'
import { formatBytes, renderTable } from '../table.ts'
import { shellQuote } from '../walkReport.ts'

describe('safeFileName', () => {
  it('takes the last segment and never climbs out of the directory', () => {
    const taken = new Set<string>()
    expect(safeFileName('file:///a/b/report%20final.pdf?x=1', 0, taken)).toBe('report_final.pdf')
    expect(safeFileName('x://h/..%2F..%2Fetc%2Fpasswd', 1, taken)).toBe('_.._etc_passwd')
    expect(safeFileName('x://h/..', 2, taken)).toBe('content-3')
    expect(safeFileName('x://h/.bashrc', 3, taken)).toBe('bashrc')
  })

  it('makes names unique', () => {
    const taken = new Set<string>()
    expect(safeFileName('a://x/f.txt', 0, taken)).toBe('f.txt')
    expect(safeFileName('b://y/F.txt', 1, taken)).toBe('F-2.txt')
  })
})

describe('parsePairs', () => {
  it('splits at the first = and keeps odd keys as plain keys', () => {
    const pairs = parsePairs(['a=1=2', '__proto__=x'], '--input')
    expect(pairs?.a).toBe('1=2')
    expect(Object.hasOwn(pairs ?? {}, '__proto__')).toBe(true)
    expect(Object.getPrototypeOf(pairs)).toBe(Object.prototype)
    expect(() => parsePairs(['=x'], '--arg')).toThrow('--arg must look like key=value, got "=x"')
  })
})

describe('renderTable', () => {
  it('pads columns except the last non-empty one and styles after padding', () => {
    const lines = renderTable(
      [
        ['a://1', 'One', ''],
        ['a://long', 'Two', 'text/plain'],
      ],
      [{ style: (t) => `<${t}>` }, {}, {}],
    )
    expect(lines).toEqual(['<a://1   >  One', '<a://long>  Two  text/plain'])
  })
})

describe('formatBytes and shellQuote', () => {
  it('formats sizes', () => {
    expect(formatBytes(999)).toBe('999 B')
    expect(formatBytes(1234)).toBe('1.2 kB')
    expect(formatBytes(25_000_000)).toBe('25 MB')
  })

  it('quotes cursors for a shell', () => {
    expect(shellQuote('abc123')).toBe('abc123')
    expect(shellQuote("it's $HOME")).toBe(`'it'\\''s $HOME'`)
  })
})
