import type { Page } from '@resource-kit/client'
import { describe, expect, it } from 'vitest'
import { walkPages } from '../walk.ts'

type Pages = Record<string, { items: number[]; next?: string }>

/** A paged list as the client's iterator yields it, following cursors through `pages` (key '' = first page). */
function lister(pages: Pages, failAt?: string) {
  const requested: (string | undefined)[] = []
  const iterate = (start: string | undefined) =>
    (async function* (): AsyncGenerator<Page<number>> {
      let cursor = start
      for (;;) {
        requested.push(cursor)
        if (failAt !== undefined && (cursor ?? '') === failAt)
          throw Object.assign(new Error('boom'), { name: 'McpRequestError' })
        const page = pages[cursor ?? ''] as { items: number[]; next?: string }
        yield {
          items: page.items,
          ttlMs: 0,
          cacheScope: 'private',
          ...(page.next !== undefined && { nextCursor: page.next }),
        }
        if (page.next === undefined) return
        cursor = page.next
      }
    })()
  return { iterate, requested }
}

const threePages: Pages = {
  '': { items: [1, 2], next: 'b' },
  b: { items: [3, 4], next: 'c' },
  c: { items: [5] },
}
const base = { signal: new AbortController().signal, label: 'items', now: () => 0 }

describe('walkPages', () => {
  it('walks to the end', async () => {
    const { iterate } = lister(threePages)
    expect(await walkPages(iterate, base)).toEqual({
      items: [1, 2, 3, 4, 5],
      complete: true,
      pages: 3,
    })
  })

  it('stops at --max-pages with the cursor to continue from', async () => {
    const { iterate } = lister(threePages)
    expect(await walkPages(iterate, { ...base, maxPages: 2 })).toEqual({
      items: [1, 2, 3, 4],
      complete: false,
      pages: 2,
      stoppedBy: 'maxPages',
      nextCursor: 'c',
    })
  })

  it('cuts inside a page at --max-items and resumes from that page', async () => {
    const { iterate } = lister(threePages)
    expect(await walkPages(iterate, { ...base, maxItems: 3 })).toMatchObject({
      items: [1, 2, 3],
      stoppedBy: 'maxItems',
      nextCursor: 'b',
    })
  })

  it('ends exactly at --max-items on a page boundary with the next cursor', async () => {
    const { iterate } = lister(threePages)
    expect(await walkPages(iterate, { ...base, maxItems: 4 })).toMatchObject({
      items: [1, 2, 3, 4],
      nextCursor: 'c',
      stoppedBy: 'maxItems',
    })
  })

  it('is complete when the last page holds exactly --max-items', async () => {
    const { iterate } = lister(threePages)
    expect(await walkPages(iterate, { ...base, maxItems: 5 })).toMatchObject({
      complete: true,
      pages: 3,
    })
  })

  it('keeps what it fetched when a page fails', async () => {
    const { iterate } = lister(threePages, 'c')
    const walk = await walkPages(iterate, base)
    expect(walk).toMatchObject({
      items: [1, 2, 3, 4],
      complete: false,
      stoppedBy: 'error',
      nextCursor: 'c',
      pages: 2,
    })
    expect(walk.error?.message).toBe('boom')
  })

  it('reads a CursorCycleError as a cycle', async () => {
    const iterate = () =>
      (async function* (): AsyncGenerator<Page<number>> {
        yield { items: [1], nextCursor: 'a', ttlMs: 0, cacheScope: 'private' }
        throw Object.assign(new Error('loops'), { name: 'CursorCycleError' })
      })()
    expect(await walkPages(iterate, base)).toMatchObject({ items: [1], stoppedBy: 'cycle' })
  })

  it('reads an iterator that stops on its own with a cursor left as a page limit, not a loop', async () => {
    const iterate = () =>
      (async function* (): AsyncGenerator<Page<number>> {
        yield { items: [1], nextCursor: 'a', ttlMs: 0, cacheScope: 'private' }
      })()
    expect(await walkPages(iterate, base)).toMatchObject({
      items: [1],
      stoppedBy: 'maxPages',
      nextCursor: 'a',
    })
  })

  it('starts from --cursor', async () => {
    const { iterate, requested } = lister(threePages)
    expect(await walkPages(iterate, { ...base, cursor: 'b' })).toMatchObject({
      items: [3, 4, 5],
      complete: true,
    })
    expect(requested[0]).toBe('b')
  })

  it('rethrows when the run was aborted', async () => {
    const controller = new AbortController()
    controller.abort(new Error('stop'))
    const { iterate } = lister(threePages, '')
    await expect(walkPages(iterate, { ...base, signal: controller.signal })).rejects.toThrow('boom')
  })
})
