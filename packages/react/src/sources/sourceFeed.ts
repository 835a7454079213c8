// THE SOURCE STORE of one server on the React side: its resources and templates as the
// client last told them, and what changed, in order (one log, `SourceChanges`). It is
// applied from the client's list changes (`resourceList(id).onChange`,
// `templateList(id).onChange`: the client's structural sharing knows what changed), so no
// consumer works it out again: the tree, the search index (picker and composer alike) and
// the change marks (live/) apply the same changes at their cost.
import type {
  ListChange,
  ListSnapshot,
  Resource,
  ResourceList,
  ResourceTemplate,
  ResourceTemplateList,
  SharedList,
} from '@resource-kit/client'
import type { ItemsChange, SourceChange, SourceChanges } from '../shared/sourceChanges.ts'

/**
 * Changes kept for consumers that lag behind (a render discarded, a search index busy): one
 * per page of a walk, so a whole walk of 1,000 pages of 100 stays applicable; a consumer
 * further behind starts again from the source.
 */
const KEPT_CHANGES = 2048

interface Logged {
  version: number
  change: SourceChange
}

/** One list (resources or templates) as followed from its pass's changes. */
class FollowedList<T> {
  list: ListLike<T> | undefined
  #off: (() => void) | undefined
  /** The pass's version the items are at. */
  #listVersion = 0
  #items: T[] = []
  #view: readonly T[] | undefined
  readonly #told: (change: ListChange<T> | 'reset') => void

  constructor(told: (change: ListChange<T> | 'reset') => void) {
    this.#told = told
  }

  get items(): readonly T[] {
    this.#view ??= this.#items.slice()
    return this.#view
  }

  follow(list: ListLike<T>): void {
    if (this.list === list && this.#off) return
    this.#off?.()
    const other = this.list !== undefined && this.list !== list
    this.list = list
    this.#off = list.onChange((change) => this.#apply(list, change))
    const snapshot = list.getSnapshot()
    // Another pass, or changes missed while not following: start again from its pages.
    if (other || snapshot.version !== this.#listVersion) this.#restart(snapshot)
  }

  stop(): void {
    this.#off?.()
    this.#off = undefined
  }

  #restart(snapshot: ListSnapshot<T>): void {
    const hadItems = this.#items.length > 0
    this.#listVersion = snapshot.version
    this.#items = snapshot.pages.flat() as T[]
    this.#view = undefined
    if (hadItems || this.#items.length > 0) this.#told('reset')
  }

  #apply(list: ListLike<T>, change: ListChange<T>): void {
    if (change.version <= this.#listVersion) return
    const snapshot = list.getSnapshot()
    // A change missed: the pages as they are now are the truth.
    if (change.version !== this.#listVersion + 1 || change.type === 'reset') {
      this.#restart(snapshot)
      return
    }
    this.#listVersion = change.version
    this.#view = undefined
    if (change.type === 'appended') {
      for (const item of change.items) this.#items.push(item)
    } else if (change.version === snapshot.version) {
      // The last change told: the pages shown are exactly its result (the server's order).
      this.#items = snapshot.pages.flat() as T[]
    } else {
      // More changes follow in this tick: apply this one alone (added ones at the end).
      const gone = new Set<T>([...change.removed, ...change.displaced])
      const replaced = new Map(change.changed.map(({ previous, next }) => [previous, next]))
      const kept: T[] = []
      for (const item of this.#items) if (!gone.has(item)) kept.push(replaced.get(item) ?? item)
      for (const item of change.added) kept.push(item)
      this.#items = kept
    }
    this.#told(change)
  }
}

/** What the feed needs of a list pass. */
type ListLike<T> = Pick<SharedList<T>, 'getSnapshot' | 'onChange'>

function itemsChange<T>(change: ListChange<T>): ItemsChange<T> {
  if (change.type === 'appended') return { added: change.items, changed: [], removed: [] }
  if (change.type === 'reset') return { added: [], changed: [], removed: [] }
  return {
    added: change.added,
    changed: change.changed,
    removed:
      change.displaced.length === 0 ? change.removed : [...change.removed, ...change.displaced],
  }
}

/** One server's lists and their change log (see the top of this file). */
export class SourceFeed {
  readonly #resources: FollowedList<Resource>
  readonly #templates: FollowedList<ResourceTemplate>
  #log: Logged[] = []
  #version = 0
  #changes: SourceChanges | undefined
  readonly #followers = new Set<(now: SourceChanges) => void>()
  readonly #follow = (listener: (now: SourceChanges) => void): (() => void) => {
    this.#followers.add(listener)
    return () => this.#followers.delete(listener)
  }

  constructor() {
    this.#resources = new FollowedList<Resource>((change) => {
      if (change === 'reset') this.#record({ list: 'reset' })
      else
        this.#record({
          list: 'resources',
          appended: change.type === 'appended',
          ...itemsChange(change),
        })
    })
    this.#templates = new FollowedList<ResourceTemplate>((change) => {
      if (change === 'reset') this.#record({ list: 'reset' })
      else this.#record({ list: 'templates', ...itemsChange(change) })
    })
  }

  /** The resources as last told (a new array after each change). */
  get resources(): readonly Resource[] {
    return this.#resources.items
  }

  /** The templates as last told. */
  get templates(): readonly ResourceTemplate[] {
    return this.#templates.items
  }

  /** Where the lists are in the log now (the same object while nothing changes). */
  get changes(): SourceChanges {
    if (this.#changes?.version !== this.#version) {
      const version = this.#version
      this.#changes = {
        log: this,
        version,
        since: (from) => this.#between(from, version),
        follow: this.#follow,
      }
    }
    return this.#changes
  }

  /**
   * Follows these passes (the same ones again: nothing; another one, a server added again:
   * a fresh start). Until `stop`, every change they tell is applied and logged.
   */
  follow(resources: ResourceList, templates: ResourceTemplateList | undefined): void {
    this.#resources.follow(resources)
    if (templates) this.#templates.follow(templates)
  }

  /** Stops hearing the passes; the lists stay as last told (a server reconnecting keeps its rows). */
  stop(): void {
    this.#resources.stop()
    this.#templates.stop()
  }

  #record(change: SourceChange): void {
    this.#version++
    if (change.list === 'reset') this.#log = []
    this.#log.push({ version: this.#version, change })
    if (this.#log.length > KEPT_CHANGES) this.#log.splice(0, this.#log.length - KEPT_CHANGES)
    if (this.#followers.size === 0) return
    const now = this.changes
    for (const listener of [...this.#followers]) listener(now)
  }

  /** The changes in (from, to]; undefined when some of them are no longer kept. */
  #between(from: number, to: number): readonly SourceChange[] | undefined {
    if (from === to) return []
    if (from > to) return undefined
    const first = this.#log[0]
    if (!first || first.version > from + 1) return undefined
    const out: SourceChange[] = []
    for (let i = from + 1 - first.version; i < this.#log.length; i++) {
      const logged = this.#log[i] as Logged
      if (logged.version > to) break
      out.push(logged.change)
    }
    return out
  }
}
