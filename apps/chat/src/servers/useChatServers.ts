// The servers of the chat: the configured ones, plus those the user added by URL (kept
// across reloads). Adding one connects at once; its status shows in the server list. Each
// comes with the app's OAuth: a server that answers 401 can then be signed in to.
// Through a bridge the backend holds the servers (it connected them before the page came):
// the page connects none, and adding one by URL is direct mode's (`canAdd` is false).
import type { ResourceClient } from '@resource-kit/client'
import { useCallback, useEffect, useMemo, useState } from 'react'
import type { ChatServerConfig } from '../app/chatConfig.ts'
import { isHttpUrl } from '../app/chatConfig.ts'
import type { ChatStorage, StoredServer } from '../app/chatStorage.ts'
import type { ChatClient } from '../app/createChatClient.ts'
import { serverIdFromUrl } from './serverIdFromUrl.ts'

export interface ChatServers {
  /** Whether servers can be added from the page (direct mode). */
  canAdd: boolean
  /** Ids of the servers the user added (they can be removed). */
  added: readonly string[]
  /** Every server's URL (configured and added), by id. */
  urls: ReadonlyMap<string, string>
  /** Connects a server by URL; resolves with its id, rejects with a readable error. */
  addServer(url: string): string
  removeServer(id: string): void
}

export function useChatServers(
  client: ResourceClient,
  configured: readonly ChatServerConfig[],
  storage: ChatStorage,
  chat: Pick<ChatClient, 'mode' | 'oauth'>,
): ChatServers {
  const canAdd = chat.mode === 'direct'
  const oauth = chat.oauth
  const [added, setAdded] = useState<StoredServer[]>(() => (canAdd ? storage.loadServers() : []))

  // Connect once per server; the client keeps them for the app's lifetime.
  useEffect(() => {
    if (!canAdd) return
    for (const s of [...configured, ...added]) {
      if (!client.getServer(s.id))
        client.addServer(s.id, { url: s.url, ...(oauth && { auth: oauth }) })
    }
  }, [client, configured, added, oauth, canAdd])

  const addServer = useCallback(
    (url: string) => {
      if (!canAdd) {
        throw new Error(
          'Servers are added on the bridge backend; open the page with ?mode=direct to add one here.',
        )
      }
      const trimmed = url.trim()
      if (!isHttpUrl(trimmed))
        throw new Error('Enter an http:// or https:// URL of an MCP endpoint.')
      const taken = new Set(client.getServers().map((s) => s.id))
      if (client.getServers().some((s) => added.find((a) => a.id === s.id)?.url === trimmed)) {
        throw new Error('That server is already in the list.')
      }
      const id = serverIdFromUrl(trimmed, taken)
      const next = [...added, { id, url: trimmed }]
      storage.saveServers(next)
      setAdded(next)
      return id
    },
    [client, added, storage, canAdd],
  )

  const removeServer = useCallback(
    (id: string) => {
      const next = added.filter((s) => s.id !== id)
      storage.saveServers(next)
      setAdded(next)
      void client.removeServer(id)
    },
    [client, added, storage],
  )

  const urls = useMemo(
    () => new Map([...configured, ...added].map((s) => [s.id, s.url] as const)),
    [configured, added],
  )
  return { canAdd, added: added.map((s) => s.id), urls, addServer, removeServer }
}
