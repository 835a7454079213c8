import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { CandidateSet } from '../candidateSet.ts'

describe('CandidateSet', () => {
  it('keeps the best (tier, cheap) match of each item and forgets everything on reset', () => {
    const set = new CandidateSet(4)
    set.add(2, 3, 10, 0, 0, 1)
    set.add(2, 1, 200, 1, 5, 1)
    set.add(2, 1, 250, 2, 9, 1)
    expect([set.size, set.tier[2], set.cheap[2], set.field[2], set.offset[2]]).toEqual([
      1, 1, 200, 1, 5,
    ])
    set.reset()
    expect([set.size, set.has(2)]).toEqual([0, false])
  })

  it('returns the best items by tier, then cheap score, then insertion order', () => {
    const entry = fc.tuple(fc.nat(49), fc.nat(4), fc.integer({ min: -5, max: 300 }))
    fc.assert(
      fc.property(
        fc.array(entry, { maxLength: 80 }),
        fc.integer({ min: 1, max: 60 }),
        (entries, count) => {
          const set = new CandidateSet(50)
          set.reset()
          const best = new Map<number, [number, number, number]>()
          entries.forEach(([item, tier, cheap], order) => {
            set.add(item, tier, cheap, 0, 0, 1)
            const clamped = Math.min(255, Math.max(0, cheap))
            const known = best.get(item)
            const first = known?.[2] ?? order
            if (!known || tier < known[0] || (tier === known[0] && clamped < known[1])) {
              best.set(item, [tier, clamped, first])
            }
          })
          const expected = [...best.entries()]
            .sort((a, b) => a[1][0] - b[1][0] || a[1][1] - b[1][1] || a[1][2] - b[1][2])
            .slice(0, count)
            .map(([item]) => item)
          expect(set.top(count)).toEqual(expected)
        },
      ),
    )
  })
})
