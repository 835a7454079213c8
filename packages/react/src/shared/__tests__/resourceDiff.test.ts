import type { Resource } from '@resource-kit/client'
import { describe, expect, it } from 'vitest'
import { diffResources } from '../resourceDiff.ts'

const make = (n: number, prefix = 'x://r') =>
  Array.from({ length: n }, (_, i): Resource => ({ uri: `${prefix}${i}`, name: `r${i}` }))

describe('diffResources', () => {
  it('finds nothing between the same objects, in any order', () => {
    const list = make(5)
    expect(diffResources(list, list, false)).toEqual({ kind: 'same' })
    expect(diffResources(list, [...list], false)).toEqual({ kind: 'same' })
    expect(diffResources(list, [...list].reverse(), false)).toEqual({ kind: 'same' })
  })

  it('sees a new page as appended', () => {
    const list = make(5)
    const page = make(2, 'x://p')
    expect(diffResources(list, [...list, ...page], false)).toEqual({
      kind: 'appended',
      added: page,
    })
  })

  it('names what a reload took out and put in, by object: a changed resource is both', () => {
    const list = make(6)
    const changed = { ...list[2]!, title: 'New title' }
    const inserted: Resource = { uri: 'x://new', name: 'new' }
    // list_changed: one inserted at the front (shifting every later one), one gone, one changed.
    const next = [inserted, list[0]!, list[1]!, changed, list[3]!, list[5]!]
    const diff = diffResources(list, next, false)
    expect(diff.kind).toBe('changed')
    if (diff.kind !== 'changed') return
    expect(diff.removed).toEqual([list[2], list[4]])
    expect(diff.added).toEqual([inserted, changed])
  })

  it('sees a shorter list as removals', () => {
    const list = make(4)
    expect(diffResources(list, list.slice(0, 2), false)).toEqual({
      kind: 'changed',
      removed: list.slice(2),
      added: [],
    })
  })
})

describe('diffResources within one list generation', () => {
  /** `list` behind a proxy that counts reads of its elements. */
  const counted = (list: Resource[]) => {
    const reads = { count: 0 }
    const proxy = new Proxy(list, {
      get(target, key, receiver) {
        if (typeof key === 'string' && /^\d+$/.test(key)) reads.count++
        return Reflect.get(target, key, receiver)
      },
    })
    return { proxy, reads }
  }

  it('diffs a grown list by its new pages alone, without reading the earlier resources', () => {
    const { proxy: head, reads } = counted(make(1000))
    const page = make(3, 'x://p')
    const grown = [...head, ...page]
    reads.count = 0
    expect(diffResources(head, grown, true)).toEqual({ kind: 'appended', added: page })
    expect(reads.count).toBe(0)
  })

  it('compares a generation read backwards resource by resource', () => {
    const list = make(4)
    const grown = [...list, ...make(2, 'x://g')]
    expect(diffResources(grown, list, true)).toEqual({
      kind: 'changed',
      removed: grown.slice(4),
      added: [],
    })
  })
})
