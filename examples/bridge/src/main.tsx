import { connectBridge, webSocketChannel } from '@resource-kit/client/bridge'
import { ResourceKitProvider, ResourcePicker } from '@resource-kit/react'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import '@resource-kit/react/theme.css'
import './app.css'

// The page holds no MCP connection: a ResourceClient over a WebSocket to the backend, which
// holds the real one. Opened again after each drop (servers show "reconnecting" meanwhile).
const bridgeUrl = new URL('/bridge', location.href)
bridgeUrl.protocol = location.protocol === 'https:' ? 'wss:' : 'ws:'
const client = connectBridge(() => webSocketChannel(new WebSocket(bridgeUrl)))

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root')
createRoot(root).render(
  <StrictMode>
    <ResourceKitProvider client={client}>
      <main>
        <h1>Resources from the backend</h1>
        <section className="picker" aria-label="Resources">
          <ResourcePicker />
        </section>
      </main>
    </ResourceKitProvider>
  </StrictMode>,
)
