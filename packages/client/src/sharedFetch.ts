// Lists and reads go through the cache of record, so callers of the same key share one
// fetch. Each caller still brings its own AbortSignal: aborting ends that caller's wait,
// and when it was the last one waiting (and no observer, such as React Query, watches
// the entry) the fetch itself is cancelled — its signal aborts, which ends the request
// on the wire and any prompt for input the host opened for it.
import { type FetchQueryOptions, hashKey, type QueryClient } from '@tanstack/query-core'
import { abortReason } from './abortable.ts'

export class SharedFetches {
  readonly #queryClient: QueryClient
  /** Callers waiting per query hash (with or without a signal of their own). */
  readonly #waiting = new Map<string, number>()

  constructor(queryClient: QueryClient) {
    this.#queryClient = queryClient
  }

  /** `queryClient.fetchQuery(options)`, abortable by this caller alone. */
  fetch<T>(options: FetchQueryOptions<T>, signal?: AbortSignal): Promise<T> {
    if (signal?.aborted) return Promise.reject(abortReason(signal))
    const hash = hashKey(options.queryKey)
    this.#waiting.set(hash, (this.#waiting.get(hash) ?? 0) + 1)
    let waiting = true
    const leave = (): number => {
      if (!waiting) return Number.NaN
      waiting = false
      const left = (this.#waiting.get(hash) ?? 1) - 1
      if (left > 0) this.#waiting.set(hash, left)
      else this.#waiting.delete(hash)
      return left
    }
    const fetching = this.#queryClient.fetchQuery(options)
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

  /** Cancels the entry's fetch (reverting its state) unless an observer still wants it. */
  #cancelUnwatched(queryKey: FetchQueryOptions['queryKey']): void {
    const query = this.#queryClient.getQueryCache().find({ queryKey, exact: true })
    if (query?.state.fetchStatus !== 'fetching' || query.getObserversCount() > 0) return
    void query.cancel({ revert: true })
  }
}
