// The one owner, per client, of two facts the picker rows, the attachment chips and the
// preview all show: how each server's updates reach us (one Watch per server, its target
// the union of what every consumer follows) and what changed about each resource (one
// change state: new, updated or removed). Consumers follow and read; none keeps its own copy.
//
// When a mark clears (the one rule): "new" and "updated" stay until the person chooses that
// resource — picks it in a picker, mentions it, or sends a message with it (`acknowledge`);
// "removed" stays until the server lists the resource again, which makes it "new".
import type { ResourceClient, ResourceListChange, Watch, WatchStatus } from '@resource-kit/client'
import { resourceKey } from '../shared/ids.ts'

/** What changed about one resource since the person last chose it. */
export type ResourceChange = 'new' | 'updated' | 'removed'

/** How a followed resource's updates reach us (`off`: nobody follows its server). */
export type LiveStatus = WatchStatus | 'off'

/** What one consumer follows on one server. */
export interface FollowTarget {
  /** Resources whose `updated(uri)` should mark them. */
  uris?: readonly string[]
  /** Ask the server for `list_changed` (the client then walks the list again). */
  listChanged?: boolean
  /** Mark what the server's list pass says changed (its `patched` changes: new, updated, removed). */
  list?: boolean
}

/** One consumer's follow of one server; `update` retargets, `release` ends it. */
export interface Follow {
  update(target: FollowTarget): void
  release(): void
}

/** Hears `updated(uri)` for any followed resource (after its mark is set). */
export type ResourceUpdatedListener = (serverId: string, uri: string) => void

interface FollowEntry {
  target: FollowTarget
}

interface ServerEntry {
  follows: Set<FollowEntry>
  watch?: Watch
  offWatch?: () => void
  /** Stops hearing the list pass's changes. */
  offList?: () => void
}

export class LiveResources {
  readonly #client: ResourceClient
  readonly #servers = new Map<string, ServerEntry>()
  readonly #marks = new Map<string, ResourceChange>()
  readonly #listeners = new Set<() => void>()
  readonly #updatedListeners = new Set<ResourceUpdatedListener>()
  /** Servers whose watch target changed in this task (applied once, in a microtask). */
  readonly #dirty = new Set<string>()
  #version = 0

  constructor(client: ResourceClient) {
    this.#client = client
  }

  get client(): ResourceClient {
    return this.#client
  }

  /** Hears every change of a mark or of a watch's status. */
  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  /** Changes whenever a mark or a watch status does (for `useSyncExternalStore`). */
  getVersion = (): number => this.#version

  /** Hears `updated(uri)` of any followed resource. */
  onResourceUpdated(listener: ResourceUpdatedListener): () => void {
    this.#updatedListeners.add(listener)
    return () => this.#updatedListeners.delete(listener)
  }

  /** Follows `target` on a server (through its one watch) until `release`. */
  follow(serverId: string, target: FollowTarget): Follow {
    const entry: FollowEntry = { target }
    const server = this.#server(serverId)
    server.follows.add(entry)
    this.#retarget(serverId)
    let released = false
    return {
      update: (next) => {
        if (released || sameTarget(entry.target, next)) return
        entry.target = next
        this.#retarget(serverId)
      },
      release: () => {
        if (released) return
        released = true
        server.follows.delete(entry)
        this.#retarget(serverId)
      },
    }
  }

  /** The change mark of one resource, if any. */
  changeOf(serverId: string, uri: string): ResourceChange | undefined {
    return this.#marks.get(resourceKey(serverId, uri))
  }

  /**
   * How `updated(uri)` of this resource reaches us: the server's watch status, `unsupported`
   * when the server honours the watch but not this URI, `off` when nobody follows the server.
   */
  liveStatus(serverId: string, uri?: string): LiveStatus {
    const watch = this.#servers.get(serverId)?.watch
    if (!watch) return 'off'
    const snapshot = watch.getSnapshot()
    if (uri === undefined || snapshot.status !== 'live' || !snapshot.honored) return snapshot.status
    return snapshot.honored.resourceSubscriptions?.includes(uri) ? 'live' : 'unsupported'
  }

  /** The person chose this resource (picked, mentioned, sent): its new or updated mark clears. */
  acknowledge(serverId: string, uri: string): void {
    const key = resourceKey(serverId, uri)
    const mark = this.#marks.get(key)
    if (mark !== 'new' && mark !== 'updated') return
    this.#marks.delete(key)
    this.#changed()
  }

  /** A read answered "not found": the server no longer has it, whatever its list says yet. */
  markRemoved(serverId: string, uri: string): void {
    const key = resourceKey(serverId, uri)
    if (this.#marks.get(key) === 'removed') return
    this.#marks.set(key, 'removed')
    this.#changed()
  }

  /** Closes every watch and list subscription. */
  destroy(): void {
    for (const server of this.#servers.values()) {
      server.follows.clear()
      this.#close(server)
    }
    this.#servers.clear()
  }

  #server(serverId: string): ServerEntry {
    let server = this.#servers.get(serverId)
    if (!server) {
      server = { follows: new Set() }
      this.#servers.set(serverId, server)
    }
    return server
  }

  /** Applies the union of the follows in a microtask: a screen of chips mounting is one retarget. */
  #retarget(serverId: string): void {
    if (this.#dirty.has(serverId)) return
    this.#dirty.add(serverId)
    queueMicrotask(() => {
      this.#dirty.delete(serverId)
      const server = this.#servers.get(serverId)
      if (server) this.#apply(serverId, server)
    })
  }

  #apply(serverId: string, server: ServerEntry): void {
    const uris = new Set<string>()
    let listChanged = false
    let list = false
    for (const { target } of server.follows) {
      for (const uri of target.uris ?? []) uris.add(uri)
      listChanged ||= target.listChanged === true
      list ||= target.list === true
    }
    this.#followList(serverId, server, list)
    const wanted = { uris: [...uris].sort(), listChanged }
    if (uris.size === 0 && !listChanged) {
      this.#closeWatch(server)
    } else if (server.watch) {
      server.watch.update(wanted)
    } else {
      let watch: Watch
      try {
        watch = this.#client.watch(serverId, wanted)
      } catch {
        return // A server the client does not have (removed meanwhile): nothing to follow.
      }
      const offStatus = watch.subscribe(() => this.#changed())
      const offEvent = watch.onEvent((event) => {
        if (event.type === 'updated') this.#updated(serverId, event.uri)
      })
      server.watch = watch
      server.offWatch = () => {
        offStatus()
        offEvent()
      }
      this.#changed()
    }
    if (server.follows.size === 0) {
      this.#close(server)
      this.#servers.delete(serverId)
    }
  }

  #updated(serverId: string, uri: string): void {
    const key = resourceKey(serverId, uri)
    // A resource the server no longer has is removed, whatever it said as it went; a new one
    // stays new (the person has not seen it yet).
    if (this.#marks.get(key) === undefined) {
      this.#marks.set(key, 'updated')
      this.#changed()
    }
    for (const listener of [...this.#updatedListeners]) listener(serverId, uri)
  }

  /** Hears the server's list pass for marks while some consumer asks (`list: true`). */
  #followList(serverId: string, server: ServerEntry, wanted: boolean): void {
    if (!wanted) {
      server.offList?.()
      server.offList = undefined
      return
    }
    if (server.offList) return
    const list = this.#client.resourceList(serverId)
    server.offList = list.onChange((change) => this.#listChanged(serverId, change))
  }

  /**
   * The client says what a revalidation changed (it owns that fact: nothing is diffed here).
   * A page appended, a displaced resource (maybe just pushed past the pages walked) or a reset
   * (sign-out) marks nothing.
   */
  #listChanged(serverId: string, change: ResourceListChange): void {
    if (change.type !== 'patched') return
    let changed = false
    const mark = (uri: string, next: ResourceChange) => {
      const key = resourceKey(serverId, uri)
      const current = this.#marks.get(key)
      // A resource that comes back is new again; a new one that changes is still new to the
      // person; one that is gone is neither new nor updated.
      if (current === next || (next === 'updated' && current !== undefined)) return
      this.#marks.set(key, next)
      changed = true
    }
    for (const r of change.added) mark(r.uri, 'new')
    for (const { next } of change.changed) mark(next.uri, 'updated')
    for (const r of change.removed) mark(r.uri, 'removed')
    if (changed) this.#changed()
  }

  #closeWatch(server: ServerEntry): void {
    if (!server.watch) return
    server.offWatch?.()
    void server.watch.close()
    server.watch = undefined
    server.offWatch = undefined
    this.#changed()
  }

  #close(server: ServerEntry): void {
    this.#closeWatch(server)
    server.offList?.()
    server.offList = undefined
  }

  #changed(): void {
    this.#version++
    for (const listener of [...this.#listeners]) listener()
  }
}

function sameTarget(a: FollowTarget, b: FollowTarget): boolean {
  if (Boolean(a.listChanged) !== Boolean(b.listChanged) || Boolean(a.list) !== Boolean(b.list)) {
    return false
  }
  const left = a.uris ?? []
  const right = b.uris ?? []
  return left.length === right.length && left.every((uri, i) => uri === right[i])
}
