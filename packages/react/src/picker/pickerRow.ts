// The rows the picker renders: tree or list nodes from the collection helpers, plus the
// picker's own rows (per-server status, load-more, folder messages). Parts and keyboard
// logic read only this shape.
import type { Resource, ResourceTemplate } from '@resource-kit/client'
import type { PickerSource } from '../shared/sourceTypes.ts'

/** A highlighted span of a field, from the fuzzy search. */
export interface RowMatch {
  key: 'name' | 'title' | 'uri' | 'description'
  ranges: readonly [number, number][]
}

/** What every row carries, whatever its kind: its place in the tree or list. */
export interface RowBase {
  /** Stable across list changes (the highlight follows it). */
  id: string
  serverId: string
  depth: number
  parentId: string | null
  posInSet: number
  setSize: number
  hasChildren: boolean
  expanded: boolean
  /** What the row is called (type-ahead matches it; the row's content is its accessible name). */
  label: string
  /**
   * A resource, directory or template row of a server that is down (`isSourceDown`): what
   * it shows is last known, not live. Set where the rows are built; gone once the server is back.
   */
  serverDown?: true
}

export type PickerRow = RowBase &
  (
    | { kind: 'server'; source: PickerSource }
    | { kind: 'folder'; uri?: string }
    | { kind: 'directory'; resource: Resource }
    | { kind: 'resource'; resource: Resource; matches?: readonly RowMatch[] }
    | { kind: 'template'; template: ResourceTemplate; matches?: readonly RowMatch[] }
    | { kind: 'status'; source: PickerSource }
    | {
        kind: 'loadMore'
        source: PickerSource
        /** While searching: the resources of this server the search covered (more are not loaded yet). */
        searched?: number
      }
    /** A folder's own state: loading, failed (activating retries), or empty. */
    | { kind: 'message'; tone: 'loading' | 'error' | 'empty'; directoryId: string }
  )

export type PickerRowKind = PickerRow['kind']

/** Rows the highlight lands on (in the list view, server rows are group labels only). */
export function isNavigable(row: PickerRow, view: 'tree' | 'list'): boolean {
  return row.kind !== 'server' || view === 'tree'
}

/** The server needs sign-in and can start it now (not already signing in). */
export function canSignIn(source: PickerSource): boolean {
  return source.status === 'needs-auth' && source.signIn !== undefined && !source.signingIn
}

/** Rows that do something when activated (the others are aria-disabled). */
export function isActionable(row: PickerRow): boolean {
  switch (row.kind) {
    case 'status':
      if (row.source.signingIn) return false
      return (row.source.signIn ?? row.source.retry) !== undefined
    case 'loadMore':
      return row.source.loadMore !== undefined && row.source.loadingMore !== true
    case 'message':
      return row.tone === 'error'
    default:
      return true
  }
}
