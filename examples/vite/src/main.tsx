import { createResourceClient } from '@resource-kit/client'
import { ResourceKitProvider } from '@resource-kit/react'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import '@resource-kit/react/theme.css'
import './app.css'
import { App } from './App.tsx'

// Direct mode: the page talks to the MCP server over Streamable HTTP, so the server must
// allow this page's origin (CORS). Set the URL at build time: VITE_MCP_SERVER_URL=… vite build
const serverUrl = import.meta.env.VITE_MCP_SERVER_URL ?? 'http://localhost:3333/mcp'

// One client for the page's lifetime, made outside React.
const client = createResourceClient()
client.addServer('demo', { url: serverUrl })

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root')
createRoot(root).render(
  <StrictMode>
    <ResourceKitProvider client={client}>
      <App />
    </ResourceKitProvider>
  </StrictMode>,
)
