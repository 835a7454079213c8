import { describe, expect, it } from 'vitest'
import { draftKeywords } from '../suggestResources.ts'

describe('draftKeywords', () => {
  it('keeps the words that can name a resource, split at punctuation', () => {
    expect(draftKeywords('Can you look at how we refresh the token?')).toEqual(['refresh', 'token'])
    expect(draftKeywords('look at WEB-183 and src/refund/refreshToken.ts')).toEqual([
      'web',
      '183',
      'src',
      'refund',
      'refreshtoken',
      'ts',
    ])
    expect(draftKeywords('Thanks, that looks good to me!')).toEqual(['good'])
  })

  it('drops a plural’s s (the search matches prefixes), never a double s', () => {
    expect(draftKeywords('migrate the cards and invoices; check the process')).toEqual([
      'migrate',
      'card',
      'invoice',
      'process',
    ])
  })

  it('keeps the eight longest words of a long draft, in their order', () => {
    const words = draftKeywords(
      'alpha beta gamma delta epsilon zeta eta theta iota kappa lambda omicron',
    )
    expect(words).toHaveLength(8)
    expect(words).toEqual([
      'alpha',
      'gamma',
      'delta',
      'epsilon',
      'theta',
      'kappa',
      'lambda',
      'omicron',
    ])
  })
})
