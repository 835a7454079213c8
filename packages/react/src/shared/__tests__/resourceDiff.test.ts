import type { Resource } from '@resource-kit/client'
import { describe, expect, it } from 'vitest'
import { appendResources, diffResources } from '../resourceDiff.ts'

const make = (n: number, prefix = 'x://r') =>
  Array.from({ length: n }, (_, i): Resource => ({ uri: `${prefix}${i}`, name: `r${i}` }))

describe('diffResources', () => {
  it('finds nothing between the same objects, in any order', () => {
    const list = make(5)
    expect(diffResources(list, list)).toEqual({ kind: 'same' })
    expect(diffResources(list, [...list])).toEqual({ kind: 'same' })
    expect(diffResources(list, [...list].reverse())).toEqual({ kind: 'same' })
  })

  it('sees a new page as appended', () => {
    const list = make(5)
    const page = make(2, 'x://p')
    expect(diffResources(list, [...list, ...page])).toEqual({ kind: 'appended', added: page })
  })

  it('names what a reload took out and put in, by object: a changed resource is both', () => {
    const list = make(6)
    const changed = { ...list[2]!, title: 'New title' }
    const inserted: Resource = { uri: 'x://new', name: 'new' }
    // list_changed: one inserted at the front (shifting every later one), one gone, one changed.
    const next = [inserted, list[0]!, list[1]!, changed, list[3]!, list[5]!]
    const diff = diffResources(list, next)
    expect(diff.kind).toBe('changed')
    if (diff.kind !== 'changed') return
    expect(diff.removed).toEqual([list[2], list[4]])
    expect(diff.added).toEqual([inserted, changed])
  })

  it('sees a shorter list as removals', () => {
    const list = make(4)
    expect(diffResources(list, list.slice(0, 2))).toEqual({
      kind: 'changed',
      removed: list.slice(2),
      added: [],
    })
  })
})

describe('appendResources', () => {
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
    const grown = appendResources(head, [page])
    reads.count = 0
    expect(diffResources(head, grown)).toEqual({ kind: 'appended', added: page })
    // The same through lists grown in between (a consumer that skipped a publish).
    const more = make(2, 'x://q')
    expect(diffResources(head, appendResources(grown, [more]))).toEqual({
      kind: 'appended',
      added: [...page, ...more],
    })
    expect(reads.count).toBe(0)
  })

  it('compares lists of different lines, or a line backwards, resource by resource', () => {
    const list = make(4)
    const a = appendResources([], [list])
    const b = appendResources([], [list, make(1, 'x://b')])
    expect(diffResources(a, b)).toEqual({ kind: 'appended', added: [b[4]] })
    const grown = appendResources(a, [make(2, 'x://g')])
    expect(diffResources(grown, a)).toEqual({ kind: 'changed', removed: grown.slice(4), added: [] })
  })

  it('returns the head itself when no page brings a resource', () => {
    const head = appendResources([], [make(2)])
    expect(appendResources(head, [])).toBe(head)
    expect(appendResources(head, [[]])).toEqual(head)
  })
})
