import '@resource-kit/react/theme.css'
import './app/app.css'
import { loadChatConfig } from './app/chatConfig.ts'
import { handleOAuthCallback } from './auth/oauthCallback.ts'

// A sign-in popup coming back only tells the app that opened it, then closes.
const callback = handleOAuthCallback(window)
if (callback.kind !== 'popup') {
  // The app starts in steps, each module graph evaluated in its own task: the client (in
  // direct mode the MCP SDK, which builds its schemas as it loads; in bridge mode only the
  // bridge's page end), then React, the picker and the app. All of it evaluated at once
  // held the main thread for 70-100 ms before anything showed.
  const config = await loadChatConfig(window.location)
  const chat =
    config.mode === 'bridge' && config.bridgeUrl
      ? (await import('./app/connectChatBridge.ts')).connectChatBridge(config.bridgeUrl)
      : (await import('./app/createChatClient.ts')).createChatClient()
  const { startApp } = await import('./app/startApp.tsx')
  startApp(config, chat, callback)
}
