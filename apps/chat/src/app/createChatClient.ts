// One ResourceClient for the whole app, caching in the app's QueryClient (shared with
// React Query through ResourceKitProvider), with input requests routed to the UI.
import { createResourceClient, type ResourceClient } from '@resource-kit/client'
import { createInputBridge, type InputBridge } from '@resource-kit/react'
import { QueryClient } from '@tanstack/react-query'

export interface ChatClient {
  client: ResourceClient
  inputBridge: InputBridge
}

export function createChatClient(): ChatClient {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { refetchOnWindowFocus: false } },
  })
  const inputBridge = createInputBridge()
  const client = createResourceClient({
    queryClient,
    inputHandler: inputBridge.handler,
    clientInfo: { name: 'resource-kit-chat', version: '0.1.0', title: 'Resource Chat' },
  })
  return { client, inputBridge }
}
