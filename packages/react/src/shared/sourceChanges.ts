// What changed in one server's lists, as the React side hands it on: the client's list
// changes (`resourceList(id).onChange`, `templateList(id).onChange`) put in order in one
// log per server (sourceFeed.ts). A consumer (the tree, a search index) remembers the
// version it applied and takes the changes after it; nobody compares two snapshots.
import type { ListItemChange, Resource, ResourceTemplate } from '@resource-kit/client'

/** One list's change: what came, what was replaced (same key, another object), what went. */
export interface ItemsChange<T> {
  readonly added: readonly T[]
  readonly changed: readonly ListItemChange<T>[]
  /** Gone from the list (proven removed, or displaced past the pages walked). */
  readonly removed: readonly T[]
}

export type SourceChange =
  /** `appended`: only `added`, after the items before (a page of the walk). */
  | ({ readonly list: 'resources'; readonly appended: boolean } & ItemsChange<Resource>)
  | ({ readonly list: 'templates' } & ItemsChange<ResourceTemplate>)
  /** The lists were dropped or could not be followed in order: start again from the source. */
  | { readonly list: 'reset' }

/**
 * A source's place in its server's change log (`PickerSource.changes`): the log it belongs
 * to and the version its `resources` and `templates` are at.
 */
export interface SourceChanges {
  /** The server's log: another log (a server removed and added again) is a fresh start. */
  readonly log: object
  /** The version of the source's lists in that log. */
  readonly version: number
  /**
   * The changes after `version` (exclusive) up to this one, in order; undefined when they are
   * no longer kept (or `version` is not of this log): start again from the source.
   */
  since(version: number): readonly SourceChange[] | undefined
  /**
   * Hears each change the log takes after this, with the log's place then: a consumer can
   * apply a page as it arrives rather than many at the next render. Returns the unsubscribe.
   */
  follow?(listener: (now: SourceChanges) => void): () => void
}
