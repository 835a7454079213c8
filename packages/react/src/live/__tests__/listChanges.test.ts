import { describe, expect, it } from 'vitest'
import { listChanges } from '../listChanges.ts'

const a = { uri: 'x://a', name: 'a', size: 1 }
const b = { uri: 'x://b', name: 'b' }
const c = { uri: 'x://c', name: 'c' }
const d = { uri: 'x://d', name: 'd' }
const whole = { before: true, after: true }
const none = { added: [], updated: [], removed: [] }

describe('listChanges', () => {
  it('tells new URIs from changed metadata after a reload', () => {
    const changedA = { ...a, size: 2 }
    expect(listChanges([a, b], [b, changedA, c], whole)).toEqual({
      added: ['x://c'],
      updated: ['x://a'],
      removed: [],
    })
  })

  it('ignores reloads that changed nothing, in any order', () => {
    expect(listChanges([a, b], [{ ...b }, { ...a }], whole)).toEqual(none)
    expect(listChanges([a, b], [b, a], whole)).toEqual(none)
  })

  it('marks a URI removed when a complete reload no longer lists it', () => {
    expect(listChanges([a, b, c], [a, c], whole)).toEqual({ ...none, removed: ['x://b'] })
  })

  it('marks a URI removed from a paged list only when a later one is still listed', () => {
    // b is gone for sure (c, after it, is still there); d may just have moved to page 2.
    expect(listChanges([a, b, c, d], [a, c], { before: false, after: false })).toEqual({
      ...none,
      removed: ['x://b'],
    })
  })

  it('counts what follows a whole list as new, and what follows a partial one as not yet listed', () => {
    expect(listChanges([a, b], [a, b, c], whole)).toEqual({ ...none, added: ['x://c'] })
    expect(listChanges([a, b], [a, b, c], { before: false, after: true })).toEqual(none)
  })
})
