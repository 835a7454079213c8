// TYPES of the resource search: what it searches, what it returns.

/** What the search reads from each item. Items without a string id, name or uri are skipped. */
export interface SearchableItem {
  id: string
  name: string
  title?: string
  uri: string
  description?: string
  /** A group the item belongs to (a server, say): `search(q, { scope })` finds only that group's items. */
  scope?: string
}

/** The fields a hit can be highlighted in. */
export type SearchKey = 'name' | 'title' | 'uri' | 'description'

/** Where one field matched: inclusive `[start, end]` character ranges of the original text, like fuse.js. */
export interface SearchMatch {
  key: SearchKey
  ranges: [number, number][]
}

export interface SearchHit<T> {
  item: T
  /** 0 is the best match, 1 the worst (as in fuse.js); hits come sorted by it. */
  score: number
  /** Fields that matched, with the ranges to highlight. */
  matches: SearchMatch[]
}

export interface SearchOptions {
  /** Most hits to return. @default the search's `limit` */
  limit?: number
  /** Only items whose `scope` is this. @default every item */
  scope?: string
}

export interface ResourceSearch<T extends SearchableItem> {
  /**
   * Makes the searched items exactly `items` (after `list_changed`, a new page, a new
   * server), at the cost of what changed: a list grown by a page indexes that page.
   */
  setItems(items: readonly T[]): void
  /** Adds `items`, replacing those with a known id: a page, or the changed items of a diff. */
  upsert(items: readonly T[]): void
  /** Removes the items with these ids (unknown ids are ignored). */
  remove(ids: Iterable<string>): void
  /** Hits for `query`, best first. An empty or blank query returns no hits. */
  search(query: string, options?: SearchOptions): SearchHit<T>[]
  /** How many items are searchable (invalid ones are skipped). */
  readonly size: number
}

export interface ResourceSearchOptions {
  /** Most hits a search returns. @default 50 */
  limit?: number
}
