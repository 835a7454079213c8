// The servers of the chat: the configured ones, plus those the user added by URL (kept
// across reloads). Adding one connects at once; its status shows in the server list. Each
// comes with the app's OAuth: a server that answers 401 can then be signed in to.
import type { OAuth, ResourceClient } from '@resource-kit/client'
import { useCallback, useEffect, useMemo, useState } from 'react'
import type { ChatServerConfig } from '../app/chatConfig.ts'
import { isHttpUrl } from '../app/chatConfig.ts'
import type { ChatStorage, StoredServer } from '../app/chatStorage.ts'
import { serverIdFromUrl } from './serverIdFromUrl.ts'

export interface ChatServers {
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
  oauth?: OAuth,
): ChatServers {
  const [added, setAdded] = useState<StoredServer[]>(() => storage.loadServers())

  // Connect once per server; the client keeps them for the app's lifetime.
  useEffect(() => {
    for (const s of [...configured, ...added]) {
      if (!client.getServer(s.id))
        client.addServer(s.id, { url: s.url, ...(oauth && { auth: oauth }) })
    }
  }, [client, configured, added, oauth])

  const addServer = useCallback(
    (url: string) => {
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
    [client, added, storage],
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
  return { added: added.map((s) => s.id), urls, addServer, removeServer }
}
