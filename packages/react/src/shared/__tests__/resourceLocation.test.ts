import { describe, expect, it } from 'vitest'
import { type LocationPiece, locationParts, tailStart } from '../resourceLocation.ts'

const text = (pieces: readonly LocationPiece[]) => pieces.map((p) => p.text).join('')
const marked = (pieces: readonly LocationPiece[]) =>
  pieces.filter((p) => p.highlighted).map((p) => p.text)

describe('locationParts', () => {
  it('splits a URI into its folder part and its last segment', () => {
    const parts = locationParts('file:///ws/billing/invoice.json')
    expect(text(parts.head)).toBe('file:///ws/billing/')
    expect(text(parts.tail)).toBe('invoice.json')
    expect(parts.elided).toBe(false)
    expect(tailStart('file:///ws/src/refund/invoice/')).toBe('file:///ws/src/refund/'.length)
    expect(text(locationParts('README').tail)).toBe('README')
    expect(locationParts('README').head).toEqual([])
  })

  it('cuts a long folder part in the middle, keeping its start, its end and the file name', () => {
    const uri = `file:///workspace/${'deep/'.repeat(20)}billing/invoice.json`
    const parts = locationParts(uri)
    expect(parts.elided).toBe(true)
    expect(text(parts.tail)).toBe('invoice.json')
    const head = text(parts.head)
    expect(head.startsWith('file:///worksp')).toBe(true)
    expect(head.endsWith('deep/billing/')).toBe(true)
    expect(head).toContain('…')
    expect(head.length).toBeLessThan(48)
  })

  it('keeps and marks a match inside the cut part, and a match in the file name', () => {
    const uri = `file:///workspace/${'deep/'.repeat(8)}refund/${'deep/'.repeat(8)}invoice.json`
    const at = uri.indexOf('refund')
    const file = uri.indexOf('invoice')
    const parts = locationParts(uri, [
      [at, at + 5],
      [file, file + 6],
    ])
    expect(marked(parts.head)).toEqual(['refund'])
    expect(marked(parts.tail)).toEqual(['invoice'])
    expect(parts.head.filter((p) => p.gap).length).toBe(2)
  })

  it('cuts a hostile file name in its middle too', () => {
    const parts = locationParts(`x://a/${'n'.repeat(500)}.txt`)
    expect(parts.elided).toBe(true)
    expect(text(parts.tail).endsWith('.txt')).toBe(true)
    expect(text(parts.tail).length).toBeLessThanOrEqual(81)
  })
})
