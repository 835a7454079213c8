// What the direct client and the bridged one share: the app's QueryClient (the cache of
// record, shared with React Query) and the pace of a list's background revalidation.
import { createTimeSlicer } from '@resource-kit/search'
import { QueryClient } from '@tanstack/react-query'

/** Between two pages of a revalidation: this long, then an idle period. */
const REVALIDATION_GAP_MS = 50

export function createChatQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false } } })
}

/** A list_changed walks a 100k list again: leave the CPU to typing and the search workers. */
export function chatRevalidationPace(win: Window): (signal: AbortSignal) => Promise<void> {
  // The project's idle wait (background priority, abortable), after a gap.
  const idle = createTimeSlicer()
  return async (signal) => {
    await new Promise((resolve) => win.setTimeout(resolve, REVALIDATION_GAP_MS))
    await idle.idle(signal)
  }
}
