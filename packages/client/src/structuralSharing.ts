// A revalidation hands its consumers the objects they already have. Each item of the new
// pass that is the same JSON value as the shown pass's item with its key (a resource's URI,
// a template's URI template) is replaced by that object, and a page whose items all come
// back as the shown page at the same index is that page's array: the picker's tree, its
// index and the @ candidates then see what did not change as unchanged (by identity) and
// rework only the rest. The cost is the page's own: the item at the same place is tried
// first; from the first page that does not line up (an insertion or a removal shifted it)
// on, the shown items are found by key in a map that grows with the walk, from that page on
// to two pages further per page, so no page ever indexes the whole pass at once (100k URIs
// took ~100 ms on one page here). An item moved further than that (a reorder, a removal of
// pages of items before it) is a new object, as any changed one.
//
// While it shares, it also records what it saw (kept, replaced by a changed object, new), so
// that the pass that replaces the shown one says what changed (`patch()`, the list's
// `patched` event) without anyone diffing the two passes again.
import { replaceEqualDeep } from '@tanstack/query-core'
import type { ListItemChange } from './resourceClient.ts'

/** What a revalidation changed in the shown items (see `ListChange`'s `patched`). */
export interface ListPatch<T> {
  readonly added: readonly T[]
  readonly changed: readonly ListItemChange<T>[]
  readonly removed: readonly T[]
  readonly displaced: readonly T[]
}

/** The shown pass's pages, reused page by page by the pass that replaces them. */
export class StructuralSharing<T extends object> {
  readonly #pages: readonly (readonly T[])[]
  readonly #keyOf: (item: T) => string
  /**
   * Once a page did not line up: the shown items not reused yet, by key (the first of a key
   * listed twice), of the pages from `#from` up to `#indexed`. Reusing one takes it out, so
   * no object is handed out twice (a key the server now lists twice is two objects).
   */
  readonly #byKey = new Map<string, T>()
  #from: number | undefined
  #indexed = 0
  // What the new pass did with the shown items, until `patch()`:
  #recording = true
  /** Shown pages handed back whole (every item kept at its place). */
  readonly #whole = new Set<number>()
  /** Shown items kept, on pages not handed back whole. */
  readonly #kept = new Set<T>()
  /** Shown items whose key came back with other content: the shown object → the new one. */
  readonly #replaced = new Map<T, T>()
  /** New items that matched no shown item (yet: one moved far is paired by key in `patch()`). */
  readonly #fresh: T[] = []

  constructor(pages: readonly (readonly T[])[], keyOf: (item: T) => string) {
    this.#pages = pages
    this.#keyOf = keyOf
  }

  /**
   * The items of the new pass's page `index`, each replaced by the shown item it equals;
   * the shown page itself when that makes every item the shown one at the same place; the
   * items as they came when none is kept (they are not modified: they belong to the cache).
   */
  share(index: number, items: readonly T[]): readonly T[] {
    const previous = this.#pages[index]
    if (this.#from !== undefined) this.#grow(index)
    let aligned = previous !== undefined && previous.length === items.length
    let shared: T[] | undefined
    const kept: T[] = []
    const replaced: [T, T][] = []
    const fresh: T[] = []
    for (let i = 0; i < items.length; i++) {
      const item = items[i] as T
      const candidate = this.#candidate(index, i, item, previous?.[i])
      const same = candidate !== undefined && this.#reuse(candidate, item)
      if (!same || candidate !== previous?.[i]) aligned = false
      if (same) kept.push(candidate)
      else if (candidate !== undefined) replaced.push([candidate, item])
      else fresh.push(item)
      if (same && !shared) shared = items.slice(0, i)
      shared?.push(same ? candidate : item)
    }
    if (this.#recording) {
      if (aligned) this.#whole.add(index)
      else {
        for (const item of kept) this.#kept.add(item)
        for (const [before, after] of replaced) this.#replaced.set(before, after)
        for (const item of fresh) this.#fresh.push(item)
      }
    }
    if (aligned) return previous as readonly T[]
    return shared ?? items
  }

  /**
   * What the pages shared so far changed in the shown ones, once they replace them (the
   * recording stops: later pages are appended). A shown item neither kept nor replaced is
   * `removed` when the new pass proves it (it is `complete`, or it lists an item that came
   * after it), else `displaced` (an insertion may have pushed it to a page not walked yet).
   */
  patch(complete: boolean): ListPatch<T> {
    this.#recording = false
    const keyOf = this.#keyOf
    // Shown items not listed any more, in their order, and the place of the last one listed.
    const gone: { item: T; at: number; paired?: true }[] = []
    let lastListed = -1
    let at = 0
    for (const [index, page] of this.#pages.entries()) {
      if (this.#whole.has(index)) {
        at += page.length
        lastListed = at - 1
        continue
      }
      for (const item of page) {
        if (this.#kept.has(item) || this.#replaced.has(item)) lastListed = at
        else gone.push({ item, at })
        at++
      }
    }
    const changed: ListItemChange<T>[] = []
    for (const [previous, next] of this.#replaced) changed.push({ previous, next })
    // A new item whose key a gone one had: that item moved too far to be matched, and changed.
    const goneByKey = new Map<string, (typeof gone)[number]>()
    for (const entry of gone)
      if (!goneByKey.has(keyOf(entry.item))) goneByKey.set(keyOf(entry.item), entry)
    const added: T[] = []
    for (const item of this.#fresh) {
      const entry = goneByKey.get(keyOf(item))
      if (entry === undefined || entry.paired) {
        added.push(item)
        continue
      }
      entry.paired = true
      lastListed = Math.max(lastListed, entry.at)
      changed.push({ previous: entry.item, next: item })
    }
    const removed: T[] = []
    const displaced: T[] = []
    for (const entry of gone) {
      if (entry.paired) continue
      if (complete || entry.at < lastListed) removed.push(entry.item)
      else displaced.push(entry.item)
    }
    this.#kept.clear()
    this.#replaced.clear()
    this.#fresh.length = 0
    return { added, changed, removed, displaced }
  }

  /** The shown item with `item`'s key that it may reuse (at the same place, or free in the map). */
  #candidate(index: number, i: number, item: T, atSamePlace: T | undefined): T | undefined {
    const key = this.#keyOf(item)
    let candidate: T | undefined
    // At the same place with the same key: that one or none (it changed).
    if (atSamePlace !== undefined && this.#keyOf(atSamePlace) === key) candidate = atSamePlace
    else {
      if (this.#from === undefined) this.#start(index, i)
      candidate = this.#byKey.get(key)
    }
    if (candidate === undefined) return undefined
    // Past the first shifted page, only what the map still holds is free to reuse.
    if (this.#from !== undefined && this.#byKey.get(key) !== candidate) return undefined
    return candidate
  }

  /** `item` is the same JSON value as `candidate`: it is taken (out of the map). */
  #reuse(candidate: T, item: T): boolean {
    // query-core's structural sharing returns its first argument exactly when the two are
    // deep-equal plain JSON (anything else, a class instance say, counts as changed; nesting
    // past 500 levels too, so an untrusted `_meta` cannot exhaust the stack).
    if (replaceEqualDeep(candidate, item) !== candidate) return false
    if (this.#from !== undefined) this.#byKey.delete(this.#keyOf(candidate))
    return true
  }

  /** The first item that does not line up, at `index`, `i`: the map starts there (what came before is used). */
  #start(index: number, i: number): void {
    this.#from = index
    this.#indexed = index + 1
    this.#add(this.#pages[index]?.slice(i) ?? [])
    this.#grow(index)
  }

  /** Two shown pages further per page walked, from the page after `#from`: never all at once. */
  #grow(index: number): void {
    const until = Math.min(this.#pages.length, index + 2 + (index - (this.#from as number)))
    for (; this.#indexed < until; this.#indexed++) {
      this.#add(this.#pages[this.#indexed] as readonly T[])
    }
  }

  #add(items: readonly T[]): void {
    for (const item of items) {
      const key = this.#keyOf(item)
      if (!this.#byKey.has(key)) this.#byKey.set(key, item)
    }
  }
}
