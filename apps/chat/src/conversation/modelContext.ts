// What the model would receive: the message text with each mention as `@label`, then one
// block per mentioned resource. Text goes in as text; a blob is summarized (type and size),
// never inlined.
import type { MentionRead } from '@resource-kit/react'
import { base64ByteLength, type MentionSegment } from '@resource-kit/react'
import type { ContextItem, ContextPart } from './chatMessage.ts'

/** Text longer than this is cut in the stored history (the preview says so). */
export const MAX_STORED_TEXT = 20_000

const utf8 = new TextEncoder()

/** The reads of a message as context items (text cut at `maxText`, blobs as sizes). */
export function toContextItems(
  reads: readonly MentionRead[],
  maxText = MAX_STORED_TEXT,
): ContextItem[] {
  return reads.map((read): ContextItem => {
    const { serverId, uri, label } = read.mention
    if (read.status === 'error')
      return { serverId, uri, label, status: 'error', error: read.error.message }
    const parts = read.result.contents.map((c): ContextPart => {
      if ('text' in c) {
        return {
          kind: 'text',
          uri: c.uri,
          ...(c.mimeType && { mimeType: c.mimeType }),
          text: c.text.length > maxText ? c.text.slice(0, maxText) : c.text,
          bytes: utf8.encode(c.text).length,
          truncated: c.text.length > maxText,
        }
      }
      return {
        kind: 'blob',
        uri: c.uri,
        ...(c.mimeType && { mimeType: c.mimeType }),
        bytes: base64ByteLength(c.blob),
      }
    })
    return { serverId, uri, label, status: 'read', parts }
  })
}

/** The message as the model reads it: mentions as `@label`. */
export function promptText(segments: readonly MentionSegment[]): string {
  return segments.map((s) => (s.type === 'text' ? s.text : `@${s.mention.label}`)).join('')
}

/** The whole model input: the message, then a block per resource. */
export function modelInput(
  segments: readonly MentionSegment[],
  context: readonly ContextItem[],
): string {
  const blocks = context.map((item) => {
    const head = `<resource server="${attr(item.serverId)}" uri="${attr(item.uri)}" name="${attr(item.label)}"`
    if (item.status === 'error') return `${head} error="${attr(item.error)}" />`
    const body = item.parts.map((p) =>
      p.kind === 'text'
        ? p.text + (p.truncated ? '\n[… cut in this preview]' : '')
        : `[binary ${p.mimeType ?? 'data'}, ${formatSize(p.bytes)}: attached as a file, not inlined]`,
    )
    return `${head}>\n${body.join('\n')}\n</resource>`
  })
  return [promptText(segments), ...blocks].join('\n\n')
}

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} kB`
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`
}

function attr(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/"/g, '&quot;')
    .replace(/</g, '&lt;')
    .replace(/\n/g, ' ')
}
