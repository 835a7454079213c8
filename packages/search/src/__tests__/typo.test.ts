import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { allowedEdits, TypoScratch, typoAnchors, typoDistance } from '../typo.ts'

/** Reference: optimal string alignment distance from `query` to the closest prefix of `text`. */
function reference(query: string, text: string): number {
  let best = Number.POSITIVE_INFINITY
  for (let length = 0; length <= text.length; length++) {
    best = Math.min(best, osa(query, text.slice(0, length)))
  }
  return best
}

function osa(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  )
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1)
      }
    }
  }
  return d[a.length]![b.length]!
}

describe('typoDistance', () => {
  const scratch = new TypoScratch()
  const distance = (query: string, text: string, max: number) =>
    typoDistance(`x${text}\n`, 1, text.length + 1, query, max, scratch)

  it('counts a swap, a wrong, an extra or a missing letter as one edit', () => {
    expect(distance('buttno', 'buttontsx', 2)).toBe(1)
    expect(distance('buttin', 'buttontsx', 2)).toBe(1)
    expect(distance('buttton', 'buttontsx', 2)).toBe(1)
    expect(distance('buton', 'buttontsx', 2)).toBe(1)
    expect(distance('button', 'buttongroup', 2)).toBe(0)
    expect(distance('dilaog', 'dialogtsx', 1)).toBe(1)
  })

  it('answers max + 1 when more edits are needed, and never reads past the end', () => {
    expect(distance('xyzzy', 'buttontsx', 1)).toBe(2)
    expect(distance('buttonbutton', 'but', 2)).toBe(3)
  })

  it('matches the reference on random words, up to the bound', () => {
    // 'é' makes some texts two-byte strings: one scratch serves both representations.
    const word = fc.string({
      unit: fc.constantFrom('a', 'b', 'c', 'd', 'é'),
      minLength: 1,
      maxLength: 8,
    })
    fc.assert(
      fc.property(word, word, fc.integer({ min: 1, max: 2 }), (query, text, max) => {
        expect(distance(query, text, max)).toBe(Math.min(max + 1, reference(query, text)))
      }),
      { numRuns: 300 },
    )
  })
})

describe('typoAnchors', () => {
  it('holds the prefixes a typo among the first letters would change', () => {
    expect(typoAnchors('dilaog')).toContain('dialo')
    expect(typoAnchors('uesr')).toContain('user')
    expect(typoAnchors('bbutton')).toContain('butto')
    expect(typoAnchors('dilaog')).not.toContain('dilao')
  })
})

describe('allowedEdits', () => {
  it('allows no edit below 4 characters, one up to 7, then two', () => {
    expect([1, 3, 4, 7, 8, 20].map(allowedEdits)).toEqual([0, 0, 1, 1, 2, 2])
  })
})
