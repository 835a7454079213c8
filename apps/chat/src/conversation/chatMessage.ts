// One sent message: the text as typed (plain text with mention tokens) and what the model
// would receive from each mentioned resource, captured at send time.

/** One content item of a read, as the model would get it. */
export type ContextPart =
  | {
      kind: 'text'
      uri: string
      mimeType?: string
      text: string
      /** Bytes of the whole text (UTF-8). */
      bytes: number
      /** The text was cut to keep the history small. */
      truncated: boolean
    }
  | { kind: 'blob'; uri: string; mimeType?: string; bytes: number }

/** What one mention contributed: its contents, or why it could not be read. */
export type ContextItem =
  | { serverId: string; uri: string; label: string; status: 'read'; parts: ContextPart[] }
  | { serverId: string; uri: string; label: string; status: 'error'; error: string }

export interface ChatMessage {
  id: string
  /** The draft as sent (see `serializeMentions`). */
  text: string
  sentAt: number
  /** `reading` while the mentions are read; then `ready`. */
  status: 'reading' | 'ready'
  context: ContextItem[]
}

export function isChatMessage(value: unknown): value is ChatMessage {
  const m = value as Partial<ChatMessage> | null
  return (
    typeof m?.id === 'string' &&
    typeof m.text === 'string' &&
    typeof m.sentAt === 'number' &&
    (m.status === 'ready' || m.status === 'reading') &&
    Array.isArray(m.context) &&
    m.context.every(isContextItem)
  )
}

function isContextItem(value: unknown): value is ContextItem {
  const c = value as Partial<ContextItem> | null
  if (typeof c?.serverId !== 'string' || typeof c.uri !== 'string' || typeof c.label !== 'string')
    return false
  if (c.status === 'error') return typeof (c as { error?: unknown }).error === 'string'
  return c.status === 'read' && Array.isArray(c.parts) && c.parts.every(isContextPart)
}

function isContextPart(value: unknown): value is ContextPart {
  const p = value as Partial<ContextPart> | null
  if (typeof p?.uri !== 'string' || typeof p.bytes !== 'number') return false
  if (p.kind === 'blob') return true
  return p.kind === 'text' && typeof p.text === 'string' && typeof p.truncated === 'boolean'
}
