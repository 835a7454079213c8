// Lists and reads go through the cache of record, so callers of the same key share one
// fetch. Each caller still brings its own AbortSignal: aborting ends that caller's wait,
// and when it was the last one waiting (and no observer, such as React Query, watches
// the entry) the fetch itself is cancelled — its signal aborts, which ends the request
// on the wire and any prompt for input the host opened for it.
//
// While callers wait, a passive observer holds the entry: query-core cancels a fetch whose
// last observer leaves, so without it a chip that read ahead and then went (Send clears
// the composer) would cancel the read Send joined, and the input prompt with it.
import {
  type FetchQueryOptions,
  hashKey,
  type QueryClient,
  QueryObserver,
} from '@tanstack/query-core'
import { abortReason } from './abortable.ts'

interface Waiting {
  callers: number
  /** Lets go of the entry (unsubscribes the passive observer), once one holds it. */
  release?: () => void
}

export class SharedFetches {
  readonly #queryClient: QueryClient
  /** Callers waiting per query hash (with or without a signal of their own). */
  readonly #waiting = new Map<string, Waiting>()

  constructor(queryClient: QueryClient) {
    this.#queryClient = queryClient
  }

  /** `queryClient.fetchQuery(options)`, abortable by this caller alone. */
  fetch<T>(options: FetchQueryOptions<T>, signal?: AbortSignal): Promise<T> {
    if (signal?.aborted) return Promise.reject(abortReason(signal))
    const hash = hashKey(options.queryKey)
    const fetching = this.#queryClient.fetchQuery(options)
    this.#join(hash, options)
    let waiting = true
    const leave = (): number => {
      if (!waiting) return Number.NaN
      waiting = false
      return this.#leave(hash)
    }
    return new Promise<T>((resolve, reject) => {
      const onAbort = () => {
        reject(abortReason(signal as AbortSignal))
        if (leave() === 0) this.#cancelUnwatched(options.queryKey)
      }
      signal?.addEventListener('abort', onAbort, { once: true })
      fetching.then(resolve, reject).finally(() => {
        signal?.removeEventListener('abort', onAbort)
        leave()
      })
    })
  }

  #join<T>(hash: string, options: FetchQueryOptions<T>): void {
    const waiting = this.#waiting.get(hash) ?? { callers: 0 }
    waiting.callers++
    this.#waiting.set(hash, waiting)
    const fetching = this.#queryClient.getQueryCache().get(hash)?.state.fetchStatus === 'fetching'
    // Held already, or served from the cache: nothing in flight to hold (yet).
    if (waiting.release || !fetching) return
    // The same options as the fetch (an observer sets them on the entry), never fetching itself.
    const hold = new QueryObserver(this.#queryClient, { ...options, enabled: false })
    waiting.release = hold.subscribe(() => {})
  }

  /** One caller less; the last one lets go of the entry. Returns how many still wait. */
  #leave(hash: string): number {
    const waiting = this.#waiting.get(hash)
    if (!waiting) return 0
    waiting.callers--
    if (waiting.callers > 0) return waiting.callers
    this.#waiting.delete(hash)
    waiting.release?.()
    return 0
  }

  /** Cancels the entry's fetch (reverting its state) unless an observer still wants it. */
  #cancelUnwatched(queryKey: FetchQueryOptions['queryKey']): void {
    const query = this.#queryClient.getQueryCache().find({ queryKey, exact: true })
    if (query?.state.fetchStatus !== 'fetching' || query.getObserversCount() > 0) return
    void query.cancel({ revert: true })
  }
}
