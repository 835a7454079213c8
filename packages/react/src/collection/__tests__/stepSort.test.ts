// StepSort: a stable sort of indices that pauses whenever asked, every few hundred indices.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { StepSort } from '../stepSort.ts'

/** Sorts indices of `keys` by key only, so equal keys show whether the sort is stable. */
function byKey(keys: readonly number[]) {
  let compares = 0
  const compare = (a: number, b: number) => {
    compares++
    return (keys[a] as number) - (keys[b] as number)
  }
  return { compare, compares: () => compares }
}

const nativeOrder = (keys: readonly number[]) =>
  keys.map((_, i) => i).sort((a, b) => (keys[a] as number) - (keys[b] as number))

describe('StepSort', () => {
  it('ends in the order of a native (stable) sort, however often it pauses', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 40 }), { maxLength: 3000 }),
        fc.array(fc.boolean(), { minLength: 1, maxLength: 50 }),
        (keys, pauses) => {
          const sort = new StepSort(keys.length, byKey(keys).compare)
          let call = 0
          // Pauses by a pattern of stops, then runs on once the pattern is used up.
          while (!sort.step(() => pauses[call++ % pauses.length] === true && call < 500)) {}
          expect(sort.order).toEqual(nativeOrder(keys))
        },
      ),
      { numRuns: 60 },
    )
  })

  it('compares a bounded number of times between two pauses', () => {
    const keys = Array.from({ length: 20_000 }, (_, i) => (i * 7919) % 1013)
    const { compare, compares } = byKey(keys)
    const sort = new StepSort(keys.length, compare)
    let most = 0
    let before = 0
    let steps = 1
    while (!sort.step(() => true)) {
      most = Math.max(most, compares() - before)
      before = compares()
      steps++
    }
    most = Math.max(most, compares() - before)
    // A native sort of one run of 256 (about 256 × log2 256 comparisons) or 256 merged.
    expect(most).toBeLessThanOrEqual(256 * 9)
    // 20,000 indices at once would compare about 280,000 times in a single step.
    expect(steps).toBeGreaterThan(100)
    expect(sort.order).toEqual(nativeOrder(keys))
  })

  it('sorts in one step when nothing may pause it', () => {
    const keys = Array.from({ length: 5000 }, (_, i) => (i * 7919) % 101)
    const sort = new StepSort(keys.length, byKey(keys).compare)
    expect(sort.step()).toBe(true)
    expect(sort.order).toEqual(nativeOrder(keys))
  })

  it('sorts nothing and one index at once', () => {
    expect(new StepSort(0, () => 0).step(() => true)).toBe(true)
    const one = new StepSort(1, () => 0)
    expect(one.step(() => true)).toBe(true)
    expect(one.order).toEqual([0])
  })
})
