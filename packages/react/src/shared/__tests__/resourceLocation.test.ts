import { describe, expect, it } from 'vitest'
import {
  type LocationPiece,
  locationParts,
  rootEnd,
  splitLocation,
  tailStart,
} from '../resourceLocation.ts'

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

describe('splitLocation', () => {
  it('parts a row elides apart: root, folders, the file name and its kept end', () => {
    const layout = splitLocation(
      locationParts('file:///workspace/src/api/routes/route-create-2.ts'),
    )
    expect(text(layout.root)).toBe('file:///workspace/')
    expect(text(layout.folders)).toBe('src/api/routes/')
    expect(text(layout.name)).toBe('route-cre')
    expect(text(layout.end)).toBe('ate-2.ts')
    expect(text(layout.name) + text(layout.end)).toBe('route-create-2.ts')
  })

  it('keeps a head without folders after its root whole, as folders (their end tells rows apart)', () => {
    expect(rootEnd('db://prod/')).toBe(0)
    expect(rootEnd('file:///workspace/')).toBe(0)
    expect(rootEnd('https://example.com/a/')).toBe('https://example.com/'.length)
    expect(rootEnd('urn:x:')).toBe(0)
    const layout = splitLocation(locationParts('db://prod/users'))
    expect(layout.root).toEqual([])
    expect(text(layout.folders)).toBe('db://prod/')
    expect(layout.name).toEqual([])
    expect(text(layout.end)).toBe('users')
  })

  it('splits a marked match across the parts, still marked', () => {
    const uri = 'file:///workspace/billing/invoice-final.json'
    const from = uri.indexOf('final')
    const layout = splitLocation(locationParts(uri, [[from, from + 4]]))
    expect(marked(layout.name)).toEqual(['fi'])
    expect(marked(layout.end)).toEqual(['nal'])
  })
})
