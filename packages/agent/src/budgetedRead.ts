// One read as a model should see it: text within the budget (cut, with a marker saying how
// to get the next part), blobs summarized, and where it came from. A read returns several
// content items for a folder; the budget covers them all, and `next` says where to resume
// (`item`, `offset`). The budget holds for the whole output the caller shows (a tool's
// JSON result, a prompt section): each rendering is measured as shown, and cut further
// until it fits.
import {
  type ReadResult,
  type ResourceClient,
  type ResourceContents,
  resourceKeys,
} from '@resource-kit/client'
import { type BlobSummary, base64ByteLength, describeBlob, summarizeBlob } from './blobSummary.ts'
import { fitWithin, type Measure, utf8Length } from './budget.ts'
import { sourceOf } from './source.ts'
import { takePart } from './truncate.ts'
import type { Source } from './types.ts'

/** One content item as the model sees it. */
export type ContentPart =
  | {
      kind: 'text'
      uri: string
      mimeType?: string
      /** The item's text from `offset`: the server's words only (no marker). */
      text: string
      /** Where this part starts in the item's text. */
      offset: number
      totalLength: number
      truncated: boolean
    }
  | { kind: 'blob'; uri: string; mimeType?: string; summary: BlobSummary; text: string }
  | { kind: 'omitted'; uri: string; mimeType?: string; text: string }

/** Where to resume a cut read: pass both back to the read tool. */
export interface ReadPosition {
  item: number
  offset: number
}

export interface RenderedContents {
  parts: ContentPart[]
  /** Set when the budget ran out before the end. */
  next?: ReadPosition
  /** Set with `next`: what was left out and how to read on (the host's words). */
  marker?: string
  /** What the parts and the marker cost in the budget's unit. */
  cost: number
}

/** How to continue from `position`, for the truncation marker. */
export type ContinueHint = (position: ReadPosition) => string

/**
 * Renders contents from `start` within `measure` (pure: used for reads and embedded
 * resources). `measure.cost` prices a text as it will be shown (escaped, in JSON, …).
 */
export function renderContents(
  contents: readonly ResourceContents[],
  measure: Measure,
  start: ReadPosition,
  hint: ContinueHint,
): RenderedContents {
  const parts: ContentPart[] = []
  let used = 0
  const first = clampItem(start.item, contents.length)
  const stopAt = (index: number, offset: number): RenderedContents => {
    const next = { item: index, offset }
    const left = contents.length - index
    const marker = `[… ${left} more content item${left === 1 ? '' : 's'} not shown. ${hint(next)}]`
    return { parts, next, marker, cost: used + measure.cost(marker) }
  }
  for (let index = first; index < contents.length; index += 1) {
    const content = contents[index]!
    const mime = content.mimeType ? { mimeType: content.mimeType } : {}
    const left = measure.limit - used
    if ('blob' in content) {
      const summary = summarizeBlob(content.blob, content.mimeType)
      const text = describeBlob(summary)
      if (measure.cost(text) > left && parts.length > 0) return stopAt(index, 0)
      parts.push({ kind: 'blob', uri: content.uri, ...mime, summary, text })
      used += measure.cost(text)
      continue
    }
    const offset = index === first ? start.offset : 0
    const part = takePart(content.text, offset, { ...measure, limit: Math.max(1, left) }, (next) =>
      hint({ item: index, offset: next }),
    )
    // Too little room left to be worth a sliver: resume at this item.
    if (part.truncated && left < measure.limit * 0.05 && parts.length > 0)
      return stopAt(index, offset)
    parts.push({
      kind: 'text',
      uri: content.uri,
      ...mime,
      text: part.text,
      offset: part.offset,
      totalLength: part.totalLength,
      truncated: part.truncated,
    })
    used += measure.cost(part.text)
    if (part.nextOffset !== undefined && part.marker !== undefined) {
      const next = { item: index, offset: part.nextOffset }
      return { parts, next, marker: part.marker, cost: used + measure.cost(part.marker) }
    }
  }
  return { parts, cost: used }
}

function clampItem(item: unknown, length: number): number {
  const value = typeof item === 'number' && Number.isFinite(item) ? Math.floor(item) : 0
  return Math.min(Math.max(0, value), length)
}

/**
 * The largest rendering from `start` whose whole output fits the budget: `output` prices
 * it as the model will get it (the tool's JSON result, the prompt section). Undefined
 * when not even the smallest part fits with its frame.
 */
export function renderWithin<T>(
  contents: readonly ResourceContents[],
  budget: { measure: Measure; textCost?: (text: string) => number },
  start: ReadPosition,
  hint: ContinueHint,
  output: (rendered: RenderedContents) => T,
  cost: (value: T) => number,
): T | undefined {
  const textCost = budget.textCost ?? budget.measure.cost
  return fitWithin(
    budget.measure.limit,
    (room) =>
      output(
        renderContents(contents, { ...budget.measure, limit: room, cost: textCost }, start, hint),
      ),
    cost,
  )
}

export interface BudgetedRead extends RenderedContents {
  source: Source
  /**
   * On a continuation (a start past the beginning): whether it was served from the same
   * download as the earlier parts (`reused`), or read again because that one was past its
   * freshness window (`refetched`: if it changed, offsets may not line up).
   */
  continuation?: { kind: 'reused'; windowMs: number } | { kind: 'refetched' }
}

export interface BudgetedReadOptions {
  measure: Measure
  /** What a piece of content text costs as shown. @default measure.cost */
  textCost?: (text: string) => number
  /** What the whole output costs as the model gets it: the budget holds for this. */
  outputCost: (read: BudgetedRead) => number
  start?: ReadPosition
  hint: ContinueHint
  /** The hard cap handed to the client (a larger read fails with `too_large`). */
  maxBytes: number
  now: () => number
  signal?: AbortSignal
}

/** The budget cannot hold even the smallest part of a read with its frame. */
export class ReadBudgetError extends Error {
  override readonly name = 'ReadBudgetError'
  constructor(
    readonly uri: string,
    readonly limit: number,
    readonly unit: string,
  ) {
    super(`The read budget of ${limit} ${unit} cannot hold any part of ${uri} with its source`)
  }
}

/**
 * How long a continuation reuses the download of the earlier parts when the server gave
 * no `ttlMs` (2025-era servers): a model reads part after part within a minute or two.
 * Shorter than the client's default gcTime (5 minutes), which keeps the entry.
 */
export const LEGACY_CONTINUATION_WINDOW_MS = 120_000

/** Reads through the client (cached, input requests through the host's handler) and renders within the budget. */
export async function budgetedRead(
  client: ResourceClient,
  server: string,
  uri: string,
  options: BudgetedReadOptions,
): Promise<BudgetedRead> {
  const start = options.start ?? { item: 0, offset: 0 }
  const calledAt = options.now()
  const continuing = start.item > 0 || start.offset > 0
  const reused = continuing
    ? earlierDownload(client, server, uri, options.maxBytes, calledAt)
    : undefined
  const result =
    reused?.result ??
    (await client.read(server, uri, {
      maxBytes: options.maxBytes,
      ...(options.signal && { signal: options.signal }),
    }))
  const source = sourceOf(client, {
    server,
    uri,
    ttlMs: result.ttlMs,
    calledAt,
    now: options.now(),
    lastModified: contentLastModified(result.contents),
  })
  const continuation: BudgetedRead['continuation'] = reused
    ? { kind: 'reused', windowMs: reused.windowMs }
    : continuing
      ? { kind: 'refetched' }
      : undefined
  const read = renderWithin(
    result.contents,
    options,
    start,
    options.hint,
    (rendered): BudgetedRead => ({ ...rendered, source, ...(continuation && { continuation }) }),
    options.outputCost,
  )
  if (!read) throw new ReadBudgetError(uri, options.measure.limit, options.measure.unit)
  return read
}

/**
 * The cached read the earlier parts came from, while it is within its freshness window
 * (its `ttlMs`, or `LEGACY_CONTINUATION_WINDOW_MS` on a 2025-era server that gave none),
 * not invalidated (a watch heard it change) and within `maxBytes`.
 */
function earlierDownload(
  client: ResourceClient,
  server: string,
  uri: string,
  maxBytes: number,
  now: number,
): { result: ReadResult; windowMs: number } | undefined {
  const state = client.queryClient.getQueryState<ReadResult>(
    resourceKeys.read(server, client.partitionOf(server), uri),
  )
  const result = state?.data
  if (!state || !result || state.isInvalidated || state.status !== 'success') return undefined
  const windowMs =
    result.ttlMs > 0
      ? result.ttlMs
      : client.getServer(server)?.era === 'legacy'
        ? LEGACY_CONTINUATION_WINDOW_MS
        : 0
  if (now - state.dataUpdatedAt >= windowMs) return undefined
  if (decodedBytes(result.contents) > maxBytes) return undefined
  return { result, windowMs }
}

function decodedBytes(contents: readonly ResourceContents[]): number {
  let total = 0
  for (const content of contents)
    total += 'blob' in content ? base64ByteLength(content.blob) : utf8Length(content.text)
  return total
}

/** `annotations.lastModified` as some servers put it on the content item itself. */
function contentLastModified(contents: readonly ResourceContents[]): string | undefined {
  for (const content of contents) {
    const annotations = (content as { annotations?: { lastModified?: unknown } }).annotations
    if (typeof annotations?.lastModified === 'string') return annotations.lastModified
  }
  return undefined
}
