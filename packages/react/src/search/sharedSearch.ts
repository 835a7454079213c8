// ONE INDEX FOR SEVERAL PICKERS: a host that shows the side picker and the @ composer over
// the same servers gives both one `useResourceSearch` handle, so every page is indexed once
// (one worker, one copy of each page sent to it) instead of once per picker. The shared
// index holds every resource and template of its sources; each picker keeps to its own
// (`keep`: its servers, and no assistant-only rows when it hides them).
import type { SourceIndex } from './sourceIndex.ts'

/** A search index that pickers and composers share (`useResourceSearch`): pass it as their `search`. */
export interface SharedResourceSearch {
  /** Resources and templates indexed so far. */
  readonly size: number
}

/** The handle: stable for the owner's life, pointing at the index once it exists. */
export class SharedSearchHandle implements SharedResourceSearch {
  #index: SourceIndex | null = null
  #listeners = new Set<() => void>()

  get size(): number {
    return this.#index?.size ?? 0
  }

  /** The index, once the owner's effect made it. */
  get index(): SourceIndex | null {
    return this.#index
  }

  set(index: SourceIndex | null): void {
    if (this.#index === index) return
    this.#index = index
    for (const listener of [...this.#listeners]) listener()
  }

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }
}

/** The internal side of a handle from `useResourceSearch`; anything else is refused. */
export function sharedSearchHandle(shared: SharedResourceSearch): SharedSearchHandle {
  if (shared instanceof SharedSearchHandle) return shared
  throw new TypeError('`search` must come from useResourceSearch')
}
