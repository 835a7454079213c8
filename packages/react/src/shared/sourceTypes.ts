// The types every feature shares (queries/ produces them; picker/, mention/, template/
// consume them), kept here so no feature imports from another's folder.
// A source is one entry per server, as plain data: `useResourceSources` builds them from a
// ResourceClient; tests and stories pass them by hand.
import type { Icon, Resource, ResourceTemplate } from '@resource-kit/client'
import type { SourceChanges } from './sourceChanges.ts'

/** What a server row shows. */
export type SourceStatus =
  | 'connecting'
  /** The server stopped answering and the client is reconnecting: its rows are last known, not live. */
  | 'reconnecting'
  /** It answered before and nothing answers now: the client tries again on its own (backoff); rows are last known. */
  | 'offline'
  | 'loading'
  | 'needs-input'
  | 'needs-auth'
  | 'error'
  | 'empty'
  | 'ready'

export interface PickerSource {
  serverId: string
  /** Display name. @default serverId */
  serverName?: string
  /** Server icons (only `https:` and `data:image/*` are ever shown). */
  icons?: readonly Icon[]
  status: SourceStatus
  /** Why the server failed (status `error`, `needs-auth`, `needs-input`, `offline`; `reconnecting`: why it dropped). */
  error?: Error
  /**
   * The server itself failed (status `error` from an `error` or `closed` server, not from a
   * list that failed on a live one): its rows are marked as not live, as while
   * `reconnecting` or `offline` (`isSourceDown`). Set by `useResourceSources`.
   */
  serverDown?: boolean
  /** Resources loaded so far; kept when a later page fails. */
  resources: readonly Resource[]
  /**
   * Where `resources` and `templates` are in the server's change log (set by
   * `useResourceSources`): the tree and the search index apply the changes after the
   * version they hold. Without it (sources made by hand), a new `resources` or `templates`
   * array is taken as a new list.
   */
  changes?: SourceChanges
  templates?: readonly ResourceTemplate[]
  /** The walk stopped before the end: more pages can be loaded. */
  hasMore?: boolean
  /** A load-more is in flight. */
  loadingMore?: boolean
  /** Try again after an error. */
  retry?: () => void
  /**
   * Starts the server's sign-in (status `needs-auth` on a server added with an auth
   * provider); the server's resources load once it completes.
   */
  signIn?: () => void
  /** The sign-in page is open: the status row waits instead of starting another. */
  signingIn?: boolean
  /** Load the next batch of an incomplete walk. */
  loadMore?: () => void
}

/** What `onSelect` hands the app for each chosen resource. */
export interface ResourceDescriptor {
  serverId: string
  uri: string
  name: string
  title?: string
  mimeType?: string
  size?: number
}
