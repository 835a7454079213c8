import { describe, expect, it } from 'vitest'
import { MAX_TTL_MS, readCacheHints, readResultType } from '../cacheHints.ts'
import { InvalidContentError } from '../errors.ts'

describe('readCacheHints', () => {
  it('keeps the hints the server sent', () => {
    expect(readCacheHints({ ttlMs: 5000, cacheScope: 'public' })).toEqual({
      ttlMs: 5000,
      cacheScope: 'public',
    })
  })

  it('reads a missing ttlMs as the default (0 unless set) and a missing cacheScope as private', () => {
    expect(readCacheHints({})).toEqual({ ttlMs: 0, cacheScope: 'private' })
    expect(readCacheHints({}, 30_000)).toEqual({ ttlMs: 30_000, cacheScope: 'private' })
  })

  it('reads a negative or non-numeric ttlMs as 0, even when a default is set', () => {
    expect(readCacheHints({ ttlMs: -1 }, 30_000).ttlMs).toBe(0)
    expect(readCacheHints({ ttlMs: '100' }, 30_000).ttlMs).toBe(0)
    expect(readCacheHints({ ttlMs: Number.NaN }, 30_000).ttlMs).toBe(0)
  })

  it('caps the TTL at 24 hours', () => {
    expect(readCacheHints({ ttlMs: 10 * MAX_TTL_MS }).ttlMs).toBe(MAX_TTL_MS)
    expect(readCacheHints({ ttlMs: Number.POSITIVE_INFINITY }).ttlMs).toBe(MAX_TTL_MS)
  })

  it('reads any scope other than "public" as private', () => {
    expect(readCacheHints({ cacheScope: 'PUBLIC' }).cacheScope).toBe('private')
    expect(readCacheHints({ cacheScope: 'shared' }).cacheScope).toBe('private')
  })
})

describe('readResultType', () => {
  it('reads an absent resultType as complete', () => {
    expect(readResultType({}, 'resources/read')).toBe('complete')
    expect(readResultType({ resultType: 'complete' }, 'resources/read')).toBe('complete')
    expect(readResultType({ resultType: 'input_required' }, 'resources/read')).toBe(
      'input_required',
    )
  })

  it('rejects an unknown resultType, naming it and the server', () => {
    expect(() => readResultType({ resultType: 'task' }, 'resources/read', 'srv')).toThrow(
      InvalidContentError,
    )
    expect(() => readResultType({ resultType: 'task' }, 'resources/read', 'srv')).toThrow(
      /resources\/read result on server "srv": unknown resultType "task"/,
    )
  })
})
