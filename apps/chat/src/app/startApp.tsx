// The React root of the chat app, rendered as a transition: React renders the first screen
// in slices and lets the browser in between, instead of one 90 ms task.
import { ResourceKitProvider } from '@resource-kit/react'
import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import type { OAuthCallback } from '../auth/oauthCallback.ts'
import { App } from './App.tsx'
import type { ChatConfig } from './chatConfig.ts'
import { createChatStorage } from './chatStorage.ts'
import type { ChatClient } from './createChatClient.ts'

export function startApp(config: ChatConfig, chat: ChatClient, callback: OAuthCallback): void {
  const storage = createChatStorage(window.localStorage)
  const root = createRoot(document.getElementById('root')!)
  startTransition(() =>
    root.render(
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
    ),
  )
}
