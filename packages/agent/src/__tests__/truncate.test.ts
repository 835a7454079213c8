import { describe, expect, it } from 'vitest'
import { measureOf } from '../budget.ts'
import { type TextPart, takePart } from '../truncate.ts'

const how = (next: number) => `Call again with offset ${next}.`
const bytes = (limit: number) => measureOf({ bytes: limit }, { bytes: 1 })
const markerPattern =
  /^\[… truncated: characters \d+–\d+ of \d+ shown\. Call again with offset \d+\.\]$/
const size = (part: { text: string; marker?: string }) =>
  new TextEncoder().encode(part.text + (part.marker ?? '')).length

/** Reads a whole text part by part, as a model following the markers would. */
function readAll(text: string, limit: number): { parts: TextPart[]; joined: string } {
  const parts: TextPart[] = []
  let offset: number | undefined = 0
  let joined = ''
  while (offset !== undefined) {
    const part = takePart(text, offset, bytes(limit), how)
    parts.push(part)
    joined += part.text
    offset = part.nextOffset
    if (parts.length > 10_000) throw new Error('no progress')
  }
  return { parts, joined }
}

describe('takePart', () => {
  it('returns a text within the budget whole, without a marker', () => {
    const part = takePart('hello world', 0, bytes(100), how)
    expect(part).toEqual({ text: 'hello world', offset: 0, totalLength: 11, truncated: false })
  })

  it('cuts a longer text to the budget, marker included, and says where to go on', () => {
    const text = 'x'.repeat(10_000)
    const part = takePart(text, 0, bytes(500), how)
    expect(part.truncated).toBe(true)
    expect(size(part)).toBeLessThanOrEqual(500)
    expect(part.text).toBe('x'.repeat(part.nextOffset!))
    expect(part.marker).toMatch(markerPattern)
    expect(part.marker).toContain(`Call again with offset ${part.nextOffset}.`)
    expect(part.marker).toContain(`characters 0–${part.nextOffset} of 10000 shown`)
  })

  it('prefers to end at a nearby line break', () => {
    const text = `${'a'.repeat(380)}\n${'b'.repeat(1000)}`
    const part = takePart(text, 0, bytes(500), how)
    expect(part.nextOffset).toBe(381)
  })

  it('reads back the whole text, part by part, with nothing lost or repeated', () => {
    const text = Array.from(
      { length: 400 },
      (_, line) => `line ${line}: ${'é✓'.repeat(line % 7)}`,
    ).join('\n')
    const { parts, joined } = readAll(text, 300)
    expect(parts.length).toBeGreaterThan(5)
    expect(joined).toBe(text)
    for (const part of parts) expect(size(part)).toBeLessThanOrEqual(300)
  })

  it('never splits a surrogate pair', () => {
    const text = '😀'.repeat(500)
    const { parts, joined } = readAll(text, 150)
    expect(joined).toBe(text)
    for (const part of parts) expect(part.text).not.toMatch(/[\ud800-\udbff]$|^[\udc00-\udfff]/)
  })

  it('measures estimated tokens when the budget is in tokens', () => {
    const tokens = measureOf({ tokens: 100 }, { bytes: 1 })
    const part = takePart('word '.repeat(1000), 0, tokens, how)
    expect(part.truncated).toBe(true)
    expect(tokens.cost(part.text) + tokens.cost(part.marker!)).toBeLessThanOrEqual(100)
    expect(part.nextOffset).toBeGreaterThan(250)
  })

  it('clamps offsets a model made up', () => {
    expect(takePart('abc', 99, bytes(10), how).text).toBe('')
    expect(takePart('abc', -5, bytes(10), how).text).toBe('abc')
    expect(takePart('abc', Number.NaN, bytes(10), how).text).toBe('abc')
  })
})

describe('measureOf', () => {
  it('falls back when the limit is not a positive number', () => {
    expect(measureOf({ tokens: -1 }, { bytes: 42 })).toMatchObject({ unit: 'bytes', limit: 42 })
    expect(measureOf({ bytes: Number.NaN }, { tokens: 7 })).toMatchObject({
      unit: 'tokens',
      limit: 7,
    })
  })

  it('counts UTF-8 bytes, and tokens as a quarter of them by default', () => {
    expect(measureOf({ bytes: 1 }, { bytes: 1 }).cost('é✓')).toBe(5)
    expect(measureOf({ tokens: 1 }, { bytes: 1 }).cost('abcdefghi')).toBe(3)
    const custom = measureOf({ tokens: 1 }, { bytes: 1 }, (text) => text.split(' ').length)
    expect(custom.cost('one two three')).toBe(3)
  })
})
