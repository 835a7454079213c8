import '@resource-kit/react/theme.css'
import './app/app.css'
import { loadChatConfig } from './app/chatConfig.ts'
import { handleOAuthCallback } from './auth/oauthCallback.ts'

// A sign-in popup coming back only tells the app that opened it, then closes.
const callback = handleOAuthCallback(window)
if (callback.kind !== 'popup') {
  // The app starts in steps, each module graph evaluated in its own task: the client (the
  // MCP SDK builds its schemas as it loads), then React, the picker and the app. All of it
  // evaluated at once held the main thread for 70-100 ms before anything showed.
  const config = loadChatConfig(window.location)
  const { createChatClient } = await import('./app/createChatClient.ts')
  const chat = createChatClient()
  const { startApp } = await import('./app/startApp.tsx')
  startApp(await config, chat, callback)
}
