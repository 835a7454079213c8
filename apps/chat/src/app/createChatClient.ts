// Direct mode: one ResourceClient for the whole app that connects to each server itself,
// caching in the app's QueryClient (shared with React Query through ResourceKitProvider),
// with input requests routed to the UI and OAuth sign-in for every server that asks for it
// (tokens kept per server, see auth/). Bridge mode is connectChatBridge.ts.
import {
  createOAuth,
  createResourceClient,
  type OAuth,
  type ResourceClient,
} from '@resource-kit/client'
import { indexedDbAuthStorage } from '@resource-kit/client/persist'
import { createInputBridge, type InputBridge } from '@resource-kit/react'
import { OAUTH_CALLBACK_PATH } from '../auth/oauthCallback.ts'
import { createOpenAuthorization } from '../auth/openAuthorization.ts'
import { chatRevalidationPace, createChatQueryClient } from './chatClientParts.ts'
import type { ChatMode } from './chatConfig.ts'

export interface ChatClient {
  /** How this client reaches the servers. */
  mode: ChatMode
  client: ResourceClient
  inputBridge: InputBridge
  /** Sign-in for the servers the page adds (direct mode; the bridge's backend signs in). */
  oauth?: OAuth
}

export function createChatClient(win: Window = window): ChatClient {
  const inputBridge = createInputBridge()
  const client = createResourceClient({
    queryClient: createChatQueryClient(),
    inputHandler: inputBridge.handler,
    clientInfo: { name: 'resource-kit-chat', version: '0.1.0', title: 'Resource Chat' },
    revalidationPace: chatRevalidationPace(win),
  })
  const oauth = createOAuth({
    redirectUrl: new URL(OAUTH_CALLBACK_PATH, win.location.origin).href,
    openAuthorization: createOpenAuthorization(win),
    // One IndexedDB entry per server URL; localStorage (the client's default) where there
    // is no IndexedDB.
    ...(typeof indexedDB === 'object' && { storage: indexedDbAuthStorage() }),
    clientName: 'Resource Chat',
    clientUri: win.location.origin,
  })
  return { mode: 'direct', client, inputBridge, oauth }
}
