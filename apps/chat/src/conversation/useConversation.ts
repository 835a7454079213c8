// The message history: sending reads every mentioned resource (fresh from the cache when
// its TTL allows, else from the server) and stores what the model would receive.
import type { ResourceClient } from '@resource-kit/client'
import { type MentionSegment, mentionsOf, readMentions } from '@resource-kit/react'
import { useCallback, useEffect, useRef, useState } from 'react'
import type { ChatStorage } from '../app/chatStorage.ts'
import type { ChatMessage } from './chatMessage.ts'
import { toContextItems } from './modelContext.ts'

export interface Conversation {
  messages: readonly ChatMessage[]
  send(segments: readonly MentionSegment[], text: string): Promise<void>
  /** Clears the history; `undoClear` brings it back until the next message is sent. */
  clear(): void
  /** The history just cleared, while it can still be restored. */
  cleared: readonly ChatMessage[] | null
  undoClear(): void
  /** Forgets the cleared history (the undo offer is dismissed). */
  dismissUndo(): void
}

export function useConversation(client: ResourceClient, storage: ChatStorage): Conversation {
  const [messages, setMessages] = useState<ChatMessage[]>(() =>
    // A reload in the middle of a send: what was read is lost, keep the message.
    storage.loadMessages().map((m) => (m.status === 'reading' ? { ...m, status: 'ready' } : m)),
  )
  const [cleared, setCleared] = useState<ChatMessage[] | null>(null)
  const aborter = useRef<AbortController | null>(null)
  useEffect(() => {
    aborter.current = new AbortController()
    return () => aborter.current?.abort()
  }, [])
  useEffect(() => storage.saveMessages(messages), [messages, storage])

  const send = useCallback(
    async (segments: readonly MentionSegment[], text: string) => {
      setCleared(null)
      const id = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`
      setMessages((list) => [
        ...list,
        { id, text, sentAt: Date.now(), status: 'reading', context: [] },
      ])
      const signal = aborter.current?.signal
      const reads = await readMentions(client, mentionsOf(segments), {
        ...(signal && { signal }),
        maxBytes: 5 * 1024 * 1024,
      })
      const context = toContextItems(reads)
      setMessages((list) => list.map((m) => (m.id === id ? { ...m, status: 'ready', context } : m)))
    },
    [client],
  )

  // Updaters stay pure (React may call them twice): read the current lists from the render.
  const clear = useCallback(() => {
    if (messages.length === 0) return
    setCleared(messages)
    setMessages([])
  }, [messages])
  const undoClear = useCallback(() => {
    if (!cleared) return
    const restored = cleared
    setCleared(null)
    setMessages((now) => [...restored, ...now])
  }, [cleared])
  const dismissUndo = useCallback(() => setCleared(null), [])

  return { messages, send, clear, cleared, undoClear, dismissUndo }
}
