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
  /**
   * For a query of several words found in another order or apart: the share of the query's
   * weight the item holds (a rarer word weighs more; a word matching nothing weighs nothing),
   * in [0.5, 1]. Absent when the item holds the query as typed.
   */
  coverage?: number
  /** With `coverage`: the query's words (compact: lower-cased letters and digits) the item holds, a typo included. */
  words?: string[]
}

export interface SearchOptions {
  /** Most hits to return. @default the search's `limit` */
  limit?: number
  /** Only items whose `scope` is this. @default every item */
  scope?: string
  /**
   * For a query of several words: the least share of its weight an item found with the
   * words in another order or apart must hold (see `SearchHit.coverage`), from 0.1 to 1.
   * @default 0.5
   */
  minCoverage?: number
  /**
   * For a query of several words: a word found nowhere weighs as the rarest word would (so
   * typing on narrows the hits), unless it is a common English word ("how", "does"); with
   * this, it weighs nothing (text that is not a query: a message draft). @default false
   */
  ignoreUnknownWords?: boolean
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
