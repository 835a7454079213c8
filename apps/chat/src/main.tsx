import '@resource-kit/react/theme.css'
import './app/app.css'
import { ResourceKitProvider } from '@resource-kit/react'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/App.tsx'
import { loadChatConfig } from './app/chatConfig.ts'
import { createChatStorage } from './app/chatStorage.ts'
import { createChatClient } from './app/createChatClient.ts'
import { handleOAuthCallback } from './auth/oauthCallback.ts'

// A sign-in popup coming back only tells the app that opened it, then closes.
const callback = handleOAuthCallback(window)
if (callback.kind !== 'popup') {
  const config = await loadChatConfig(window.location)
  const chat = createChatClient()
  const storage = createChatStorage(window.localStorage)
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <ResourceKitProvider client={chat.client}>
        <App
          config={config}
          chat={chat}
          storage={storage}
          {...(callback.kind === 'redirect' && { signInCallback: callback.url })}
        />
      </ResourceKitProvider>
    </StrictMode>,
  )
}
