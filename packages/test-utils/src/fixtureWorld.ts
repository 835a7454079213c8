// The state behind a fixture server, shared by every connection to it: the resource
// list, paging, cursors, call counts, and who to tell about changes.
import {
  completeArgument,
  decodeCursor,
  encodeCursor,
  type FixtureResource,
  generateResources,
  SPECIAL_RESOURCES,
} from './fixtureData.ts'

export interface FixtureOptions {
  /** Generated resources `fixture://r/{i}`. @default 25 */
  resourceCount?: number
  /** Resources per `resources/list` page; 0 = one page. @default 10 */
  pageSize?: number
  /** `ttlMs` on cacheable results; `null` leaves it out. @default 60_000 */
  ttlMs?: number | null
  /** `cacheScope` on cacheable results; `null` leaves it out. @default 'public' */
  cacheScope?: 'public' | 'private' | null
  /** `'empty-first'`: the first `nextCursor` is `''`; `'cycle'`: pages loop A → B → A. @default 'normal' */
  cursors?: 'normal' | 'empty-first' | 'cycle'
  /** Server name in serverInfo. @default 'fixture' */
  name?: string
}

export interface Page {
  resources: FixtureResource[]
  nextCursor?: string
}

/** Thrown by the world when a cursor is not one it handed out (the server answers -32602). */
export class InvalidCursor extends Error {}

export type ChangeListener = (
  change: { type: 'updated'; uri: string } | { type: 'listChanged' },
) => void

export class FixtureWorld {
  readonly options: Required<Omit<FixtureOptions, 'ttlMs' | 'cacheScope'>> &
    Pick<FixtureOptions, 'ttlMs' | 'cacheScope'>
  readonly texts = new Map<string, string>()
  #resources: FixtureResource[]
  #generation = 0
  readonly #calls = new Map<string, number>()
  readonly #listeners = new Set<ChangeListener>()

  constructor(options: FixtureOptions = {}) {
    this.options = {
      resourceCount: options.resourceCount ?? 25,
      pageSize: options.pageSize ?? 10,
      ttlMs: options.ttlMs === undefined ? 60_000 : options.ttlMs,
      cacheScope: options.cacheScope === undefined ? 'public' : options.cacheScope,
      cursors: options.cursors ?? 'normal',
      name: options.name ?? 'fixture',
    }
    this.#resources = [...generateResources(this.options.resourceCount), ...SPECIAL_RESOURCES]
  }

  get resources(): readonly FixtureResource[] {
    return this.#resources
  }

  /** Cache hints as configured (fields left out when set to null). */
  hints(): { ttlMs?: number; cacheScope?: 'public' | 'private' } {
    return {
      ...(this.options.ttlMs !== null && { ttlMs: this.options.ttlMs }),
      ...(this.options.cacheScope !== null && { cacheScope: this.options.cacheScope }),
    }
  }

  /** Answers `completion/complete` (both fixtures share it); counts the call. */
  complete(params: {
    ref: { type: string; uri?: string }
    argument: { name: string; value: string }
    context?: { arguments?: Record<string, string> }
  }) {
    this.count('completion/complete')
    const template = params.ref.type === 'ref/resource' ? (params.ref.uri ?? '') : ''
    const ids = this.resources
      .filter((resource) => resource.uri.startsWith('fixture://r/'))
      .map((resource) => resource.uri.slice('fixture://r/'.length))
    const { name, value } = params.argument
    return { completion: completeArgument(template, name, value, params.context?.arguments, ids) }
  }

  count(method: string): void {
    this.#calls.set(method, (this.#calls.get(method) ?? 0) + 1)
  }

  /** Requests received for `method` since the start (or the last `resetCalls`). */
  calls(method: string): number {
    return this.#calls.get(method) ?? 0
  }

  resetCalls(): void {
    this.#calls.clear()
  }

  page(cursor: string | undefined): Page {
    const all = this.#resources
    const size = this.options.pageSize > 0 ? this.options.pageSize : all.length
    if (this.options.cursors === 'cycle') {
      // Page A (no cursor or 'A') → B, B → A: a server bug a client must survive.
      if (cursor === undefined || cursor === 'A') {
        return { resources: all.slice(0, size), nextCursor: 'B' }
      }
      if (cursor === 'B') return { resources: all.slice(size, 2 * size), nextCursor: 'A' }
      throw new InvalidCursor()
    }
    const offset = cursor === undefined ? 0 : this.#offsetOf(cursor)
    const end = offset + size
    const next = end < all.length ? this.#cursorFor(end) : undefined
    return { resources: all.slice(offset, end), ...(next !== undefined && { nextCursor: next }) }
  }

  /** Make every cursor handed out so far invalid (the next use gets -32602). */
  expireCursors(): void {
    this.#generation += 1
  }

  setText(uri: string, text: string): void {
    this.texts.set(uri, text)
  }

  addResource(resource: FixtureResource): void {
    this.#resources = [...this.#resources, resource]
    this.emit({ type: 'listChanged' })
  }

  removeResource(uri: string): void {
    this.#resources = this.#resources.filter((resource) => resource.uri !== uri)
    this.emit({ type: 'listChanged' })
  }

  onChange(listener: ChangeListener): () => void {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  emit(change: Parameters<ChangeListener>[0]): void {
    for (const listener of this.#listeners) listener(change)
  }

  #cursorFor(offset: number): string {
    if (this.options.cursors === 'empty-first' && offset === this.options.pageSize) return ''
    return encodeCursor(offset, this.#generation)
  }

  #offsetOf(cursor: string): number {
    if (this.options.cursors === 'empty-first' && cursor === '') return this.options.pageSize
    const offset = decodeCursor(cursor, this.#generation)
    if (offset === undefined || offset > this.#resources.length) throw new InvalidCursor()
    return offset
  }
}
