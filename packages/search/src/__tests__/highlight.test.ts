import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { highlightRanges, normalizeRanges, rangesFromPositions } from '../highlight.ts'

describe('highlightRanges', () => {
  it('splits a text into plain and highlighted segments in order', () => {
    expect(highlightRanges('Button.tsx', [[0, 5]])).toEqual([
      { text: 'Button', highlighted: true },
      { text: '.tsx', highlighted: false },
    ])
    expect(
      highlightRanges('web-app', [
        [0, 2],
        [4, 6],
      ]),
    ).toEqual([
      { text: 'web', highlighted: true },
      { text: '-', highlighted: false },
      { text: 'app', highlighted: true },
    ])
  })

  it('returns the whole text unhighlighted without ranges, and nothing for an empty text', () => {
    expect(highlightRanges('plain', [])).toEqual([{ text: 'plain', highlighted: false }])
    expect(highlightRanges('', [[0, 3]])).toEqual([])
    expect(highlightRanges(undefined as unknown as string, [])).toEqual([])
  })

  it('tolerates unsorted, overlapping, adjacent, out-of-bounds and garbage ranges', () => {
    const garbage = [[8, 20], [2, 3], [0, 1], [3, 4], [-5, -1], [6, 2], [Number.NaN, 3], 'x', null]
    expect(highlightRanges('abcdefghij', garbage as never)).toEqual([
      { text: 'abcde', highlighted: true },
      { text: 'fgh', highlighted: false },
      { text: 'ij', highlighted: true },
    ])
    expect(normalizeRanges('nope' as never, 5)).toEqual([])
  })

  it('always rebuilds the text exactly, alternating plain and highlighted', () => {
    const range = fc.tuple(fc.integer({ min: -3, max: 40 }), fc.integer({ min: -3, max: 40 }))
    fc.assert(
      fc.property(
        fc.string({ maxLength: 30 }),
        fc.array(range, { maxLength: 6 }),
        (text, ranges) => {
          const segments = highlightRanges(text, ranges)
          expect(segments.map((segment) => segment.text).join('')).toBe(text)
          for (let i = 1; i < segments.length; i++) {
            expect(segments[i]!.highlighted).not.toBe(segments[i - 1]!.highlighted)
          }
          for (const segment of segments) expect(segment.text.length).toBeGreaterThan(0)
        },
      ),
    )
  })
})

describe('rangesFromPositions', () => {
  it('maps compact positions back to runs of original indexes', () => {
    // `web-app` compacts to `webapp`: positions 0–5 come from 0, 1, 2, 4, 5, 6.
    expect(rangesFromPositions([0, 1, 2, 3, 4, 5], Int32Array.from([0, 1, 2, 4, 5, 6]))).toEqual([
      [0, 2],
      [4, 6],
    ])
    expect(rangesFromPositions([9], Int32Array.from([0]))).toEqual([])
  })
})
