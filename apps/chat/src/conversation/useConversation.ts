// The message history: sending reads every mentioned resource (fresh from the cache when
// its TTL allows, else from the server) and keeps what the model would receive. A message
// whose resources could not be read (a server down) stays unsent, with Retry: that reads
// them again and sends it with its context.
import type { ResourceClient } from '@resource-kit/client'
import { contextItemsOf, mentionsOf, parseMentions, readMentions } from '@resource-kit/react'
import { useCallback, useEffect, useRef, useState } from 'react'
import type { ChatStorage } from '../app/chatStorage.ts'
import type { ChatMessage } from './chatMessage.ts'

export interface Conversation {
  messages: readonly ChatMessage[]
  send(text: string): Promise<void>
  /** Reads an unsent message's resources again; it is sent once they all answer. */
  retry(id: string): Promise<void>
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
    // A reload in the middle of a send: what was read is lost, so it was not sent.
    storage.loadMessages().map((m) => (m.status === 'reading' ? { ...m, status: 'unsent' } : m)),
  )
  const [cleared, setCleared] = useState<ChatMessage[] | null>(null)
  const aborter = useRef<AbortController | null>(null)
  useEffect(() => {
    aborter.current = new AbortController()
    return () => aborter.current?.abort()
  }, [])
  useEffect(() => storage.saveMessages(messages), [messages, storage])

  const read = useCallback(
    async (id: string, text: string) => {
      const signal = aborter.current?.signal
      const reads = await readMentions(client, mentionsOf(parseMentions(text)), {
        ...(signal && { signal }),
        maxBytes: 5 * 1024 * 1024,
      })
      const context = contextItemsOf(reads)
      // "Not found" will not change on a retry; a server that did not answer may.
      const failed = context.some((item) => item.status === 'error' && !item.notFound)
      const status = failed ? 'unsent' : 'ready'
      setMessages((list) => list.map((m) => (m.id === id ? { ...m, status, context } : m)))
    },
    [client],
  )

  const send = useCallback(
    async (text: string) => {
      setCleared(null)
      const id = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`
      setMessages((list) => [
        ...list,
        { id, text, sentAt: Date.now(), status: 'reading', context: [] },
      ])
      await read(id, text)
    },
    [read],
  )

  const retry = useCallback(
    async (id: string) => {
      const message = messages.find((m) => m.id === id)
      if (message?.status !== 'unsent') return
      // A server that went offline waits for its next attempt: ask it now (the person asked).
      const servers = new Set(
        message.context.flatMap((c) => (c.status === 'error' && !c.notFound ? [c.serverId] : [])),
      )
      await Promise.all(
        [...servers]
          .filter((id) => client.getServer(id)?.status === 'offline')
          .map((id) => client.reconnect(id).catch(() => {})),
      )
      setMessages((list) => list.map((m) => (m.id === id ? { ...m, status: 'reading' } : m)))
      await read(id, message.text)
    },
    [client, messages, read],
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

  return { messages, send, retry, clear, cleared, undoClear, dismissUndo }
}
