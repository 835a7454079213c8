// createResourceContext: the resources attached to a conversation, packed into a prompt
// within a budget — priority first (the host's, else the server's annotation), then
// recency (lastModified) — each marked with its URI and freshness. Across turns it tells
// the model what changed since it last saw them: new, updated (the content differs from
// what it was shown) and removed (detached, or gone from the server). The client's watch
// keeps reads fresh: an `updated` notification invalidates the cached read, so the next
// build reads it again.
import type { ReadResult, ResourceClient, Watch } from '@resource-kit/client'
import { type Budget, measureOf } from './budget.ts'
import { type ContentPart, renderContents } from './budgetedRead.ts'
import { fingerprint } from './fingerprint.ts'
import { renderSection, type SectionStatus } from './renderSection.ts'
import { defaultToolNames } from './resourceTools.ts'
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
  /** What it cost in the budget's unit. */
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
  /** The prompt text: what changed, then one section per included resource. */
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

      const entries: ContextEntry[] = []
      let used = 0
      for (const { item, read, source, priority } of readable) {
        const key = keyOf(item.server, item.uri)
        const print = fingerprint(read.contents)
        const before = seen.get(key)
        const status: SectionStatus =
          before === undefined ? 'new' : before === print ? 'unchanged' : 'updated'
        const left = measure.limit - used
        // The section's frame costs too: price it before the content.
        const frame = measure.cost(renderSection(source, [], status))
        const room = left - frame
        if (room < measure.limit * MIN_SHARE) {
          omitted.push({ server: item.server, uri: item.uri, reason: 'budget' })
          continue
        }
        const rendered = renderContents(
          read.contents,
          { ...measure, limit: room },
          { item: 0, offset: 0 },
          (next) =>
            `Read the rest with read_resource (server "${item.server}", uri, item ${next.item}, offset ${next.offset}).`,
        )
        const cost = frame + rendered.cost
        used += cost
        seen.set(key, print)
        if (status !== 'unchanged')
          changes.push({ type: status, server: item.server, uri: item.uri })
        entries.push({
          source,
          status,
          priority,
          parts: rendered.parts,
          truncated: rendered.next !== undefined,
          cost,
        })
      }
      return {
        text: renderContext(entries, changes, omitted),
        entries,
        omitted,
        changes,
        used,
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

function renderContext(
  entries: ContextEntry[],
  changes: ContextChange[],
  omitted: OmittedResource[],
): string {
  const lines: string[] = []
  const listed = (type: ContextChange['type']) =>
    changes.filter((change) => change.type === type).map((change) => change.uri)
  const updated = listed('updated')
  const removed = listed('removed')
  const added = listed('new')
  if (updated.length + removed.length + added.length > 0) {
    lines.push('Attached resources changed since you last saw them:')
    if (updated.length) lines.push(`- updated: ${updated.join(', ')}`)
    if (removed.length) lines.push(`- removed: ${removed.join(', ')}`)
    if (added.length) lines.push(`- new: ${added.join(', ')}`)
  }
  if (omitted.length) {
    lines.push(
      `Not included: ${omitted.map((item) => `${item.uri} (${item.reason === 'budget' ? 'over the budget' : item.error?.message})`).join('; ')}`,
    )
  }
  for (const entry of entries) lines.push(renderSection(entry.source, entry.parts, entry.status))
  return lines.join('\n')
}

function recency(source: Source): number {
  const time = source.lastModified ? Date.parse(source.lastModified) : Number.NaN
  return Number.isNaN(time) ? 0 : time
}

function clampPriority(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0.5
}
