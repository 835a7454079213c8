// Everything `setItems` precomputes once, so a keystroke never lower-cases or splits a
// string: the compact text of each field and two word indexes (name and title; URI).
import { Tier } from './candidateSet.ts'
import { type FieldText, FieldTextBuilder } from './fieldText.ts'
import type { SearchableItem } from './types.ts'
import { keyAt, letterBit, WordIndex } from './wordIndex.ts'

export const NAME = 0
export const TITLE = 1
export const URI = 2
export const DESCRIPTION = 3
export const FIELD_KEYS = ['name', 'title', 'uri', 'description'] as const
export type FieldKey = (typeof FIELD_KEYS)[number]

/** Only this much of each field is searched: a hostile 10 MB description costs no more than a short one. */
export const MAX_FIELD_LENGTH = 512

export interface SearchCorpus<T> {
  items: T[]
  /** `raw[field][item]`: the field as given (cut at MAX_FIELD_LENGTH), `''` when absent. */
  raw: string[][]
  /** `compact[field]`: every item's field, lower-cased letters and digits only. */
  compact: FieldText[]
  /** Word starts of name and title. */
  labels: WordIndex
  /** Word starts of the URI. */
  uris: WordIndex
}

function text(value: unknown): string {
  if (typeof value !== 'string') return ''
  return value.length > MAX_FIELD_LENGTH ? value.slice(0, MAX_FIELD_LENGTH) : value
}

/** The cheap score of a name or title match at `offset`: like fuse.js, early and in the name is best. */
export function labelCheap(field: number, offset: number, length: number): number {
  return 2 * offset + (field === TITLE ? 8 : 0) + (length >> 2)
}

/** The static rank of a word-prefix match: its tier, then a cheap score within the tier. */
function entryRank(field: number, offset: number, length: number): number {
  if (field === URI) return (Tier.uriWord << 8) | Math.min(255, length - offset + (offset >> 2))
  return (Tier.label << 8) | Math.min(255, labelCheap(field, offset, length))
}

/** Keeps the items that have a string id, name and uri; anything else is skipped, never thrown on. */
export function buildCorpus<T extends SearchableItem>(input: readonly T[]): SearchCorpus<T> {
  const items: T[] = []
  const source = Array.isArray(input) ? input : []
  for (const item of source) {
    if (item === null || typeof item !== 'object') continue
    if (typeof item.id !== 'string' || typeof item.name !== 'string') continue
    if (typeof item.uri !== 'string') continue
    items.push(item)
  }
  const count = items.length
  const raw: string[][] = [new Array(count), new Array(count), new Array(count), new Array(count)]
  const builders = [24, 16, 64, 32].map((length) => new FieldTextBuilder(count, count * length))
  const labels = new WordIndex(count * 6)
  const uris = new WordIndex(count * 10)
  const starts = new Int32Array(MAX_FIELD_LENGTH)
  const suffixLetters = new Int32Array(MAX_FIELD_LENGTH + 1)
  let startCount = 0
  const collect = (position: number) => {
    starts[startCount++] = position
  }
  for (let i = 0; i < count; i++) {
    const item = items[i]!
    for (let field = NAME; field <= DESCRIPTION; field++) {
      const value = text(
        field === NAME
          ? item.name
          : field === TITLE
            ? item.title
            : field === URI
              ? item.uri
              : item.description,
      )
      raw[field]![i] = value
      const builder = builders[field]!
      const begin = builder.size
      startCount = 0
      builder.append(value, MAX_FIELD_LENGTH, collect)
      if (field === DESCRIPTION) continue
      const codes = builder.codes
      const index = field === URI ? uris : labels
      const length = builder.size - 1 - begin
      suffixLetters[length] = 0
      for (let p = length - 1; p >= 0; p--) {
        suffixLetters[p] = suffixLetters[p + 1]! | letterBit(codes[begin + p]!)
      }
      for (let s = 0; s < startCount; s++) {
        const position = starts[s]!
        const offset = position - begin
        const rank = entryRank(field, offset, length)
        index.add(i, field, offset, keyAt(codes, position), rank, suffixLetters[offset]!)
      }
    }
  }
  const compact = builders.map((builder) => builder.finish())
  labels.finish(compact)
  uris.finish(compact)
  return { items, raw, compact, labels, uris }
}
