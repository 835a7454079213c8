import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  folderMessageRowId,
  folderNodeId,
  loadMoreRowId,
  resourceKey,
  serverNodeId,
  statusRowId,
  templateNodeId,
  templatesNodeId,
} from '../ids.ts'

/** Every kind of id, each from a server id and (for some) a second string. */
const kinds = {
  resource: (s: string, x: string) => resourceKey(s, x),
  server: (s: string) => serverNodeId(s),
  folder: (s: string, x: string) => folderNodeId(s, x),
  templates: (s: string) => templatesNodeId(s),
  template: (s: string, x: string) => templateNodeId(s, x),
  status: (s: string) => statusRowId(s),
  loadMore: (s: string) => loadMoreRowId(s),
  message: (s: string, x: string) => folderMessageRowId(resourceKey(s, x)),
}
type Kind = keyof typeof kinds

describe('ids', () => {
  it('keeps a server whose id looks like a synthetic tag apart from that synthetic row', () => {
    // The old `status\0<server>` / `<server>\0<uri>` scheme made these two equal.
    expect(resourceKey('status', 'x')).not.toBe(statusRowId('x'))
    expect(resourceKey('template', 'a\u0000b')).not.toBe(templateNodeId('a', 'b'))
    expect(resourceKey('a:1', 'b')).not.toBe(resourceKey('a', '1:b'))
  })

  it('never gives two different (kind, server, text) triples the same id', () => {
    const kind = fc.constantFrom(...(Object.keys(kinds) as Kind[]))
    const text = fc.string({ unit: fc.constantFrom('a', ':', '0', '1', '\u0000', 'r', 's', 'm') })
    fc.assert(
      fc.property(kind, text, text, kind, text, text, (k1, s1, x1, k2, s2, x2) => {
        const a = kinds[k1](s1, x1)
        const b = kinds[k2](s2, x2)
        // Kinds without a second string ignore it: compare only what they are built from.
        const sameInput = k1 === k2 && s1 === s2 && (kinds[k1].length === 1 || x1 === x2)
        expect(a === b).toBe(sameInput)
      }),
      { numRuns: 3000 },
    )
  })
})
