// Cursor paging, independent of what is paged: one page at a time as an async iterator,
// and a bounded walk that never throws away what it already has. Cursors are opaque
// (an empty string is a cursor like any other); only an absent `nextCursor` ends a list.
// A cursor already followed in this walk means the server loops (A → B → A): that is
// reported, never followed.
import { CursorCycleError } from './errors.ts'
import type { Page, WalkResult } from './types.ts'

/**
 * Pages a walk (or a page iterator of the client) follows when no `maxPages` is given: an
 * endless server cannot exhaust memory, and a picker rarely needs more than 1,000 pages.
 * Past it the walk returns `complete: false`, `stoppedBy: 'maxPages'` and the cursor.
 */
export const DEFAULT_MAX_PAGES = 1_000

/** Fetches the page at `cursor` (undefined = the first page). */
export type FetchPage<T> = (cursor: string | undefined, signal?: AbortSignal) => Promise<Page<T>>

export interface PagesOptions {
  /** Start here instead of the first page. */
  cursor?: string
  signal?: AbortSignal
  /** For the cycle error's message. */
  method: string
  serverId?: string
}

/** Yields pages until the list ends; throws CursorCycleError when the server loops. */
export async function* iteratePages<T>(
  fetchPage: FetchPage<T>,
  options: PagesOptions,
): AsyncGenerator<Page<T>, void, undefined> {
  const seen = new Set<string | undefined>()
  let cursor = options.cursor
  for (;;) {
    options.signal?.throwIfAborted()
    seen.add(cursor)
    const page = await fetchPage(cursor, options.signal)
    yield page
    if (page.nextCursor === undefined) return
    if (seen.has(page.nextCursor)) {
      throw new CursorCycleError(options.method, page.nextCursor, options.serverId)
    }
    cursor = page.nextCursor
  }
}

export interface WalkLimits {
  /** Stop after this many pages. @default DEFAULT_MAX_PAGES (1000) */
  maxPages?: number
  /** Stop after the page that brings the item count to this (pages are never split). @default Infinity */
  maxItems?: number
}

/**
 * Walks pages up to the limits. Stopping early (a limit, a cycle, an error, an abort)
 * returns the items so far with `complete: false` and, for a limit, the cursor to go on.
 */
export async function walkPages<T>(
  fetchPage: FetchPage<T>,
  options: PagesOptions & WalkLimits,
): Promise<WalkResult<T>> {
  const maxPages = options.maxPages ?? DEFAULT_MAX_PAGES
  const maxItems = options.maxItems ?? Number.POSITIVE_INFINITY
  const items: T[] = []
  let pages = 0
  let nextCursor: string | undefined = options.cursor
  try {
    for await (const page of iteratePages(fetchPage, options)) {
      pages += 1
      for (const item of page.items) items.push(item)
      nextCursor = page.nextCursor
      if (nextCursor === undefined) return { items, complete: true, pages }
      if (pages >= maxPages)
        return { items, complete: false, nextCursor, pages, stoppedBy: 'maxPages' }
      if (items.length >= maxItems) {
        return { items, complete: false, nextCursor, pages, stoppedBy: 'maxItems' }
      }
    }
    return { items, complete: true, pages }
  } catch (error) {
    const err = error instanceof Error ? error : new Error(String(error))
    const stoppedBy =
      error instanceof CursorCycleError ? 'cycle' : options.signal?.aborted ? 'aborted' : 'error'
    // After a cycle there is no cursor worth continuing from.
    const resume = stoppedBy === 'cycle' ? undefined : nextCursor
    return {
      items,
      complete: false,
      ...(resume !== undefined && { nextCursor: resume }),
      pages,
      stoppedBy,
      error: err,
    }
  }
}
