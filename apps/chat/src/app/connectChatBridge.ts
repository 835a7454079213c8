// Bridge mode: the app's ResourceClient is a view of the backend's (connectBridge over a
// WebSocket): no MCP SDK, no OAuth flow and no tokens in the page. The backend asks this
// page to open an authorization page when the person signs in here, and to answer a
// server's input request a read of this page caused. After a drop the socket is opened
// again (with backoff): servers read "reconnecting" meanwhile, and nothing shown is lost.
import { connectBridge, webSocketChannel } from '@resource-kit/client/bridge'
import { createInputBridge } from '@resource-kit/react'
import { createOpenAuthorization } from '../auth/openAuthorization.ts'
import { chatRevalidationPace, createChatQueryClient } from './chatClientParts.ts'
import type { ChatClient } from './createChatClient.ts'

export function connectChatBridge(bridgeUrl: string, win: Window = window): ChatClient {
  const inputBridge = createInputBridge()
  const client = connectBridge(() => webSocketChannel(new WebSocket(bridgeUrl)), {
    queryClient: createChatQueryClient(),
    inputHandler: inputBridge.handler,
    openAuthorization: createOpenAuthorization(win),
    revalidationPace: chatRevalidationPace(win),
    reconnect: { initialMs: 250, maxMs: 5_000 },
  })
  return { mode: 'bridge', client, inputBridge }
}
