// Resources that arrive inside tool results: `resource_link` blocks are read through the
// same client (its cache, its input handler, the same budget rules), and embedded
// `resource` blocks are rendered as they came. One budget covers every block of a result,
// in order, for the texts as the model gets them (joined with line breaks): once a block
// does not fit, or less than a twentieth is left, the rest are not read at all (`omitted`).
// Anything else in the content array is left to the host.
import { isBase64, type ResourceClient, type ResourceContents } from '@resource-kit/client'
import { type Budget, measureOf } from './budget.ts'
import {
  budgetedRead,
  type ContentPart,
  ReadBudgetError,
  type ReadPosition,
  renderWithin,
} from './budgetedRead.ts'
import { renderSection, sectionTextCost } from './renderSection.ts'
import { defaultToolNames } from './resourceTools.ts'
import { quoted } from './serverText.ts'
import { toToolError } from './toolError.ts'
import type { Source, ToolError } from './types.ts'

export interface ResolveLinksOptions {
  /** For all the blocks' texts together, joined with line breaks. @default { tokens: 8000 } */
  budget?: Budget
  estimateTokens?: (text: string) => number
  /** @default 10 MB */
  maxReadBytes?: number
  now?: () => number
  signal?: AbortSignal
}

export type ResolvedResource =
  | {
      /** `link`: read through the client; `embedded`: the block carried the contents. */
      kind: 'link' | 'embedded'
      source: Source
      parts: ContentPart[]
      /** Where to resume with the read tool, when the budget cut it. */
      next?: ReadPosition
      /** The section for a prompt (URI, freshness, content, and what was cut). */
      text: string
    }
  | {
      kind: 'error'
      uri: string
      error: ToolError
      /** The failure for a prompt, its server strings quoted. */
      text: string
    }
  | {
      /** Not read or not shown: the budget was spent before this block. */
      kind: 'omitted'
      uri: string
      reason: 'budget'
    }

/** Blocks are not read once less than this share of the budget is left. */
const MIN_SHARE = 0.05

/** Resolves the `resource_link` and `resource` blocks of a tool result from `server`. */
export async function resolveResourceLinks(
  client: ResourceClient,
  server: string,
  content: unknown,
  options: ResolveLinksOptions = {},
): Promise<ResolvedResource[]> {
  const now = options.now ?? Date.now
  const measure = measureOf(options.budget, { tokens: 8000 }, options.estimateTokens)
  const textCost = sectionTextCost(measure.cost)
  const hint = (next: ReadPosition) =>
    `Read the rest with ${defaultToolNames.read} (server "${server}", uri, item ${next.item}, offset ${next.offset}).`
  const resolved: ResolvedResource[] = []
  let used = 0
  let spent = false
  for (const block of Array.isArray(content) ? content : []) {
    if (typeof block !== 'object' || block === null) continue
    const { type } = block as { type?: unknown }
    const uri =
      type === 'resource_link'
        ? (block as { uri?: unknown }).uri
        : type === 'resource'
          ? embeddedContents((block as { resource?: unknown }).resource)?.uri
          : undefined
    if (typeof uri !== 'string' || uri === '') continue
    // The line break joining this text to the previous one costs too.
    const separator = resolved.some((item) => item.kind !== 'omitted') ? measure.cost('\n') : 0
    const left = measure.limit - used - separator
    if (spent || left < measure.limit * MIN_SHARE) {
      // The budget is spent: the rest is not read at all.
      spent = true
      resolved.push({ kind: 'omitted', uri, reason: 'budget' })
      continue
    }
    const room = { ...measure, limit: left }
    const add = (item: Exclude<ResolvedResource, { kind: 'omitted' }>) => {
      const cost = measure.cost(item.text)
      if (cost > left) {
        spent = true
        resolved.push({ kind: 'omitted', uri, reason: 'budget' })
        return
      }
      used += separator + cost
      resolved.push(item)
    }
    if (type === 'resource_link') {
      try {
        const read = await budgetedRead(client, server, uri, {
          measure: room,
          textCost,
          outputCost: (candidate) => measure.cost(renderSection(candidate.source, candidate)),
          hint,
          maxBytes: options.maxReadBytes ?? 10 * 1024 * 1024,
          now,
          ...(options.signal && { signal: options.signal }),
        })
        add({
          kind: 'link',
          source: read.source,
          parts: read.parts,
          ...(read.next && { next: read.next }),
          text: renderSection(read.source, read),
        })
      } catch (error) {
        if (error instanceof ReadBudgetError) {
          spent = true
          resolved.push({ kind: 'omitted', uri, reason: 'budget' })
          continue
        }
        const failure = toToolError(error, { server, uri, tools: defaultToolNames })
        add({ kind: 'error', uri, error: failure, text: renderFailure(uri, failure) })
      }
      continue
    }
    const contents = embeddedContents((block as { resource?: unknown }).resource)!
    const lastModified = (block as { annotations?: { lastModified?: unknown } }).annotations
      ?.lastModified
    const source: Source = {
      server,
      uri,
      ...(typeof lastModified === 'string' && { lastModified }),
      fetchedAt: new Date(now()).toISOString(),
      ttlMs: 0,
      fresh: true,
    }
    const section = renderWithin(
      [contents],
      { measure: room, textCost },
      { item: 0, offset: 0 },
      () => `The rest was not sent; ask the tool again for ${quoted(uri)}.`,
      (rendered) => ({ rendered, text: renderSection(source, rendered) }),
      (candidate) => measure.cost(candidate.text),
    )
    if (!section) {
      spent = true
      resolved.push({ kind: 'omitted', uri, reason: 'budget' })
      continue
    }
    add({
      kind: 'embedded',
      source,
      parts: section.rendered.parts,
      ...(section.rendered.next && { next: section.rendered.next }),
      text: section.text,
    })
  }
  return resolved
}

/** A failed link as the model reads it: the host's words, the server's quoted. */
function renderFailure(uri: string, error: ToolError): string {
  return `[Could not read ${quoted(uri)} (${error.kind}): ${quoted(error.message)}. ${error.hint}]`
}

/** An embedded resource's contents, checked like a read's: a string uri, and text or valid base64. */
function embeddedContents(value: unknown): ResourceContents | undefined {
  if (typeof value !== 'object' || value === null) return undefined
  const { uri, mimeType, text, blob } = value as Record<string, unknown>
  if (typeof uri !== 'string' || uri === '') return undefined
  const mime = typeof mimeType === 'string' ? { mimeType } : {}
  if (typeof text === 'string') return { uri, ...mime, text }
  if (typeof blob === 'string' && isBase64(blob)) return { uri, ...mime, blob }
  return undefined
}
