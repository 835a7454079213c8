import { describe, expect, it } from 'vitest'
import { typeAhead } from '../typeAhead.ts'

const rows = ['Alpha', 'beta', 'Apple', 'banana', undefined, 'avocado', 'Cherry']
const label = (row: string | undefined) => row

describe('typeAhead', () => {
  it('moves to the next row starting with a letter, ignoring case, wrapping', () => {
    expect(typeAhead(rows, label, 0, 'a')).toBe(2)
    expect(typeAhead(rows, label, 2, 'A')).toBe(5)
    expect(typeAhead(rows, label, 5, 'a')).toBe(0)
    expect(typeAhead(rows, label, 6, 'b')).toBe(1)
    expect(typeAhead(rows, label, -1, 'c')).toBe(6)
  })

  it('stays on the row while a longer prefix still matches it', () => {
    expect(typeAhead(rows, label, 2, 'ap')).toBe(2)
    expect(typeAhead(rows, label, 2, 'av')).toBe(5)
    expect(typeAhead(rows, label, 0, 'ban')).toBe(3)
  })

  it('cycles through rows of one letter when it is typed repeatedly', () => {
    expect(typeAhead(rows, label, 0, 'aa')).toBe(2)
    expect(typeAhead(rows, label, 2, 'aaa')).toBe(5)
  })

  it('returns -1 when nothing matches, and for empty input', () => {
    expect(typeAhead(rows, label, 0, 'zz')).toBe(-1)
    expect(typeAhead(rows, label, 0, '')).toBe(-1)
    expect(typeAhead([], label, 0, 'a')).toBe(-1)
    expect(typeAhead(rows, label, Number.NaN, 'a')).toBe(0)
    expect(typeAhead(rows, label, 1e9, 'c')).toBe(6)
  })
})
