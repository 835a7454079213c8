// Resources that arrive inside tool results: `resource_link` blocks are read through the
// same client (its cache, its input handler, the same budget rules), and embedded
// `resource` blocks are rendered as they came. One budget covers every block of a result,
// in order. Anything else in the content array is left to the host.
import { isBase64, type ResourceClient, type ResourceContents } from '@resource-kit/client'
import { type Budget, measureOf } from './budget.ts'
import {
  budgetedRead,
  type ContentPart,
  type ReadPosition,
  renderContents,
} from './budgetedRead.ts'
import { renderSection } from './renderSection.ts'
import { defaultToolNames } from './resourceTools.ts'
import { toToolError } from './toolError.ts'
import type { Source, ToolError } from './types.ts'

export interface ResolveLinksOptions {
  /** For all the blocks together. @default { tokens: 8000 } */
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
      /** The section for a prompt (URI, freshness, content). */
      text: string
    }
  | { kind: 'error'; uri: string; error: ToolError }

/** Resolves the `resource_link` and `resource` blocks of a tool result from `server`. */
export async function resolveResourceLinks(
  client: ResourceClient,
  server: string,
  content: unknown,
  options: ResolveLinksOptions = {},
): Promise<ResolvedResource[]> {
  const now = options.now ?? Date.now
  const measure = measureOf(options.budget, { tokens: 8000 }, options.estimateTokens)
  const hint = (next: ReadPosition) =>
    `Read the rest with ${defaultToolNames.read} (server "${server}", uri, item ${next.item}, offset ${next.offset}).`
  const resolved: ResolvedResource[] = []
  let used = 0
  for (const block of Array.isArray(content) ? content : []) {
    if (typeof block !== 'object' || block === null) continue
    const { type } = block as { type?: unknown }
    const room = { ...measure, limit: Math.max(1, measure.limit - used) }
    if (type === 'resource_link') {
      const uri = (block as { uri?: unknown }).uri
      if (typeof uri !== 'string' || uri === '') continue
      try {
        const read = await budgetedRead(client, server, uri, {
          measure: room,
          hint,
          maxBytes: options.maxReadBytes ?? 10 * 1024 * 1024,
          now,
          ...(options.signal && { signal: options.signal }),
        })
        used += read.cost
        resolved.push({
          kind: 'link',
          source: read.source,
          parts: read.parts,
          ...(read.next && { next: read.next }),
          text: renderSection(read.source, read.parts),
        })
      } catch (error) {
        resolved.push({
          kind: 'error',
          uri,
          error: toToolError(error, { server, uri, tools: defaultToolNames }),
        })
      }
    } else if (type === 'resource') {
      const contents = embeddedContents((block as { resource?: unknown }).resource)
      if (!contents) continue
      const rendered = renderContents(
        [contents],
        room,
        { item: 0, offset: 0 },
        () => `The rest was not sent; ask the tool again for ${contents.uri}.`,
      )
      used += rendered.cost
      const lastModified = (block as { annotations?: { lastModified?: unknown } }).annotations
        ?.lastModified
      const source: Source = {
        server,
        uri: contents.uri,
        ...(typeof lastModified === 'string' && { lastModified }),
        fetchedAt: new Date(now()).toISOString(),
        ttlMs: 0,
        fresh: true,
      }
      resolved.push({
        kind: 'embedded',
        source,
        parts: rendered.parts,
        ...(rendered.next && { next: rendered.next }),
        text: renderSection(source, rendered.parts),
      })
    }
  }
  return resolved
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
