// The search index over sources (the side picker's, the @ popup's, or one shared by both),
// kept in step off the render path: in a Web Worker when the host gives one
// (`@resource-kit/search/worker`), else on the main thread in time slices. It applies the
// changes each server's feed logged since the version it holds (`PickerSource.changes`): a
// page is an `upsert` of that page, a revalidation's patch a `remove` of what went and an
// `upsert` of what came or changed. A server reset, or given by hand with other arrays (no
// change log), is put in again: all of its items upserted, the ids it no longer has taken
// out; a server gone is taken out. Nothing is compared field by field: the client said
// what changed. One update runs at a time; whatever arrives meanwhile is
// coalesced into the next. Listeners hear when the index changed, so a shown search is run
// again over what arrived.
import type { Resource, ResourceTemplate } from '@resource-kit/client'
import {
  type AsyncResourceSearch,
  createWorkerSearch,
  type SearchHit,
  type TimeSlicer,
} from '@resource-kit/search/lazy'
import type { Endpoint } from 'comlink'
import { isAssistantOnly } from '../collection/index.ts'
import type { SourceChange } from '../shared/sourceChanges.ts'
import type { PickerSource } from '../shared/sourceTypes.ts'
import { resourceItem, type SearchItem, templateItem } from './searchItems.ts'

export interface SourceIndexOptions {
  limit: number
  /** The worker running `@resource-kit/search/worker`; without one the index lives on this thread. */
  endpoint?: Endpoint | undefined
  /** Slices the main-thread fallback's indexing. */
  slicer: TimeSlicer
  /** The search the index lives in. @default `createWorkerSearch({ limit, endpoint })` */
  search?: AsyncResourceSearch<SearchItem>
}

/** Items per main-thread slice of indexing (when there is no worker). */
const MAIN_SLICE = 1000

/** Items made between two checks of the slice while a server is put in again. */
const PLAN_STEP = 500

/** What the index holds of one server: the ids, and where in its lists they are. */
interface Held {
  log: object | undefined
  version: number
  /** The arrays indexed (a source made by hand is compared by them). */
  resources: readonly Resource[]
  templates: readonly ResourceTemplate[] | undefined
  ids: Set<string>
}

/** What one update does to the index. */
interface Update {
  remove: string[]
  /** By id: an item removed by a later change of the same update is not put in. */
  upsert: Map<string, SearchItem>
}

export class SourceIndex {
  #search: AsyncResourceSearch<SearchItem>
  #slicer: TimeSlicer
  #held = new Map<string, Held>()
  #wanted: readonly PickerSource[] = []
  #hideAssistantOnly = false
  /** Whether the index holds assistant-only items (changing it puts every server in again). */
  #heldHide = false
  #running: Promise<void> | null = null
  #dirty = false
  #closed = new AbortController()
  #listeners = new Set<() => void>()
  #version = 0

  constructor(options: SourceIndexOptions) {
    this.#search =
      options.search ??
      createWorkerSearch<SearchItem>({ limit: options.limit, endpoint: options.endpoint })
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

  /** Makes the index follow `sources` (coalesced; returns at once). */
  sync(sources: readonly PickerSource[], hideAssistantOnly = false): void {
    this.#wanted = sources
    this.#hideAssistantOnly = hideAssistantOnly
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
    this.#closed.abort(new Error('The search index is closed'))
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
        const update = await this.#plan(this.#wanted, this.#hideAssistantOnly, signal)
        if (update.remove.length === 0 && update.upsert.size === 0) continue
        if (update.remove.length > 0) await this.#search.remove(update.remove, signal)
        await this.#send([...update.upsert.values()], signal)
        this.#version++
        for (const listener of [...this.#listeners]) listener()
      }
    } catch {
      // Closed while updating: nothing is waiting for the index any more.
    } finally {
      this.#running = null
    }
  }

  /**
   * What to remove and upsert so the index holds `sources` (and records it as held). Item
   * by item it builds search items: it yields between changes once a slice is spent (a
   * second of a walk at 100k is thousands of them).
   */
  async #plan(
    sources: readonly PickerSource[],
    hide: boolean,
    signal: AbortSignal,
  ): Promise<Update> {
    const update: Update = { remove: [], upsert: new Map() }
    const everything = hide !== this.#heldHide
    this.#heldHide = hide
    const wanted = new Set(sources.map((source) => source.serverId))
    for (const [serverId, held] of this.#held) {
      if (wanted.has(serverId)) continue
      for (const id of held.ids) update.remove.push(id)
      this.#held.delete(serverId)
    }
    for (const source of sources) {
      const held = this.#held.get(source.serverId)
      const told = everything || !held ? undefined : this.#told(held, source)
      if (told === 'same') continue
      const next: Held = held ?? {
        log: undefined,
        version: 0,
        resources: [],
        templates: [],
        ids: new Set(),
      }
      if (
        told === undefined ||
        !(await this.#applyAll(told, next, source.serverId, hide, update, signal))
      ) {
        // Put in again: all of its items in (an upsert replaces an id held), the rest out.
        const before = next.ids
        next.ids = new Set()
        await this.#addAll(next, source, hide, update, signal)
        for (const id of before) if (!next.ids.has(id)) update.remove.push(id)
      }
      next.log = source.changes?.log
      next.version = source.changes?.version ?? 0
      next.resources = source.resources
      next.templates = source.templates
      this.#held.set(source.serverId, next)
    }
    return update
  }

  /** Every item of `source` in, pausing once a slice is spent. */
  async #addAll(
    held: Held,
    source: PickerSource,
    hide: boolean,
    update: Update,
    signal: AbortSignal,
  ): Promise<void> {
    const { serverId, resources } = source
    for (let at = 0; at < resources.length; at++) {
      const resource = resources[at] as Resource
      if (!(hide && isAssistantOnly(resource))) add(held, resourceItem(serverId, resource), update)
      if (at % PLAN_STEP === PLAN_STEP - 1) await this.#slicer.pause(signal)
    }
    for (const template of source.templates ?? []) {
      if (hide && isAssistantOnly(template)) continue
      add(held, templateItem(serverId, template), update)
    }
  }

  /** Applies logged changes, pausing between them; false on a reset (the server is put in again). */
  async #applyAll(
    told: readonly SourceChange[],
    held: Held,
    serverId: string,
    hide: boolean,
    update: Update,
    signal: AbortSignal,
  ): Promise<boolean> {
    for (const change of told) {
      if (!applyChange(change, held, serverId, hide, update)) return false
      await this.#slicer.pause(signal)
    }
    return true
  }

  /** The changes since `held`; 'same' when none; undefined when the server must be put in again. */
  #told(held: Held, source: PickerSource): readonly SourceChange[] | 'same' | undefined {
    const changes = source.changes
    if (!changes || changes.log !== held.log) {
      const same =
        !changes && held.resources === source.resources && held.templates === source.templates
      return same ? 'same' : undefined
    }
    const told = changes.since(held.version)
    return told?.length === 0 ? 'same' : told
  }

  /** Upserts `items` (in slices on the main thread). */
  async #send(items: readonly SearchItem[], signal: AbortSignal) {
    const step = this.#search.host === 'main' ? MAIN_SLICE : Math.max(1, items.length)
    for (let at = 0; at < items.length; at += step) {
      await this.#search.upsert(items.slice(at, at + step), signal)
      if (this.#search.host === 'main') await this.#slicer.pause(signal)
    }
  }
}

function add(held: Held, item: SearchItem, update: Update): void {
  held.ids.add(item.id)
  update.upsert.set(item.id, item)
}

/** Applies one logged change; false on a reset (the server is put in again). */
function applyChange(
  change: SourceChange,
  held: Held,
  serverId: string,
  hide: boolean,
  update: Update,
): boolean {
  if (change.list === 'reset') return false
  const itemOf =
    change.list === 'resources'
      ? (item: Resource | ResourceTemplate) => resourceItem(serverId, item as Resource)
      : (item: Resource | ResourceTemplate) => templateItem(serverId, item as ResourceTemplate)
  const shown = (item: Resource | ResourceTemplate) => !(hide && isAssistantOnly(item))
  const removed = change.removed as readonly (Resource | ResourceTemplate)[]
  const readded = new Set<string>()
  const added: SearchItem[] = []
  for (const item of change.added as readonly (Resource | ResourceTemplate)[]) {
    if (shown(item)) added.push(itemOf(item))
  }
  for (const { previous, next } of change.changed as readonly {
    previous: Resource | ResourceTemplate
    next: Resource | ResourceTemplate
  }[]) {
    // The same key: an upsert replaces it (unless it is now hidden).
    if (shown(next)) added.push(itemOf(next))
    else if (shown(previous)) removeId(held, itemOf(previous).id, update)
  }
  for (const item of added) readded.add(item.id)
  for (const item of removed) {
    const { id } = itemOf(item)
    if (!readded.has(id)) removeId(held, id, update)
  }
  for (const item of added) add(held, item, update)
  return true
}

function removeId(held: Held, id: string, update: Update): void {
  if (!held.ids.delete(id)) return
  update.upsert.delete(id)
  update.remove.push(id)
}
