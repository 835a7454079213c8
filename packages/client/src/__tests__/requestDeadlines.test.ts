import { describe, expect, it } from 'vitest'
import { DEFAULT_DEADLINES, deadlineOf, resolveDeadlines } from '../requestDeadlines.ts'

describe('request deadlines', () => {
  it('layers the server over the client over the defaults, ignoring nonsense', () => {
    expect(resolveDeadlines()).toEqual(DEFAULT_DEADLINES)
    expect(
      resolveDeadlines(
        { readMs: 5_000, listMs: 2_000 },
        { readMs: 1_000, completeMs: -1, connectMs: Number.NaN },
      ),
    ).toEqual({ ...DEFAULT_DEADLINES, listMs: 2_000, readMs: 1_000 })
  })

  it('picks the deadline by method, and none for the rest', () => {
    const d = resolveDeadlines({ listMs: 1, readMs: 2, completeMs: 3 })
    expect(deadlineOf('resources/list', d)).toBe(1)
    expect(deadlineOf('resources/templates/list', d)).toBe(1)
    expect(deadlineOf('resources/read', d)).toBe(2)
    expect(deadlineOf('completion/complete', d)).toBe(3)
    expect(deadlineOf('resources/subscribe', d)).toBeUndefined()
  })
})
