import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { buildCorpus, FIELD_KEYS } from '../searchCorpus.ts'
import { generateResources } from './fixtures.ts'

describe('WordIndex', () => {
  const corpus = buildCorpus(generateResources(400, 5))

  /** Every (item, field, offset) whose word starts with `prefix`, by brute force. */
  function bruteForce(prefix: string, fields: number[]) {
    const found: string[] = []
    for (const field of fields) {
      const text = corpus.compact[field]!
      for (let item = 0; item < corpus.items.length; item++) {
        const value = corpus.raw[field]![item]!
        // Word starts recomputed independently through the highlight path.
        const compact = text.of(item)
        for (let offset = 0; offset < compact.length; offset++) {
          if (compact.startsWith(prefix, offset) && startsWord(value, compact, offset)) {
            found.push(`${item}/${field}/${offset}`)
          }
        }
      }
    }
    return found.sort()
  }

  function visited(prefix: string, index: 'labels' | 'uris') {
    const found: string[] = []
    corpus[index].forEachPrefix(prefix, (item, field, offset) => {
      found.push(`${item}/${field}/${offset}`)
    })
    return found.sort()
  }

  it('visits exactly the word starts that begin with a prefix, for any prefix length', () => {
    for (const prefix of ['b', 'bu', 'button', 'buttongroup', 'webapp', 'src', 'x', 'zzz', '7']) {
      expect(visited(prefix, 'labels')).toEqual(bruteForce(prefix, [0, 1]))
      expect(visited(prefix, 'uris')).toEqual(bruteForce(prefix, [2]))
    }
  })

  it('agrees with brute force on arbitrary prefixes taken from the data', () => {
    const sample = fc.tuple(
      fc.nat(corpus.items.length - 1),
      fc.constantFrom(0, 1, 2),
      fc.nat(30),
      fc.integer({ min: 1, max: 9 }),
    )
    fc.assert(
      fc.property(sample, ([item, field, start, length]) => {
        const prefix = corpus.compact[field]!.of(item).slice(start, start + length)
        if (prefix.length === 0) return
        const index = field === 2 ? 'uris' : 'labels'
        expect(visited(prefix, index)).toEqual(bruteForce(prefix, field === 2 ? [2] : [0, 1]))
      }),
      { numRuns: 40 },
    )
  })

  it('visits only the best-ranked entries of a big range when asked for a few', () => {
    const all: number[] = []
    corpus.labels.forEachPrefix('b', (_item, _field, _offset, rank) => {
      all.push(rank)
    })
    const best: number[] = []
    corpus.labels.forEachPrefix(
      'b',
      (_item, _field, _offset, rank) => {
        best.push(rank)
      },
      10,
    )
    expect(all.length).toBeGreaterThan(10)
    expect(best.length).toBeGreaterThanOrEqual(10)
    expect(best.length).toBeLessThan(all.length)
    const bound = Math.max(...best)
    expect(all.filter((rank) => rank < bound).length).toBeLessThan(10)
  })

  it('indexes name and title in one index, the URI in the other', () => {
    expect(FIELD_KEYS).toEqual(['name', 'title', 'uri', 'description'])
    const fields = new Set<number>()
    corpus.labels.forEachPrefix('b', (_item, field) => {
      fields.add(field)
    })
    expect([...fields].every((field) => field === 0 || field === 1)).toBe(true)
  })
})

/** Whether the compact character at `offset` begins a word of the original `value`. */
function startsWord(value: string, compact: string, offset: number): boolean {
  let seen = -1
  for (let i = 0; i < value.length; i++) {
    if (!/[\p{L}\p{N}]/u.test(value[i]!)) continue
    seen++
    if (seen !== offset) continue
    const previous = value[i - 1] ?? ''
    const next = value[i + 1] ?? ''
    const char = value[i]!
    if (!/[\p{L}\p{N}]/u.test(previous)) return true
    const digit = (c: string) => /\d/.test(c)
    if (digit(char) !== digit(previous)) return true
    if (/[A-Z]/.test(char) && /[a-z]/.test(previous)) return true
    return /[A-Z]/.test(char) && /[A-Z]/.test(previous) && /[a-z]/.test(next)
  }
  return compact.length === 0
}
