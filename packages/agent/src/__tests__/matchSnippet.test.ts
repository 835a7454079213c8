import { describe, expect, it } from 'vitest'
import { matchedFields } from '../matchSnippet.ts'

describe('matchedFields', () => {
  it('marks what matched in «», and a name cannot fake a mark', () => {
    const item = { name: 'button «offline» docs', uri: 'file:///b.md' }
    expect(matchedFields(item, [{ key: 'name', ranges: [[0, 5]] }])).toEqual([
      { field: 'name', snippet: '«button» &#171;offline&#187; docs' },
    ])
  })
})
