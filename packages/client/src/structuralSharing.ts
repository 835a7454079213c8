// A revalidation hands its consumers the objects they already have. Each resource of the new
// pass that is the same JSON value as the shown pass's resource with its URI is replaced by
// that object, and a page whose items all come back as the shown page at the same index is
// that page's array: the picker's tree, its index and the @ candidates then see what did not
// change as unchanged (by identity) and rework only the rest. The cost is the page's own: the
// resource at the same place is tried first; from the first page that does not line up (an
// insertion or a removal shifted it) on, the shown resources are found by URI in a map that
// grows with the walk, from that page on to two pages further per page, so no page ever
// indexes the whole pass at once (100k URIs took ~100 ms on one page here). A
// resource moved further than that (a reorder, a removal of pages of resources before it)
// is a new object, as any changed one.
import { replaceEqualDeep } from '@tanstack/query-core'
import type { Resource } from './types.ts'

/** The shown pass's pages, reused page by page by the pass that replaces them. */
export class StructuralSharing {
  readonly #pages: readonly (readonly Resource[])[]
  /**
   * Once a page did not line up: the shown resources not reused yet, by URI (the first of a
   * URI listed twice), of the pages from `#from` up to `#indexed`. Reusing one takes it out,
   * so no object is handed out twice (a URI the server now lists twice is two objects).
   */
  readonly #byUri = new Map<string, Resource>()
  #from: number | undefined
  #indexed = 0

  constructor(pages: readonly (readonly Resource[])[]) {
    this.#pages = pages
  }

  /**
   * The items of the new pass's page `index`, each replaced by the shown resource it equals;
   * the shown page itself when that makes every item the shown one at the same place; the
   * items as they came when none is kept (they are not modified: they belong to the cache).
   */
  share(index: number, items: readonly Resource[]): readonly Resource[] {
    const previous = this.#pages[index]
    if (this.#from !== undefined) this.#grow(index)
    let aligned = previous !== undefined && previous.length === items.length
    let shared: Resource[] | undefined
    for (let i = 0; i < items.length; i++) {
      const item = items[i] as Resource
      const same = this.#equal(index, i, item, previous?.[i])
      if (same === undefined || same !== previous?.[i]) aligned = false
      if (same !== undefined && !shared) shared = items.slice(0, i)
      shared?.push(same ?? item)
    }
    if (aligned) return previous as readonly Resource[]
    return shared ?? items
  }

  /** The shown resource that `item` (at `index`, `i`) equals: same URI, same JSON value. */
  #equal(
    index: number,
    i: number,
    item: Resource,
    atSamePlace: Resource | undefined,
  ): Resource | undefined {
    let candidate: Resource | undefined
    // At the same place with the same URI: that one or none (it changed).
    if (atSamePlace?.uri === item.uri) candidate = atSamePlace
    else {
      if (this.#from === undefined) this.#start(index, i)
      candidate = this.#byUri.get(item.uri)
    }
    if (candidate === undefined) return undefined
    // Past the first shifted page, only what the map still holds is free to reuse.
    const mapped = this.#from !== undefined
    if (mapped && this.#byUri.get(candidate.uri) !== candidate) return undefined
    // query-core's structural sharing returns its first argument exactly when the two are
    // deep-equal plain JSON (anything else, a class instance say, counts as changed; nesting
    // past 500 levels too, so an untrusted `_meta` cannot exhaust the stack).
    if (replaceEqualDeep(candidate, item) !== candidate) return undefined
    if (mapped) this.#byUri.delete(candidate.uri)
    return candidate
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
      this.#add(this.#pages[this.#indexed] as readonly Resource[])
    }
  }

  #add(resources: readonly Resource[]): void {
    for (const resource of resources) {
      if (!this.#byUri.has(resource.uri)) this.#byUri.set(resource.uri, resource)
    }
  }
}
