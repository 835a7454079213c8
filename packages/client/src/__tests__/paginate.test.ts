import { describe, expect, it } from 'vitest'
import { CursorCycleError } from '../errors.ts'
import { type FetchPage, iteratePages, walkPages } from '../paginate.ts'
import type { Page } from '../types.ts'

/** A paged list of `count` numbers in pages of `size`, with cursors from `cursorOf`. */
function pagedList(count: number, size: number, cursorOf = (offset: number) => `c${offset}`) {
  const requested: (string | undefined)[] = []
  const fetchPage: FetchPage<number> = async (cursor) => {
    requested.push(cursor)
    const offset = cursor === undefined ? 0 : Number(cursor.slice(1)) || (cursor === '' ? size : 0)
    const items = Array.from({ length: Math.min(size, count - offset) }, (_, i) => offset + i)
    const next = offset + size < count ? cursorOf(offset + size) : undefined
    return {
      items,
      ttlMs: 0,
      cacheScope: 'private',
      ...(next !== undefined && { nextCursor: next }),
    }
  }
  return { fetchPage, requested }
}

const page = (items: number[], nextCursor?: string): Page<number> => ({
  items,
  ttlMs: 0,
  cacheScope: 'private',
  ...(nextCursor !== undefined && { nextCursor }),
})

describe('iteratePages', () => {
  it('yields every page until nextCursor is absent', async () => {
    const { fetchPage, requested } = pagedList(25, 10)
    const pages: number[][] = []
    for await (const p of iteratePages(fetchPage, { method: 'resources/list' })) pages.push(p.items)
    expect(pages.map((p) => p.length)).toEqual([10, 10, 5])
    expect(requested).toEqual([undefined, 'c10', 'c20'])
  })

  it('follows an empty-string cursor instead of stopping', async () => {
    const { fetchPage, requested } = pagedList(25, 10, (offset) =>
      offset === 10 ? '' : `c${offset}`,
    )
    let total = 0
    for await (const p of iteratePages(fetchPage, { method: 'resources/list' }))
      total += p.items.length
    expect(total).toBe(25)
    expect(requested).toEqual([undefined, '', 'c20'])
  })

  it('reports an A → B → A cursor cycle instead of looping', async () => {
    const pages: Record<string, Page<number>> = {
      first: page([1], 'A'),
      A: page([2], 'B'),
      B: page([3], 'A'),
    }
    const fetchPage: FetchPage<number> = async (cursor) => pages[cursor ?? 'first']!
    const seen: number[] = []
    const run = async () => {
      for await (const p of iteratePages(fetchPage, { method: 'resources/list', serverId: 's' })) {
        seen.push(...p.items)
      }
    }
    await expect(run()).rejects.toBeInstanceOf(CursorCycleError)
    expect(seen).toEqual([1, 2, 3])
  })
})

describe('walkPages', () => {
  it('returns everything with complete: true when the list ends', async () => {
    const { fetchPage } = pagedList(25, 10)
    const result = await walkPages(fetchPage, { method: 'resources/list' })
    expect(result).toMatchObject({ complete: true, pages: 3 })
    expect(result.items).toHaveLength(25)
    expect(result.nextCursor).toBeUndefined()
  })

  it('stops at maxPages with complete: false and the cursor to continue from', async () => {
    const { fetchPage } = pagedList(100, 10)
    const first = await walkPages(fetchPage, { method: 'resources/list', maxPages: 3 })
    expect(first).toMatchObject({
      complete: false,
      pages: 3,
      nextCursor: 'c30',
      stoppedBy: 'maxPages',
    })
    const rest = await walkPages(fetchPage, { method: 'resources/list', cursor: first.nextCursor })
    expect([...first.items, ...rest.items]).toEqual(Array.from({ length: 100 }, (_, i) => i))
  })

  it('stops after the page that reaches maxItems, never splitting a page', async () => {
    const { fetchPage } = pagedList(100, 10)
    const result = await walkPages(fetchPage, { method: 'resources/list', maxItems: 15 })
    expect(result).toMatchObject({
      complete: false,
      pages: 2,
      nextCursor: 'c20',
      stoppedBy: 'maxItems',
    })
    expect(result.items).toHaveLength(20)
  })

  it('keeps the items it has when a page fails, with the cursor that failed', async () => {
    const { fetchPage } = pagedList(30, 10)
    const failing: FetchPage<number> = async (cursor, signal) => {
      if (cursor === 'c20') throw new Error('server went away')
      return fetchPage(cursor, signal)
    }
    const result = await walkPages(failing, { method: 'resources/list' })
    expect(result).toMatchObject({
      complete: false,
      pages: 2,
      nextCursor: 'c20',
      stoppedBy: 'error',
    })
    expect(result.items).toHaveLength(20)
    expect(result.error?.message).toBe('server went away')
  })

  it('reports a cycle with the items so far and no cursor to continue', async () => {
    const fetchPage: FetchPage<number> = async (cursor) =>
      cursor === undefined ? page([1, 2], 'A') : cursor === 'A' ? page([3], 'B') : page([4], 'A')
    const result = await walkPages(fetchPage, { method: 'resources/list' })
    expect(result).toMatchObject({ complete: false, pages: 3, stoppedBy: 'cycle' })
    expect(result.items).toEqual([1, 2, 3, 4])
    expect(result.nextCursor).toBeUndefined()
    expect(result.error).toBeInstanceOf(CursorCycleError)
  })

  it('stops with stoppedBy: aborted when the signal aborts', async () => {
    const { fetchPage } = pagedList(100, 10)
    const abort = new AbortController()
    const aborting: FetchPage<number> = async (cursor, signal) => {
      const result = await fetchPage(cursor, signal)
      if (cursor === 'c10') abort.abort()
      return result
    }
    const result = await walkPages(aborting, { method: 'resources/list', signal: abort.signal })
    expect(result).toMatchObject({
      complete: false,
      pages: 2,
      stoppedBy: 'aborted',
      nextCursor: 'c20',
    })
  })
})
