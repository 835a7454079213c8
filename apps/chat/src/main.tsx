import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <main>
      <h1>Resource Chat</h1>
    </main>
  </StrictMode>,
)
