// One sent message: the text as typed (plain text with mention tokens) and what the model
// would receive from each mentioned resource, captured at send time.
import {
  isModelContextItem,
  type ModelContextItem,
  measureContents,
  sumContextSizes,
} from '@resource-kit/react'

export interface ChatMessage {
  id: string
  /** The draft as sent (see `serializeMentions`). */
  text: string
  sentAt: number
  /**
   * `reading` while the mentions are read; `ready` when all were; `unsent` when one could not
   * be read for a reason other than "not found" (its server was down): Retry sends it again.
   */
  status: 'reading' | 'ready' | 'unsent'
  context: ModelContextItem[]
}

/** A stored message, checked (storage is as untrusted as any input); undefined when malformed. */
export function toChatMessage(value: unknown): ChatMessage | undefined {
  const m = value as Partial<ChatMessage> | null
  if (
    typeof m?.id !== 'string' ||
    typeof m.text !== 'string' ||
    typeof m.sentAt !== 'number' ||
    (m.status !== 'ready' && m.status !== 'reading' && m.status !== 'unsent') ||
    !Array.isArray(m.context)
  )
    return undefined
  const context = m.context.map(withSize)
  if (!context.every(isModelContextItem)) return undefined
  return { id: m.id, text: m.text, sentAt: m.sentAt, status: m.status, context }
}

// History kept before items had a size: measured from what was kept of them.
function withSize(item: unknown): unknown {
  const c = item as { status?: unknown; size?: unknown; parts?: unknown } | null
  if (c?.status !== 'read' || c.size !== undefined || !Array.isArray(c.parts)) return item
  const sizes = c.parts.map((p: { text?: unknown; uri?: unknown; bytes?: unknown }) =>
    typeof p?.text === 'string'
      ? measureContents([{ uri: String(p.uri), text: p.text }])
      : { bytes: Number(p?.bytes) || 0, tokens: 0, hasText: false, hasBlob: true },
  )
  return { ...c, size: sumContextSizes(sizes) }
}
