// The worker side of the search: a ResourceSearch over the searchable fields only, exposed
// with comlink on an endpoint (a worker's `self`, a MessagePort). Hits go back as ids,
// scores and highlight ranges; the main thread maps ids back to its own objects. Once the
// index grows large, a few throwaway searches between real ones warm V8 up (warmUp.ts).
import { type Endpoint, expose } from 'comlink'
import { createResourceSearch } from './resourceSearch.ts'
import type { ResourceSearchOptions, SearchableItem, SearchMatch, SearchOptions } from './types.ts'
import { WarmUp } from './warmUp.ts'

/** A hit as it crosses the thread boundary. */
export interface RemoteHit {
  id: string
  score: number
  matches: SearchMatch[]
}

/** What `exposeResourceSearch` serves (each call is answered in the order it was sent). */
export interface SearchHostApi {
  configure(options: ResourceSearchOptions): void
  setItems(items: SearchableItem[]): number
  upsert(items: SearchableItem[]): number
  remove(ids: string[]): number
  search(query: string, options?: SearchOptions): RemoteHit[]
}

/** Serves a resource search on `endpoint` (in a worker: `exposeResourceSearch(self)`). */
export function exposeResourceSearch(endpoint: Endpoint): void {
  let search = createResourceSearch<SearchableItem>()
  const warmUp = new WarmUp({ search: (query) => search.search(query) })
  const api: SearchHostApi = {
    configure(options) {
      search = createResourceSearch(options)
    },
    setItems(items) {
      search.setItems(items)
      warmUp.indexed(search.size, items)
      return search.size
    },
    upsert(items) {
      search.upsert(items)
      warmUp.indexed(search.size, items)
      return search.size
    },
    remove(ids) {
      search.remove(ids)
      return search.size
    },
    search(query, options) {
      warmUp.searched()
      return search
        .search(query, options)
        .map((hit) => ({ id: hit.item.id, score: hit.score, matches: hit.matches }))
    },
  }
  expose(api, endpoint)
}
