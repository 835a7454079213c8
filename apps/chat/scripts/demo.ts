// `npm run demo` — builds and starts the chat host against the demo MCP server, through
// the bridge backend (which also holds server-everything over stdio). `npm run demo --
// --direct` (or CHAT_MODE=direct) starts no backend: the page connects to the servers itself.
// Ports: CHAT_PORT (default 5173), MCP_PORT (default 3333), and for the server that needs
// sign-in MCP_AUTH_PORT (default 3334) and AUTH_SERVER_PORT (its authorization server, 3335).
import { startDemo } from './startDemo.ts'

const direct = process.argv.includes('--direct') || process.env.CHAT_MODE === 'direct'

const port = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback)
  return Number.isInteger(value) && value >= 0 && value < 65536 ? value : fallback
}

try {
  const demo = await startDemo({
    appPort: port('CHAT_PORT', 5173),
    mcpPort: port('MCP_PORT', 3333),
    authMcpPort: port('MCP_AUTH_PORT', 3334),
    authServerPort: port('AUTH_SERVER_PORT', 3335),
    bridge: !direct,
  })
  const mode = demo.bridge
    ? `through the bridge (ws on the app's origin, /bridge); ${demo.appUrl}?mode=direct for direct`
    : 'direct (the page connects to each server itself; no bridge backend)'
  console.log(`
  Resource Chat is running.

    Chat app:     ${demo.appUrl}
    Mode:         ${mode}
    MCP server:   ${demo.mcpUrl}  (Streamable HTTP)
    Protected:    ${demo.authMcpUrl}  (needs sign-in: accounts Ada and Grace)
    Sign-in at:   ${demo.authServerUrl}${demo.bridge ? '\n    Stdio:        @modelcontextprotocol/server-everything (through the bridge only)' : ''}

  Open the chat app, type @ in the message box, pick a resource or a template.
  "Sign in to …" on the protected server opens its authorization server's page.
  Press Ctrl+C to stop.
`)
  const stop = async () => {
    await demo.close()
    process.exit(0)
  }
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
} catch (error) {
  const message = error instanceof Error ? error.message : String(error)
  console.error(`Could not start the demo: ${message}`)
  if (/EADDRINUSE/.test(message)) {
    console.error(
      'A port is in use: set CHAT_PORT, MCP_PORT, MCP_AUTH_PORT or AUTH_SERVER_PORT, e.g. CHAT_PORT=5174 npm run demo',
    )
  }
  process.exit(1)
}
