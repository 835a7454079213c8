// The public face of @resource-kit/client (implemented by createResourceClient.ts).
// The React package, the CLI and the chat app code against this interface.
import type { AuthProvider, OAuthClientProvider } from '@modelcontextprotocol/client'
import type { QueryClient } from '@tanstack/query-core'
import type { OAuth } from './auth/createOAuth.ts'
import type { CacheLimits } from './cacheBudget.ts'
import type { InputHandler } from './inputHandler.ts'
import type { RequestDeadlines } from './requestDeadlines.ts'
import type { ReadQueryOptions } from './resourceQueries.ts'
import type { Scheduler } from './scheduler.ts'
import type { SessionFactory, SubscriptionFilter } from './session.ts'
import type {
  CompletionResult,
  Implementation,
  Page,
  ReadResult,
  Resource,
  ResourceTemplate,
  ServerSnapshot,
  WalkResult,
} from './types.ts'

/** How to reach a server. Stdio commands come from `@resource-kit/client/node` (`stdioServer`). */
export type ServerSource =
  /** Streamable HTTP endpoint. */
  | {
      url: string | URL
      headers?: Record<string, string>
      fetch?: typeof fetch
      /**
       * Authorization: an `OAuth` from `createOAuth` (sign-in with `ServerSnapshot.auth`), or
       * an SDK `OAuthClientProvider` / `AuthProvider` handed to the transport as it is.
       */
      auth?: OAuth | OAuthClientProvider | AuthProvider
    }
  /** An SDK transport, or a (possibly async) factory making a fresh one per (re)connect. */
  | { transport: unknown | (() => unknown) | (() => Promise<unknown>) }
  /** An SDK `Client` the app already connected: 2.x (`@modelcontextprotocol/client`) or 1.x (`@modelcontextprotocol/sdk`). */
  | { client: unknown }
  /** Any Session implementation. */
  | { connect: SessionFactory }

export interface ResourceClientOptions {
  /** The cache of record. Pass the app's own to share it with React Query. @default a new QueryClient */
  queryClient?: QueryClient
  /** Auth principal: `private` results are cached per partition and never served to another. @default 'default' */
  partition?: string
  /** TTL for results that carry no `ttlMs` (2025 servers). @default 0 */
  defaultTtlMs?: number
  /** Answers input requests (modern `input_required`, legacy `elicitation/create`). Elicitation is declared only when set. */
  inputHandler?: InputHandler
  /** Sent as clientInfo. @default { name: 'resource-kit', version } */
  clientInfo?: Implementation
  /** Where connection failures and dropped items are reported. @default silent */
  logger?: Pick<Console, 'debug' | 'warn' | 'error'>
  /** Bounds on what this client keeps cached (entries, bytes, gcTime). @default DEFAULT_CACHE_LIMITS */
  cache?: CacheLimits
  /**
   * Waited for before each page of a list revalidation after its first (a `list_changed`
   * walks the whole list again while the old pages stay shown): a browser host can pass an
   * idle wait so the walk leaves the CPU to typing and its search worker.
   * @default the scheduler's `idle`, if it has one; else none
   */
  revalidationPace?: (signal: AbortSignal) => Promise<void>
  /**
   * The one clock of this client (coalescing, backoff, idle pacing, list staleness, waits);
   * the React package paces its own work on it too (`client.scheduler`). Tests drive time
   * through it. @default defaultScheduler (the global timers and `Date.now`)
   */
  scheduler?: Scheduler
  /**
   * How long to wait for a server's answer to a list page, a read, a completion and a
   * connect (`addServer` may set them per server). A server that misses one is checked and,
   * if nothing answers, shown `reconnecting` / `offline`. @default DEFAULT_DEADLINES
   */
  deadlines?: RequestDeadlines
}

/** Per-server settings of `addServer`. */
export interface ServerOptions {
  /** This server's deadlines, over the client's. */
  deadlines?: RequestDeadlines
}

export interface ListOptions {
  cursor?: string
  signal?: AbortSignal
}

export interface WalkOptions {
  cursor?: string
  /** Stop after this many pages, with `complete: false` and the cursor to continue. @default DEFAULT_MAX_PAGES (1000) */
  maxPages?: number
  /** Stop after the page that brings the item count to this. @default Infinity */
  maxItems?: number
  signal?: AbortSignal
}

export interface ResourceListLoadOptions {
  /** Pages to add before resolving. @default every page up to the end of the list or the cap */
  pages?: number
  /** Stops this caller's wait; the walk pauses when no one else waits (nothing is lost). */
  signal?: AbortSignal
  /** Walk past the cap (`DEFAULT_MAX_PAGES`): the "load more" of a list that stopped there. */
  beyondCap?: boolean
}

/** An immutable view of one server's resource (or template) list; same identity until something changes. */
export interface ListSnapshot<T> {
  /**
   * Each page's items in list order; within a generation pages are only appended (same
   * arrays), and the same array object while none is (`pages === before.pages`: nothing changed).
   */
  readonly pages: readonly (readonly T[])[]
  /** Items in `pages`. */
  readonly loaded: number
  /** The server said the list ended. */
  readonly complete: boolean
  /** The walk stopped at the cap with more to come (`load({ beyondCap: true })` goes on). */
  readonly capped: boolean
  /** Where the walk goes on; undefined when complete, before the first page, or after a cursor cycle. */
  readonly nextCursor: string | undefined
  /** Pages of this pass are being fetched. */
  readonly loading: boolean
  /** A pass from page 1 runs in the background; its pages replace these when it has caught up. */
  readonly revalidating: boolean
  /** Why the last walk stopped early (the pages before it are kept); `load()` tries again. */
  readonly error: Error | undefined
  /**
   * Changes when the pages were replaced by others: a revalidation that changed something, or
   * a reset (partition change, sign-out). The same generation only ever appends; a
   * revalidation that changed nothing keeps it (and `pages`). Across a revalidation, what did
   * not change is kept by identity: an item equal (same JSON value) to the shown one with
   * its key (URI, or URI template) is that object, even on a shifted page, and a page whose
   * items are all the shown page's at the same index is that page's array.
   */
  readonly generation: number
  /**
   * The version of `pages`: the `version` of the last `ListChange` (0 before any). Whoever
   * applies changes starts from a snapshot and takes the changes after its version.
   */
  readonly version: number
  /** When (on `client.scheduler`'s clock) the pass goes stale as a unit: its stalest page's receipt plus `ttlMs`. */
  readonly staleAt: number
}

export type ResourceListSnapshot = ListSnapshot<Resource>
export type TemplateListSnapshot = ListSnapshot<ResourceTemplate>

/** An item a revalidation brought back with other content (or moved too far to keep its object). */
export interface ListItemChange<T> {
  /** The object consumers hold now. */
  readonly previous: T
  /** The object that replaces it in `pages`. */
  readonly next: T
}

/**
 * What changed in a list's `pages`, told once per change and in order: each `version` is one
 * more than the one before, so applying every change to the snapshot of version `v` gives the
 * snapshot of the last change's version (a gap means: start again from `getSnapshot()`).
 */
export type ListChange<T> =
  /** A page came after the shown ones (the walk went on): `items` follow the shown items. */
  | { readonly type: 'appended'; readonly version: number; readonly items: readonly T[] }
  /**
   * A revalidation replaced the shown pages. Every item of the pages before is kept by
   * identity (unchanged), in `changed` (the same key, another object), or in `removed` /
   * `displaced`; every item of the pages now is kept, a `changed.next`, or in `added`.
   */
  | {
      readonly type: 'patched'
      readonly version: number
      /** Keys not listed before. */
      readonly added: readonly T[]
      readonly changed: readonly ListItemChange<T>[]
      /** No longer listed, as the new pass proves (it is complete, or lists an item after them). */
      readonly removed: readonly T[]
      /**
       * Not on the new pages, not proven gone: an insertion may have pushed them past the last
       * page walked; a later `appended` brings them back if they are still listed.
       */
      readonly displaced: readonly T[]
    }
  /** The pages were dropped (a partition change, a sign-out): start again from `getSnapshot()` (empty). */
  | { readonly type: 'reset'; readonly version: number }

export type ResourceListChange = ListChange<Resource>
export type TemplateListChange = ListChange<ResourceTemplate>

/**
 * One server's resource (or template) list as one consistent pass, shared by every consumer
 * of the client. A walk never asks again for a page its pass has; the pass goes stale as a unit
 * and is walked again from page 1, once and in the background, when a subscriber comes to a
 * stale idle list, on `refresh()`, or on `list_changed` / `invalidateLists`. Nothing refetches
 * on a timer.
 */
export interface SharedList<T> {
  getSnapshot(): ListSnapshot<T>
  /** Called at most once per microtask, whatever changed in it (pages or status). */
  subscribe(listener: () => void): () => void
  /**
   * Hears every change of `pages` as it happens, in order, after `getSnapshot()` shows it: the
   * list publishes what changed, so no consumer diffs two snapshots. Its listener is a
   * consumer as a subscriber's is: a stale or invalidated list is walked again for it.
   */
  onChange(listener: (change: ListChange<T>) => void): () => void
  /**
   * Walks on from `nextCursor` (concurrent loads share one walk), before a revalidation that
   * runs meanwhile; never rejects: failures are in the snapshot.
   */
  load(options?: ResourceListLoadOptions): Promise<ListSnapshot<T>>
  /** Walks the list again from page 1 in the background (once), keeping these pages until it has caught up. */
  refresh(): void
}

export type ResourceList = SharedList<Resource>
export type ResourceTemplateList = SharedList<ResourceTemplate>

export interface ReadOptions {
  signal?: AbortSignal
  /** Reject contents larger than this many bytes (decoded) with a ResourceTooLargeError. */
  maxBytes?: number
}

export interface CompleteOptions {
  /** The template string as listed (`ref/resource` uri). */
  template: string
  argument: { name: string; value: string }
  /** Variables already chosen, sent as `context.arguments`. */
  context?: Record<string, string>
  signal?: AbortSignal
}

/** What to watch on one server. */
export interface WatchTarget {
  uris?: string[]
  listChanged?: boolean
}

export type WatchStatus =
  | 'connecting'
  | 'live'
  | 'reconnecting'
  | 'unsupported'
  | 'closed'
  | 'error'

export interface WatchSnapshot {
  status: WatchStatus
  requested: SubscriptionFilter
  /** What the server acknowledged (modern) or accepted (legacy subscribe). */
  honored?: SubscriptionFilter
  error?: Error
  /** Re-listen attempts since the last live stream. */
  attempt: number
}

export type WatchEvent =
  | { type: 'updated'; uri: string }
  | { type: 'listChanged' }
  /** Re-established after a drop: everything watched was invalidated. */
  | { type: 'resynced' }

export interface Watch {
  getSnapshot(): WatchSnapshot
  subscribe(listener: () => void): () => void
  onEvent(listener: (event: WatchEvent) => void): () => void
  /** Change the watched set (opens the new stream before closing the old one). */
  update(target: WatchTarget): void
  close(): Promise<void>
}

export interface ResourceClient {
  readonly queryClient: QueryClient
  readonly partition: string
  /** The clock everything of this client waits on (the option's, or `defaultScheduler`). */
  readonly scheduler: Scheduler
  /**
   * The partition of one server's cache entries: `partition`, plus the signed-in principal
   * for a server with OAuth sign-in (so `private` entries follow the account).
   */
  partitionOf(serverId: string): string
  /**
   * Finishes a redirect-mode sign-in on the callback page: the server whose request the
   * URL answers (by `state`) exchanges the code and reconnects. False when none matches.
   */
  completeSignIn(callbackUrl: string | URL, options?: { signal?: AbortSignal }): Promise<boolean>

  addServer(id: string, source: ServerSource, options?: ServerOptions): ServerSnapshot
  removeServer(id: string): Promise<void>
  /** Opens a new session now (also ends an `offline` server's wait for its next attempt). */
  reconnect(id: string): Promise<void>
  getServer(id: string): ServerSnapshot | undefined
  /** Stable array identity until something changes (for useSyncExternalStore). */
  getServers(): readonly ServerSnapshot[]
  /** Called on any server status change. */
  subscribe(listener: () => void): () => void
  /** Resolves when the server is ready; rejects with its error if it fails. */
  ready(id: string, options?: { signal?: AbortSignal }): Promise<ServerSnapshot>

  listResources(serverId: string, options?: ListOptions): Promise<Page<Resource>>
  listTemplates(serverId: string, options?: ListOptions): Promise<Page<ResourceTemplate>>
  resourcePages(serverId: string, options?: WalkOptions): AsyncIterable<Page<Resource>>
  templatePages(serverId: string, options?: WalkOptions): AsyncIterable<Page<ResourceTemplate>>
  walkResources(serverId: string, options?: WalkOptions): Promise<WalkResult<Resource>>
  walkTemplates(serverId: string, options?: WalkOptions): Promise<WalkResult<ResourceTemplate>>
  /** The server's resource list as one shared, resumable pass (see `SharedList`). */
  resourceList(serverId: string): ResourceList
  /** The server's template list as one shared, resumable pass, as `resourceList` (keyed by URI template). */
  templateList(serverId: string): ResourceTemplateList

  read(serverId: string, uri: string, options?: ReadOptions): Promise<ReadResult>
  /**
   * The query options of `read` under the client's own key, for React Query and other
   * observers: one cache entry per read, whoever reads. `maxBytes` is checked per use
   * (`select`), not kept in the key.
   */
  readQuery(serverId: string, uri: string, options?: Omit<ReadOptions, 'signal'>): ReadQueryOptions
  complete(serverId: string, options: CompleteOptions): Promise<CompletionResult>

  watch(serverId: string, target: WatchTarget): Watch

  /** `list_changed`: the resource list (all pages) and the template list. */
  invalidateLists(serverId: string): Promise<void>
  /** `updated(uri)`: that read, reads of URIs under it, and reads of URIs it is under (a directory read contains its children). A fetch in flight for any of them lands as stale. */
  invalidateRead(serverId: string, uri: string): Promise<void>

  close(): Promise<void>
}
