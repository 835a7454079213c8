import '@resource-kit/react/theme.css'
import './app/app.css'
import { ResourceKitProvider } from '@resource-kit/react'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/App.tsx'
import { loadChatConfig } from './app/chatConfig.ts'
import { createChatStorage } from './app/chatStorage.ts'
import { createChatClient } from './app/createChatClient.ts'

const config = await loadChatConfig(window.location)
const chat = createChatClient()
const storage = createChatStorage(window.localStorage)

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ResourceKitProvider client={chat.client}>
      <App config={config} chat={chat} storage={storage} />
    </ResourceKitProvider>
  </StrictMode>,
)
