import { describe, expect, it } from 'vitest'
import { Output, safeJson, shouldColor } from '../output.ts'

function stream(isTTY: boolean) {
  const chunks: string[] = []
  return {
    isTTY,
    chunks,
    write: (chunk: string | Uint8Array) => {
      chunks.push(String(chunk))
      return true
    },
  }
}

describe('shouldColor', () => {
  it('colours a terminal unless NO_COLOR or TERM=dumb', () => {
    expect(shouldColor(stream(true), {})).toBe(true)
    expect(shouldColor(stream(true), { NO_COLOR: '1' })).toBe(false)
    expect(shouldColor(stream(true), { TERM: 'dumb' })).toBe(false)
    expect(shouldColor(stream(false), {})).toBe(false)
  })

  it('honours FORCE_COLOR and an explicit flag', () => {
    expect(shouldColor(stream(false), { FORCE_COLOR: '1' })).toBe(true)
    expect(shouldColor(stream(true), { FORCE_COLOR: '0' })).toBe(false)
    expect(shouldColor(stream(false), { NO_COLOR: '1' }, true)).toBe(true)
    expect(shouldColor(stream(true), {}, false)).toBe(false)
  })
})

describe('safeJson', () => {
  it('escapes C1 controls and bidi characters yet parses back to the same value', () => {
    const value = { name: 'a\u009b\u202eb\u2028', n: 1 }
    const text = safeJson(value)
    expect(text).not.toMatch(/[\u0080-\u009f\u202e\u2028]/)
    expect(JSON.parse(text)).toEqual(value)
  })
})

describe('Output', () => {
  it('sends results to stdout and notes to stderr, coloured only where a terminal is', () => {
    const stdout = stream(false)
    const stderr = stream(true)
    const out = new Output({ stdout, stderr, json: false, env: {} })
    out.line(out.style.bold('result'))
    out.warn('careful')
    expect(stdout.chunks.join('')).toBe('result\n')
    expect(stderr.chunks.join('')).toBe('\u001b[33mwarning:\u001b[39m careful\n')
  })

  it('never colours stdout in --json mode', () => {
    const stdout = stream(true)
    const out = new Output({ stdout, stderr: stream(true), json: true, env: {} })
    out.document({ a: out.style.red('x') })
    expect(stdout.chunks.join('')).toBe('{\n  "a": "x"\n}\n')
  })
})
