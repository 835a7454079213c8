// What a message hands the model, as data a host can keep (history, storage): per mentioned
// resource its contents (text cut for keeping, blobs as sizes) and its size, measured from
// the whole read with `measureContents` (the chip and the preview showed the same figure);
// or why it could not be read, and whether retrying can help.

import { formatBytes } from '../collection/formatBytes.ts'
import type { MentionSegment } from '../mention/mentionToken.ts'
import type { MentionRead } from '../mention/readMentions.ts'
import { base64ByteLength } from '../preview/contentInfo.ts'
import { type ContextSize, isContextSize, measureContents } from '../preview/contextSize.ts'
import { isNotFoundError } from '../shared/isNotFoundError.ts'

/** One content item of a read, as the model gets it. */
export type ModelContextPart =
  | {
      kind: 'text'
      uri: string
      mimeType?: string
      text: string
      /** Bytes of the whole text (UTF-8). */
      bytes: number
      /** The text was cut to `maxText` for keeping (the model got all of it). */
      truncated: boolean
    }
  | { kind: 'blob'; uri: string; mimeType?: string; bytes: number }

/** What one mention contributed: its contents, or why it could not be read. */
export type ModelContextItem =
  | {
      serverId: string
      uri: string
      label: string
      status: 'read'
      parts: ModelContextPart[]
      /** `measureContents` of the whole read. */
      size: ContextSize
    }
  | {
      serverId: string
      uri: string
      label: string
      status: 'error'
      error: string
      /** The server no longer has it (retrying will not help). */
      notFound?: boolean
    }

/** Text longer than this is cut in what is kept. */
export const MAX_KEPT_TEXT = 20_000

const utf8 = new TextEncoder()

/** The reads of a message as context items. */
export function contextItemsOf(
  reads: readonly MentionRead[],
  { maxText = MAX_KEPT_TEXT }: { maxText?: number } = {},
): ModelContextItem[] {
  return reads.map((read): ModelContextItem => {
    const { serverId, uri, label } = read.mention
    if (read.status === 'error') {
      return {
        serverId,
        uri,
        label,
        status: 'error',
        error: read.error.message,
        ...(isNotFoundError(read.error) && { notFound: true }),
      }
    }
    const parts = read.result.contents.map((c): ModelContextPart => {
      const type = c.mimeType ? { mimeType: c.mimeType } : {}
      if ('text' in c) {
        return {
          kind: 'text',
          uri: c.uri,
          ...type,
          text: c.text.length > maxText ? c.text.slice(0, maxText) : c.text,
          bytes: utf8.encode(c.text).length,
          truncated: c.text.length > maxText,
        }
      }
      return { kind: 'blob', uri: c.uri, ...type, bytes: base64ByteLength(c.blob) }
    })
    return {
      serverId,
      uri,
      label,
      status: 'read',
      parts,
      size: measureContents(read.result.contents),
    }
  })
}

/** The message as the model reads it: mentions as `@label`. */
export function promptText(segments: readonly MentionSegment[]): string {
  return segments.map((s) => (s.type === 'text' ? s.text : `@${s.mention.label}`)).join('')
}

/** The whole model input: the message, then a block per resource. */
export function modelInputText(
  segments: readonly MentionSegment[],
  items: readonly ModelContextItem[],
): string {
  const blocks = items.map((item) => {
    const head = `<resource server="${attr(item.serverId)}" uri="${attr(item.uri)}" name="${attr(item.label)}"`
    if (item.status === 'error') return `${head} error="${attr(item.error)}" />`
    const body = item.parts.map((p) =>
      p.kind === 'text'
        ? p.text + (p.truncated ? '\n[… cut in this preview]' : '')
        : `[binary ${p.mimeType ?? 'data'}, ${formatBytes(p.bytes)}: attached as a file, not inlined]`,
    )
    return `${head}>\n${body.join('\n')}\n</resource>`
  })
  return [promptText(segments), ...blocks].join('\n\n')
}

/** Whether `value` (read back from storage) is a ModelContextItem. */
export function isModelContextItem(value: unknown): value is ModelContextItem {
  const c = value as Partial<ModelContextItem> | null
  if (typeof c?.serverId !== 'string' || typeof c.uri !== 'string' || typeof c.label !== 'string')
    return false
  if (c.status === 'error') return typeof (c as { error?: unknown }).error === 'string'
  return (
    c.status === 'read' &&
    isContextSize((c as { size?: unknown }).size) &&
    Array.isArray(c.parts) &&
    c.parts.every(isPart)
  )
}

function isPart(value: unknown): value is ModelContextPart {
  const p = value as Partial<ModelContextPart> | null
  if (typeof p?.uri !== 'string' || typeof p.bytes !== 'number') return false
  if (p.kind === 'blob') return true
  return p.kind === 'text' && typeof p.text === 'string' && typeof p.truncated === 'boolean'
}

function attr(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/"/g, '&quot;')
    .replace(/</g, '&lt;')
    .replace(/\n/g, ' ')
}
