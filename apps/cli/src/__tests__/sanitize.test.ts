import { describe, expect, it } from 'vitest'
import { sanitizeBlock, sanitizeLine } from '../sanitize.ts'

describe('sanitizeLine', () => {
  it('shows ANSI escapes, controls and newlines as visible escapes', () => {
    const hostile = 'evil\u001b[2J\u001b]0;pwned\u0007name\nnext\rline\u0000'
    const safe = sanitizeLine(hostile)
    expect(safe).toBe('evil\\x1b[2J\\x1b]0;pwned\\x07name\\nnext\\rline\\x00')
    expect([...safe].some((char) => char.charCodeAt(0) < 0x20)).toBe(false)
  })

  it('escapes C1 controls and bidi overrides', () => {
    expect(sanitizeLine('a\u009bb\u202ec\u2066d')).toBe('a\\x9bb\\u202ec\\u2066d')
  })

  it('keeps ordinary text, including non-ASCII', () => {
    expect(sanitizeLine('Résumé — 日本語 ✓')).toBe('Résumé — 日本語 ✓')
  })

  it('never throws on odd values', () => {
    expect(sanitizeLine(undefined)).toBe('')
    expect(sanitizeLine(42)).toBe('42')
  })
})

describe('sanitizeBlock', () => {
  it('keeps newlines and tabs, turns CRLF into a newline, and escapes the rest', () => {
    expect(sanitizeBlock('a\tb\r\nc\rd\u001b[31m')).toBe('a\tb\nc\\rd\\x1b[31m')
  })
})
