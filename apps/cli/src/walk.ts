// A bounded walk over a paged list with a progress line: the CLI's own loop over the
// client's page iterator, so it can count pages as they arrive. It never throws away what
// it already fetched: an error or a cursor loop ends the walk with the items so far.
// The walk owns the limits: it hands the iterator its page limit (the client's iterator
// stops at DEFAULT_MAX_PAGES otherwise), and only a CursorCycleError is a loop.
import type { Page, WalkResult } from '@resource-kit/client'
import type { OutputStream } from './output.ts'
import { Progress } from './progress.ts'

export interface WalkPagesOptions {
  /** The cursor the walk starts from (undefined: the first page). */
  cursor?: string
  maxPages?: number
  maxItems?: number
  signal: AbortSignal
  /** Where the progress line goes (stderr); drawn only on a terminal. */
  progressStream?: OutputStream
  label: string
  now: () => number
}

/** What the walk asks of the page iterator: as many pages as it may take (or unbounded). */
export interface PageRequest {
  /** Infinity when the walk has no page limit. */
  maxPages: number
}

export async function walkPages<T>(
  pages: (cursor: string | undefined, request: PageRequest) => AsyncIterable<Page<T>>,
  options: WalkPagesOptions,
): Promise<WalkResult<T>> {
  const { maxPages, maxItems } = options
  const progress = options.progressStream
    ? new Progress({
        stream: options.progressStream,
        label: options.label,
        now: options.now,
        maxPages,
        maxItems,
      })
    : undefined
  const items: T[] = []
  let count = 0
  // The cursor that fetches the next page; undefined before the first page and at the end.
  let cursor = options.cursor
  let ended = false
  try {
    for await (const page of pages(options.cursor, {
      maxPages: maxPages ?? Number.POSITIVE_INFINITY,
    })) {
      count += 1
      const requestedWith = cursor
      cursor = page.nextCursor
      ended = page.nextCursor === undefined
      const room = maxItems === undefined ? Number.POSITIVE_INFINITY : maxItems - items.length
      items.push(...page.items.slice(0, room))
      progress?.update(count, items.length)
      if (page.items.length > room || (items.length === maxItems && !ended)) {
        // Cut inside a page: resuming means fetching that page again.
        const cutInside = page.items.length > room
        return result(items, count, 'maxItems', cutInside ? requestedWith : cursor)
      }
      if (ended) break
      if (maxPages !== undefined && count >= maxPages)
        return result(items, count, 'maxPages', cursor)
    }
  } catch (error) {
    if (options.signal.aborted) throw error
    if ((error as Error).name === 'CursorCycleError') {
      // A loop has no cursor worth continuing from.
      return { ...result(items, count, 'cycle', undefined), error: error as Error }
    }
    return { ...result(items, count, 'error', cursor), error: error as Error }
  } finally {
    progress?.done()
  }
  if (ended || count === 0) return { items, complete: true, pages: count }
  // The iterator stopped on its own with a cursor left: its own page limit (a loop throws
  // CursorCycleError), so the walk can go on from that cursor.
  return result(items, count, 'maxPages', cursor)
}

function result<T>(
  items: T[],
  pages: number,
  stoppedBy: NonNullable<WalkResult<T>['stoppedBy']>,
  nextCursor: string | undefined,
): WalkResult<T> {
  return {
    items,
    complete: false,
    pages,
    stoppedBy,
    ...(nextCursor !== undefined && { nextCursor }),
  }
}
