// One read as a model should see it: text within the budget (cut with a marker saying how
// to get the next part), blobs summarized, and where it came from. A read returns several
// content items for a folder; the budget covers them all, and `next` says where to resume
// (`item`, `offset`).
import type { ResourceClient, ResourceContents } from '@resource-kit/client'
import { type BlobSummary, describeBlob, summarizeBlob } from './blobSummary.ts'
import type { Measure } from './budget.ts'
import { sourceOf } from './source.ts'
import { takePart } from './truncate.ts'
import type { Source } from './types.ts'

/** One content item as the model sees it. */
export type ContentPart =
  | {
      kind: 'text'
      uri: string
      mimeType?: string
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
  /** What the parts cost in the budget's unit. */
  cost: number
}

/** How to continue from `position`, for the truncation marker. */
export type ContinueHint = (position: ReadPosition) => string

/** Renders contents from `start` within `measure` (pure: used for reads and embedded resources). */
export function renderContents(
  contents: readonly ResourceContents[],
  measure: Measure,
  start: ReadPosition,
  hint: ContinueHint,
): RenderedContents {
  const parts: ContentPart[] = []
  let used = 0
  const first = clampItem(start.item, contents.length)
  for (let index = first; index < contents.length; index += 1) {
    const content = contents[index]!
    const mime = content.mimeType ? { mimeType: content.mimeType } : {}
    const left = measure.limit - used
    if ('blob' in content) {
      const summary = summarizeBlob(content.blob, content.mimeType)
      const text = describeBlob(summary)
      if (measure.cost(text) > left && parts.length > 0) {
        return { parts, next: { item: index, offset: 0 }, cost: used }
      }
      parts.push({ kind: 'blob', uri: content.uri, ...mime, summary, text })
      used += measure.cost(text)
      continue
    }
    const offset = index === first ? start.offset : 0
    const part = takePart(content.text, offset, { ...measure, limit: Math.max(1, left) }, (next) =>
      hint({ item: index, offset: next }),
    )
    if (part.truncated && left < measure.limit * 0.05 && parts.length > 0) {
      // Too little room left to be worth a sliver: resume at this item.
      return { parts, next: { item: index, offset }, cost: used }
    }
    const next =
      part.nextOffset === undefined ? undefined : { item: index, offset: part.nextOffset }
    const text = part.text
    parts.push({
      kind: 'text',
      uri: content.uri,
      ...mime,
      text,
      offset: part.offset,
      totalLength: part.totalLength,
      truncated: part.truncated,
    })
    used += measure.cost(text)
    if (next) return { parts, next, cost: used }
  }
  return { parts, cost: used }
}

function clampItem(item: unknown, length: number): number {
  const value = typeof item === 'number' && Number.isFinite(item) ? Math.floor(item) : 0
  return Math.min(Math.max(0, value), length)
}

export interface BudgetedRead extends RenderedContents {
  source: Source
}

export interface BudgetedReadOptions {
  measure: Measure
  start?: ReadPosition
  hint: ContinueHint
  /** The hard cap handed to the client (a larger read fails with `too_large`). */
  maxBytes: number
  now: () => number
  signal?: AbortSignal
}

/** Reads through the client (cached, input requests through the host's handler) and renders within the budget. */
export async function budgetedRead(
  client: ResourceClient,
  server: string,
  uri: string,
  options: BudgetedReadOptions,
): Promise<BudgetedRead> {
  const calledAt = options.now()
  const result = await client.read(server, uri, {
    maxBytes: options.maxBytes,
    ...(options.signal && { signal: options.signal }),
  })
  const rendered = renderContents(
    result.contents,
    options.measure,
    options.start ?? { item: 0, offset: 0 },
    options.hint,
  )
  const source = sourceOf(client, {
    server,
    uri,
    ttlMs: result.ttlMs,
    calledAt,
    now: options.now(),
    lastModified: contentLastModified(result.contents),
  })
  return { ...rendered, source }
}

/** `annotations.lastModified` as some servers put it on the content item itself. */
function contentLastModified(contents: readonly ResourceContents[]): string | undefined {
  for (const content of contents) {
    const annotations = (content as { annotations?: { lastModified?: unknown } }).annotations
    if (typeof annotations?.lastModified === 'string') return annotations.lastModified
  }
  return undefined
}
