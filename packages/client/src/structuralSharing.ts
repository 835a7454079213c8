// A revalidation hands its consumers the objects they already have. Each resource of the new
// pass that is the same JSON value as the shown pass's resource with its URI is replaced by
// that object, and a page whose items all come back as the shown page at the same index is
// that page's array: the picker's tree, its index and the @ candidates then see what did not
// change as unchanged (by identity) and rework only the rest. The cost is the page's own: the
// resource at the same place is tried first, and only a page that does not line up (an
// insertion or a removal shifted it) builds, once, a map by URI of the shown pass.
import { replaceEqualDeep } from '@tanstack/query-core'
import type { Resource } from './types.ts'

/** The shown pass's pages, reused page by page by the pass that replaces them. */
export class StructuralSharing {
  readonly #pages: readonly (readonly Resource[])[]
  /** The shown pass's resources by URI (the first of a URI listed twice), built when first needed. */
  #byUri: Map<string, Resource> | undefined

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
    let aligned = previous !== undefined && previous.length === items.length
    let shared: Resource[] | undefined
    for (let i = 0; i < items.length; i++) {
      const item = items[i] as Resource
      const same = this.#equal(item, previous?.[i])
      if (same === undefined || same !== previous?.[i]) aligned = false
      if (same !== undefined && !shared) shared = items.slice(0, i)
      shared?.push(same ?? item)
    }
    if (aligned) return previous as readonly Resource[]
    return shared ?? items
  }

  /** The shown resource that `item` equals (same URI, same JSON value), if any. */
  #equal(item: Resource, atSamePlace: Resource | undefined): Resource | undefined {
    // At the same place with the same URI: that one or none (it changed).
    const candidate = atSamePlace?.uri === item.uri ? atSamePlace : this.#index().get(item.uri)
    if (candidate === undefined) return undefined
    // query-core's structural sharing returns its first argument exactly when the two are
    // deep-equal plain JSON (anything else, a class instance say, counts as changed; nesting
    // past 500 levels too, so an untrusted `_meta` cannot exhaust the stack).
    return replaceEqualDeep(candidate, item) === candidate ? candidate : undefined
  }

  #index(): Map<string, Resource> {
    if (this.#byUri) return this.#byUri
    const byUri = new Map<string, Resource>()
    for (const page of this.#pages) {
      for (const resource of page) if (!byUri.has(resource.uri)) byUri.set(resource.uri, resource)
    }
    this.#byUri = byUri
    return byUri
  }
}
