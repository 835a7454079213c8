// The picker's search index, kept in step with the servers' data off the render path: in
// a Web Worker when the host gives one (`@resource-kit/search/worker`), else on the main
// thread in time slices. A page appended to a list sends that page (`upsert`); a reload
// that patched a list sends its patch (`remove` + `upsert`); a server rebuilt or removed
// sends the whole difference (`setItems`, which diffs). One update runs
// at a time; whatever arrives meanwhile is coalesced into the next. Listeners hear when
// the index changed, so a shown search is run again over what arrived.
import {
  type AsyncResourceSearch,
  createWorkerSearch,
  type SearchHit,
  type TimeSlicer,
} from '@resource-kit/search/lazy'
import type { Endpoint } from 'comlink'
import type { SearchItem } from './buildSourceRows.ts'
import type { SourceData } from './sourceData.ts'

export interface PickerSearchOptions {
  limit: number
  /** The worker running `@resource-kit/search/worker`; without one the index lives on this thread. */
  endpoint?: Endpoint | undefined
  /** Slices the main-thread fallback's indexing. */
  slicer: TimeSlicer
}

/** Items per main-thread slice of indexing (when there is no worker). */
const MAIN_SLICE = 1000

/** What the index holds of one server: its items up to `count` of that generation and revision. */
interface Sent {
  generation: number
  revision: number
  count: number
}

/** The index holds exactly the items before `d`'s patch: the patch alone brings it up to date. */
function patchApplies(sent: Sent, d: SourceData): boolean {
  return (
    d.patch !== undefined && sent.revision === d.revision - 1 && sent.count === d.patch.baseCount
  )
}

export class PickerSearch {
  #search: AsyncResourceSearch<SearchItem>
  #slicer: TimeSlicer
  #sent = new Map<string, Sent>()
  #wanted: readonly SourceData[] = []
  #running: Promise<void> | null = null
  #dirty = false
  #closed = new AbortController()
  #listeners = new Set<() => void>()
  #version = 0

  constructor(options: PickerSearchOptions) {
    this.#search = createWorkerSearch<SearchItem>({
      limit: options.limit,
      endpoint: options.endpoint,
    })
    this.#slicer = options.slicer
  }

  /** Bumps each time the index content changed. */
  get version(): number {
    return this.#version
  }

  /** Items the index holds (as far as this thread knows). */
  get size(): number {
    return this.#search.size
  }

  /** Where the index lives now. */
  get host(): 'worker' | 'main' {
    return this.#search.host
  }

  subscribe(listener: () => void): () => void {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  /** Makes the index follow `data` (coalesced; returns at once). */
  sync(data: readonly SourceData[]): void {
    this.#wanted = data
    this.#dirty = true
    if (!this.#running) this.#running = this.#drain()
  }

  /** Resolves when the index holds everything given to `sync` so far. */
  async idle(): Promise<void> {
    while (this.#running) await this.#running
  }

  /** Hits for `query` from the index as it is now. */
  async search(
    query: string,
    limit: number,
    signal: AbortSignal,
    /** Only this server's items (a `server:` scope). */
    serverId?: string,
    /** Only the items this accepts (a picker on a shared index): `limit` of them while there are. */
    keep?: (item: SearchItem) => boolean,
  ): Promise<SearchHit<SearchItem>[]> {
    const scope = serverId || undefined
    if (!keep) return this.#search.search(query, { limit, signal, scope })
    // Ask for more while the hits filled what was asked but too few were kept.
    for (let asked = limit; ; asked *= 2) {
      const hits = await this.#search.search(query, { limit: asked, signal, scope })
      const kept = hits.filter((hit) => keep(hit.item))
      if (kept.length >= limit || hits.length < asked) return kept.slice(0, limit)
    }
  }

  close(): void {
    this.#closed.abort(new Error('The picker search is closed'))
    this.#search.close()
    this.#listeners.clear()
  }

  async #drain(): Promise<void> {
    const signal = this.#closed.signal
    try {
      // Not inside the render's commit that called sync: copying a page to the worker is a task of its own.
      await this.#slicer.yield(signal)
      while (this.#dirty && !signal.aborted) {
        this.#dirty = false
        if (!(await this.#apply(this.#wanted, signal))) continue
        this.#version++
        for (const listener of [...this.#listeners]) listener()
      }
    } catch {
      // Closed while updating: nothing is waiting for the index any more.
    } finally {
      this.#running = null
    }
  }

  /** Sends what changed since the last update; false when nothing did. */
  async #apply(data: readonly SourceData[], signal: AbortSignal): Promise<boolean> {
    const ids = new Set(data.map((d) => d.serverId))
    const counts = data.map((d) => d.items.length)
    // A server gone, rebuilt, or patched more than once since it was sent: diff everything.
    const rebuilt =
      [...this.#sent.keys()].some((id) => !ids.has(id)) ||
      data.some((d) => {
        const sent = this.#sent.get(d.serverId)
        if (sent === undefined) return false
        if (sent.generation !== d.generation) return true
        return sent.revision !== d.revision && !patchApplies(sent, d)
      })
    const changed = data.some((d, i) => {
      const sent = this.#sent.get(d.serverId)
      return sent === undefined || sent.count !== counts[i] || sent.revision !== d.revision
    })
    if (!rebuilt && !changed) return false
    if (rebuilt) {
      // Something was replaced or removed: hand over the whole list; setItems diffs it.
      const all: SearchItem[] = []
      data.forEach((d, i) => {
        for (let k = 0; k < (counts[i] as number); k++) all.push(d.items[k] as SearchItem)
      })
      await this.#search.setItems(all, signal)
    } else {
      for (const [i, d] of data.entries()) {
        const sent = this.#sent.get(d.serverId)
        let from = sent?.count ?? 0
        if (sent && d.patch && patchApplies(sent, d)) {
          // A reload's patch: what it took out, then what it put in (and any tail after it).
          await this.#search.remove(d.patch.removedIds, signal)
          from = d.patch.addedFrom
        }
        await this.#send(d.items, from, counts[i] as number, signal)
      }
    }
    this.#sent = new Map(
      data.map((d, i) => [
        d.serverId,
        { generation: d.generation, revision: d.revision, count: counts[i] as number },
      ]),
    )
    return true
  }

  /** Sends `items[from..to)` (upsert), in slices on the main thread. */
  async #send(items: readonly SearchItem[], from: number, to: number, signal: AbortSignal) {
    const step = this.#search.host === 'main' ? MAIN_SLICE : to - from
    for (let at = from; at < to; at += step) {
      await this.#search.upsert(items.slice(at, Math.min(to, at + step)), signal)
      if (this.#search.host === 'main') await this.#slicer.pause(signal)
    }
  }
}
