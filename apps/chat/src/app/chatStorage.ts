// What survives a reload: the draft (plain text with mention tokens), the message
// history and the servers the user added. Everything read back is validated: storage
// is as untrusted as any other input.
import { type ChatMessage, toChatMessage } from '../conversation/chatMessage.ts'

const PREFIX = 'resource-kit-chat:v1:'
const MAX_MESSAGES = 200

export interface StoredServer {
  id: string
  url: string
}

export interface ChatStorage {
  loadDraft(): string
  saveDraft(value: string): void
  loadMessages(): ChatMessage[]
  saveMessages(messages: readonly ChatMessage[]): void
  loadServers(): StoredServer[]
  saveServers(servers: readonly StoredServer[]): void
}

/** Storage over `localStorage` (or any Storage); failures (quota, privacy mode) are ignored. */
export function createChatStorage(storage: Storage | undefined): ChatStorage {
  const read = (key: string): unknown => {
    try {
      const raw = storage?.getItem(PREFIX + key)
      return raw == null ? undefined : JSON.parse(raw)
    } catch {
      return undefined
    }
  }
  const write = (key: string, value: unknown) => {
    try {
      storage?.setItem(PREFIX + key, JSON.stringify(value))
    } catch {
      // Full or unavailable: the app keeps working without persistence.
    }
  }
  return {
    loadDraft: () => {
      const value = read('draft')
      return typeof value === 'string' ? value : ''
    },
    saveDraft: (value) => write('draft', value),
    loadMessages: () => {
      const value = read('messages')
      if (!Array.isArray(value)) return []
      return value.flatMap((m) => toChatMessage(m) ?? []).slice(-MAX_MESSAGES)
    },
    saveMessages: (messages) => write('messages', messages.slice(-MAX_MESSAGES)),
    loadServers: () => {
      const value = read('servers')
      if (!Array.isArray(value)) return []
      return value.filter(
        (s): s is StoredServer => typeof s?.id === 'string' && typeof s?.url === 'string',
      )
    },
    saveServers: (servers) => write('servers', servers),
  }
}
