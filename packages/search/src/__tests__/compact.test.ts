import { describe, expect, it } from 'vitest'
import { compactQuery, compactWithOrigin } from '../compact.ts'
import { FieldTextBuilder } from '../fieldText.ts'

function words(text: string): string[] {
  const { text: compact, wordStarts } = compactWithOrigin(text, 512)
  return wordStarts.map((start, i) => compact.slice(start, wordStarts[i + 1] ?? compact.length))
}

describe('compact', () => {
  it('keeps lower-cased letters and digits only', () => {
    expect(compactQuery('Web-App / src_Comp.TSX', 64)).toBe('webappsrccomptsx')
    expect(compactQuery('Ünïcödé 東京 🙂', 64)).toBe('ünïcödé東京')
    expect(compactQuery('---', 64)).toBe('')
    expect(compactQuery('abcdef', 3)).toBe('abc')
  })

  it('finds word starts at separators, camelCase, acronyms and digits', () => {
    expect(words('UserProfile.tsx')).toEqual(['user', 'profile', 'tsx'])
    expect(words('HTMLParser')).toEqual(['html', 'parser'])
    expect(words('logo-19.png')).toEqual(['logo', '19', 'png'])
    expect(words('v2Api')).toEqual(['v', '2', 'api'])
    expect(words('file:///workspace/web-app')).toEqual(['file', 'workspace', 'web', 'app'])
  })

  it('maps every compact character to its index in the original text', () => {
    const map = compactWithOrigin('a-B_c', 512)
    expect(map.text).toBe('abc')
    expect([...map.origin]).toEqual([0, 2, 4])
  })
})

describe('FieldTextBuilder', () => {
  it('joins items with line breaks and finds the item holding a position', () => {
    const builder = new FieldTextBuilder(3, 4)
    for (const value of ['Alpha', '', 'Ga-mma']) builder.append(value, 512)
    const field = builder.finish()
    expect(field.text).toBe('alpha\n\ngamma\n')
    expect([0, 1, 2].map((item) => field.of(item))).toEqual(['alpha', '', 'gamma'])
    expect([0, 1, 2].map((item) => field.length(item))).toEqual([5, 0, 5])
    expect([0, 5, 6, 7, 12].map((position) => field.itemAt(position))).toEqual([0, 0, 1, 2, 2])
  })

  it('keeps non-Latin text intact through the single decode', () => {
    const builder = new FieldTextBuilder(2, 1)
    for (const value of ['東京', 'x']) builder.append(value, 512)
    expect(builder.finish().text).toBe('東京\nx\n')
  })
})
