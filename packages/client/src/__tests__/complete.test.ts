import { describe, expect, it } from 'vitest'
import { toCompletion } from '../complete.ts'

const result = (completion: Record<string, unknown>) => ({ resultType: 'complete', completion })
const names = (count: number) => Array.from({ length: count }, (_, i) => `v${i}`)

describe('toCompletion', () => {
  it('keeps what the server said when it sent at most 100 values', () => {
    expect(toCompletion(result({ values: ['a', 'b'], total: 2, hasMore: false }))).toEqual({
      values: ['a', 'b'],
      total: 2,
      hasMore: false,
    })
    expect(toCompletion(result({ values: ['a', 'b'] }))).toEqual({ values: ['a', 'b'] })
  })

  it('cuts more than 100 values to 100 and says there are more, whatever hasMore said', () => {
    for (const said of [{}, { hasMore: false }, { hasMore: false, total: 120 }]) {
      const completion = toCompletion(result({ values: names(150), ...said }))
      expect(completion.values).toEqual(names(100))
      expect(completion).toMatchObject({ hasMore: true, total: 150 })
    }
    expect(toCompletion(result({ values: names(101), total: 5000 }))).toMatchObject({
      hasMore: true,
      total: 5000,
    })
  })

  it('reads a total above the values kept as more to come', () => {
    expect(toCompletion(result({ values: ['a'], total: 40 }))).toEqual({
      values: ['a'],
      total: 40,
      hasMore: true,
    })
  })

  it('ignores values that are not strings and a total that is not a count', () => {
    expect(toCompletion(result({ values: ['a', 1, null, 'b'], total: -3 }))).toEqual({
      values: ['a', 'b'],
    })
    expect(toCompletion(result({ values: ['a', 'b', 'c'], total: 1 }))).toEqual({
      values: ['a', 'b', 'c'],
      total: 3,
    })
  })
})
