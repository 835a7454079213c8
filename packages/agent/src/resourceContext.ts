// createResourceContext: the resources attached to a conversation, packed into a prompt
// within a budget — priority first (the host's, else the server's annotation), then
// recency (lastModified) — each marked with its URI and freshness. Across turns it tells
// the model what changed since it last saw them: new, updated (the content differs from
// what it was shown) and removed (detached, or gone from the server). The client's watch
// keeps reads fresh: an `updated` notification invalidates the cached read, so the next
// build reads it again.
import type { ReadResult, ResourceClient, Watch } from '@resource-kit/client'
import { type Budget, type Measure, measureOf } from './budget.ts'
import {
  type ContentPart,
  type ReadPosition,
  type RenderedContents,
  renderContents,
  renderWithin,
} from './budgetedRead.ts'
import { fairShares } from './fairShares.ts'
import { fingerprint } from './fingerprint.ts'
import { renderSection, type SectionStatus, sectionTextCost } from './renderSection.ts'
import { defaultToolNames } from './resourceTools.ts'
import { quoted } from './serverText.ts'
import { listedResource, sourceOf } from './source.ts'
import { toToolError } from './toolError.ts'
import type { Source, ToolError } from './types.ts'

export interface ResourceContextOptions {
  /** What one build may use. @default { tokens: 16000 } */
  budget?: Budget
  /** @default UTF-8 bytes / 4 */
  estimateTokens?: (text: string) => number
  /** Reads larger than this are left out with `too_large`. @default 10 MB */
  maxReadBytes?: number
  /** Subscribe to attached resources through the client. @default true */
  watch?: boolean
  /** Injected clock. @default Date.now */
  now?: () => number
}

export interface AttachOptions {
  /** 0…1, over the resource's `annotations.priority`. */
  priority?: number
}

export interface ContextEntry {
  source: Source
  /** Since the previous build. */
  status: SectionStatus
  priority: number
  parts: ContentPart[]
  truncated: boolean
  /** When truncated: what was left out and how to read on (shown after the section). */
  marker?: string
  /** What its section cost in the budget's unit. */
  cost: number
}

export type ContextChange =
  | { type: 'new' | 'updated'; server: string; uri: string }
  | { type: 'removed'; server: string; uri: string; reason: 'detached' | 'not_found' }

export interface OmittedResource {
  server: string
  uri: string
  reason: 'budget' | 'error'
  error?: ToolError
}

export interface BuiltContext {
  /**
   * The prompt text: what changed, then one section per included resource. Its cost (by
   * the budget's own measure) is `used`, never over `limit`.
   */
  text: string
  entries: ContextEntry[]
  omitted: OmittedResource[]
  changes: ContextChange[]
  used: number
  limit: number
  unit: 'bytes' | 'tokens'
}

export interface ResourceContext {
  attach(server: string, uri: string, options?: AttachOptions): void
  detach(server: string, uri: string): void
  attached(): { server: string; uri: string }[]
  /** Packs the attached resources; the changes are relative to the previous build. */
  build(options?: { budget?: Budget; signal?: AbortSignal }): Promise<BuiltContext>
  /** Called when a watched resource changed on its server (time to build again). */
  subscribe(listener: (change: { server: string; uri?: string }) => void): () => void
  /** Closes the watches. */
  close(): Promise<void>
}

interface Attachment {
  server: string
  uri: string
  priority?: number
  order: number
}

/** Entries smaller than this share of the budget are left out rather than cut to a sliver. */
const MIN_SHARE = 0.05

const keyOf = (server: string, uri: string) => `${server}\u0000${uri}`

export function createResourceContext(
  client: ResourceClient,
  options: ResourceContextOptions = {},
): ResourceContext {
  const now = options.now ?? Date.now
  const maxBytes = options.maxReadBytes ?? 10 * 1024 * 1024
  const attachments = new Map<string, Attachment>()
  /** What the model was shown, by key: the content fingerprint. */
  const seen = new Map<string, string>()
  const detached = new Map<string, { server: string; uri: string }>()
  const watches = new Map<string, Watch>()
  const listeners = new Set<(change: { server: string; uri?: string }) => void>()
  let order = 0

  function rewatch(server: string): void {
    if (options.watch === false) return
    const uris = [...attachments.values()]
      .filter((item) => item.server === server)
      .map((item) => item.uri)
    const current = watches.get(server)
    if (uris.length === 0) {
      watches.delete(server)
      void current?.close().catch(() => {})
      return
    }
    if (current) {
      current.update({ uris })
      return
    }
    try {
      const watch = client.watch(server, { uris })
      watch.onEvent((event) => {
        const change = event.type === 'updated' ? { server, uri: event.uri } : { server }
        for (const listener of listeners) listener(change)
      })
      watches.set(server, watch)
    } catch {
      // An unknown or closed server: reads will say so; freshness falls back to TTLs.
    }
  }

  async function fetch(item: Attachment, signal?: AbortSignal) {
    const calledAt = now()
    try {
      const read: ReadResult = await client.read(item.server, item.uri, {
        maxBytes,
        ...(signal && { signal }),
      })
      const source = sourceOf(client, {
        server: item.server,
        uri: item.uri,
        ttlMs: read.ttlMs,
        calledAt,
        now: now(),
      })
      const priority =
        item.priority ?? listedResource(client, item.server, item.uri)?.annotations?.priority ?? 0.5
      return { item, read, source, priority: clampPriority(priority) }
    } catch (error) {
      return {
        item,
        error: toToolError(error, { server: item.server, uri: item.uri, tools: defaultToolNames }),
      }
    }
  }

  return {
    attach(server, uri, attachOptions) {
      const key = keyOf(server, uri)
      const existing = attachments.get(key)
      if (!existing) order += 1
      attachments.set(key, {
        server,
        uri,
        order: existing?.order ?? order,
        ...(attachOptions?.priority !== undefined && { priority: attachOptions.priority }),
      })
      detached.delete(key)
      rewatch(server)
    },

    detach(server, uri) {
      const key = keyOf(server, uri)
      if (!attachments.delete(key)) return
      if (seen.has(key)) detached.set(key, { server, uri })
      rewatch(server)
    },

    attached: () => [...attachments.values()].map(({ server, uri }) => ({ server, uri })),

    async build(buildOptions = {}) {
      const measure = measureOf(
        buildOptions.budget ?? options.budget,
        { tokens: 16_000 },
        options.estimateTokens,
      )
      const fetched = await Promise.all(
        [...attachments.values()].map((item) => fetch(item, buildOptions.signal)),
      )
      const changes: ContextChange[] = []
      for (const [key, gone] of detached) {
        changes.push({ type: 'removed', ...gone, reason: 'detached' })
        seen.delete(key)
      }
      detached.clear()
      const omitted: OmittedResource[] = []
      const readable: Exclude<(typeof fetched)[number], { error: ToolError }>[] = []
      for (const result of fetched) {
        if ('error' in result && result.error) {
          const { server, uri } = result.item
          if (result.error.kind === 'not_found') {
            // Gone from the server: it is no longer attached.
            const key = keyOf(server, uri)
            attachments.delete(key)
            seen.delete(key)
            rewatch(server)
            changes.push({ type: 'removed', server, uri, reason: 'not_found' })
          } else omitted.push({ server, uri, reason: 'error', error: result.error })
        } else readable.push(result as (typeof readable)[number])
      }
      readable.sort(
        (a, b) =>
          b.priority - a.priority ||
          recency(b.source) - recency(a.source) ||
          b.item.order - a.item.order,
      )

      const statuses = readable.map(({ item, read }) => {
        const print = fingerprint(read.contents)
        const before = seen.get(keyOf(item.server, item.uri))
        const status: SectionStatus =
          before === undefined ? 'new' : before === print ? 'unchanged' : 'updated'
        return { print, status }
      })
      const packed = pack(readable, statuses, changes, omitted, measure)
      for (const [index, entry] of packed.entries.entries()) {
        const { item } = entry
        if (!entry.rendered) {
          omitted.push({ server: item.server, uri: item.uri, reason: 'budget' })
          continue
        }
        const { print, status } = statuses[index]!
        seen.set(keyOf(item.server, item.uri), print)
        if (status !== 'unchanged')
          changes.push({ type: status, server: item.server, uri: item.uri })
      }
      const entries: ContextEntry[] = packed.entries.flatMap(
        ({ source, priority, rendered }, index) =>
          rendered
            ? [
                {
                  source,
                  status: statuses[index]!.status,
                  priority,
                  parts: rendered.parts,
                  truncated: rendered.next !== undefined,
                  ...(rendered.marker && { marker: rendered.marker }),
                  cost: measure.cost(rendered.section),
                },
              ]
            : [],
      )
      return {
        text: packed.text,
        entries,
        omitted,
        changes,
        used: measure.cost(packed.text),
        limit: measure.limit,
        unit: measure.unit,
      }
    },

    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },

    async close() {
      const open = [...watches.values()]
      watches.clear()
      await Promise.all(open.map((watch) => watch.close().catch(() => {})))
    },
  }
}

interface Readable {
  item: Attachment
  read: ReadResult
  source: Source
  priority: number
}

interface PackedEntry extends Readable {
  rendered?: RenderedContents & { section: string }
}

/**
 * Packs the readable resources (ranked) into the budget by fair shares (fairShares.ts),
 * then renders the whole text and, while it is over (an estimator that does not add up),
 * cuts or drops the lowest-ranked section until it fits. The budget holds for the text.
 */
function pack(
  readable: readonly Readable[],
  statuses: readonly { status: SectionStatus }[],
  changes: readonly ContextChange[],
  errors: readonly OmittedResource[],
  measure: Measure,
): { entries: PackedEntry[]; text: string } {
  const textCost = sectionTextCost(measure.cost)
  const hint = (server: string) => (next: ReadPosition) =>
    `Read the rest with ${defaultToolNames.read} (server "${server}", uri, item ${next.item}, offset ${next.offset}).`
  const sectionOf = (entry: Readable, index: number, rendered: RenderedContents) => ({
    ...rendered,
    section: renderSection(entry.source, rendered, statuses[index]!.status),
  })
  const render = (entry: Readable, index: number, room: number) =>
    renderWithin(
      entry.read.contents,
      { measure: { ...measure, limit: room }, textCost },
      { item: 0, offset: 0 },
      hint(entry.item.server),
      (rendered) => sectionOf(entry, index, rendered),
      (candidate) => measure.cost(candidate.section),
    )
  // Every resource is named in the header lines, as changed or as not included: reserve
  // the longer of the two, and the lines themselves, before sharing.
  const skeleton = measure.cost(
    renderContext(
      [],
      [...changes, { type: 'new', server: '', uri: '' }, { type: 'updated', server: '', uri: '' }],
      [...errors, { server: '', uri: '', reason: 'budget' }],
    ),
  )
  const mentions = readable.reduce(
    (sum, entry) => sum + measure.cost(`${quoted(entry.item.uri)} (over the budget); `),
    0,
  )
  const separator = measure.cost('\n')
  const claims = readable.map((entry, index) => {
    const whole = sectionOf(
      entry,
      index,
      renderContents(
        entry.read.contents,
        { ...measure, limit: Number.POSITIVE_INFINITY, cost: textCost },
        { item: 0, offset: 0 },
        hint(entry.item.server),
      ),
    )
    // The smallest cut: its frame, a character and the marker; then a twentieth of the budget.
    const smallest = sectionOf(
      entry,
      index,
      renderContents(
        entry.read.contents,
        { ...measure, limit: 1, cost: textCost },
        { item: 0, offset: 0 },
        hint(entry.item.server),
      ),
    )
    return {
      whole,
      need: measure.cost(whole.section) + separator,
      minimum: measure.cost(smallest.section) + separator + Math.ceil(measure.limit * MIN_SHARE),
    }
  })
  const available = measure.limit - skeleton - mentions
  const shares = fairShares(claims, available)
  const entries: PackedEntry[] = readable.map((entry, index) => {
    const claim = claims[index]!
    const share = shares[index]!
    if (share >= claim.need) return { ...entry, rendered: claim.whole }
    const rendered = share > 0 ? render(entry, index, share - separator) : undefined
    return rendered ? { ...entry, rendered } : { ...entry }
  })
  // A cut ends at a line break and leaves room unused: what is left goes, in rank order, to
  // the entries that were cut.
  const spent = () =>
    entries.reduce(
      (sum, entry) => sum + (entry.rendered ? measure.cost(entry.rendered.section) + separator : 0),
      0,
    )
  for (const [index, entry] of entries.entries()) {
    const rendered = entry.rendered
    if (!rendered?.next) continue
    const slack = available - spent()
    if (slack <= 0) break
    const larger = render(entry, index, measure.cost(rendered.section) + slack)
    if (larger) entries[index] = { ...entry, rendered: larger }
  }
  const textOf = () => {
    const shown = entries.filter((entry) => entry.rendered)
    const left = entries.filter((entry) => !entry.rendered)
    const listed = [
      ...changes,
      ...shown.flatMap(({ item }) => {
        const status = statuses[entries.findIndex((entry) => entry.item === item)]!.status
        return status === 'unchanged' ? [] : [{ type: status, server: item.server, uri: item.uri }]
      }),
    ]
    const notIncluded = [
      ...errors,
      ...left.map(({ item }) => ({
        server: item.server,
        uri: item.uri,
        reason: 'budget' as const,
      })),
    ]
    return { listed, notIncluded, sections: shown.map((entry) => entry.rendered!.section) }
  }
  for (;;) {
    const { listed, notIncluded, sections } = textOf()
    const text = renderContext(sections, listed, notIncluded)
    const over = measure.cost(text) - measure.limit
    if (over <= 0) return { entries, text }
    const last = entries.findLastIndex((entry) => entry.rendered)
    if (last < 0) return { entries, text: shortestContext(listed, notIncluded, measure) }
    const entry = entries[last]!
    const room = measure.cost(entry.rendered!.section) - over
    const smaller =
      room >= claims[last]!.minimum - separator ? render(entry, last, room) : undefined
    entries[last] = smaller ? { ...entry, rendered: smaller } : { ...entry, rendered: undefined }
  }
}

/** The header lines, then the sections. Every server string is quoted (serverText.ts). */
function renderContext(
  sections: readonly string[],
  changes: readonly ContextChange[],
  omitted: readonly OmittedResource[],
  keep = Number.POSITIVE_INFINITY,
): string {
  const lines: string[] = []
  // Cut to the first `keep` entries when the budget is tiny: "…, and 3 more", or "3 resources".
  const shorten = (items: string[], separator: string) =>
    items.length <= keep
      ? items.join(separator)
      : keep === 0
        ? `${items.length} resource${items.length === 1 ? '' : 's'}`
        : [...items.slice(0, keep), `and ${items.length - keep} more`].join(separator)
  const list = (uris: string[]) => shorten(uris.map(quoted), ', ')
  const listed = (type: ContextChange['type']) =>
    changes.filter((change) => change.type === type).map((change) => change.uri)
  const updated = listed('updated')
  const removed = listed('removed')
  const added = listed('new')
  if (updated.length + removed.length + added.length > 0) {
    lines.push('Attached resources changed since you last saw them:')
    if (updated.length) lines.push(`- updated: ${list(updated)}`)
    if (removed.length) lines.push(`- removed: ${list(removed)}`)
    if (added.length) lines.push(`- new: ${list(added)}`)
  }
  if (omitted.length) {
    const described = omitted.map(
      (item) =>
        `${quoted(item.uri)} (${item.reason === 'budget' ? 'over the budget' : `could not be read, ${item.error?.kind}: ${quoted(item.error?.message ?? '')}`})`,
    )
    lines.push(`Not included: ${shorten(described, '; ')}`)
  }
  lines.push(...sections)
  return lines.join('\n')
}

/** With no section left and the header lines still over: fewer URIs named, then none. */
function shortestContext(
  changes: readonly ContextChange[],
  omitted: readonly OmittedResource[],
  measure: Measure,
): string {
  const longest = Math.max(changes.length, omitted.length)
  for (let keep = longest - 1; keep >= 0; keep -= 1) {
    const text = renderContext([], changes, omitted, keep)
    if (measure.cost(text) <= measure.limit) return text
  }
  return ''
}

function recency(source: Source): number {
  const time = source.lastModified ? Date.parse(source.lastModified) : Number.NaN
  return Number.isNaN(time) ? 0 : time
}

function clampPriority(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0.5
}
