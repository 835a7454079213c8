// One ResourceClient for the whole app, caching in the app's QueryClient (shared with
// React Query through ResourceKitProvider), with input requests routed to the UI and
// OAuth sign-in for every server that asks for it (tokens kept per server, see auth/).
import {
  createOAuth,
  createResourceClient,
  type OAuth,
  type ResourceClient,
} from '@resource-kit/client'
import { indexedDbAuthStorage } from '@resource-kit/client/persist'
import { createInputBridge, type InputBridge } from '@resource-kit/react'
import { createTimeSlicer } from '@resource-kit/search'
import { QueryClient } from '@tanstack/react-query'
import { OAUTH_CALLBACK_PATH } from '../auth/oauthCallback.ts'
import { createOpenAuthorization } from '../auth/openAuthorization.ts'

export interface ChatClient {
  client: ResourceClient
  inputBridge: InputBridge
  /** Sign-in for the servers (passed with each `{ url }` the app adds). */
  oauth: OAuth
}

/** Between two pages of a revalidation: this long, then an idle period. */
const REVALIDATION_GAP_MS = 50

export function createChatClient(win: Window = window): ChatClient {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { refetchOnWindowFocus: false } },
  })
  const inputBridge = createInputBridge()
  // The project's idle wait (background priority, abortable), after a gap.
  const idle = createTimeSlicer()
  const client = createResourceClient({
    queryClient,
    inputHandler: inputBridge.handler,
    clientInfo: { name: 'resource-kit-chat', version: '0.1.0', title: 'Resource Chat' },
    // A list_changed walks a 100k list again: leave the CPU to typing and the search workers.
    revalidationPace: async (signal) => {
      await new Promise((resolve) => win.setTimeout(resolve, REVALIDATION_GAP_MS))
      await idle.idle(signal)
    },
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
  return { client, inputBridge, oauth }
}
