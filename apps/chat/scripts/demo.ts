// `npm run demo` — builds and starts the chat host against the demo MCP server.
// Ports: CHAT_PORT (default 5173), MCP_PORT (default 3333), and for the server that needs
// sign-in MCP_AUTH_PORT (default 3334) and AUTH_SERVER_PORT (its authorization server, 3335).
import { startDemo } from './startDemo.ts'

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
  })
  console.log(`
  Resource Chat is running.

    Chat app:     ${demo.appUrl}
    MCP server:   ${demo.mcpUrl}  (Streamable HTTP)
    Protected:    ${demo.authMcpUrl}  (needs sign-in: accounts Ada and Grace)
    Sign-in at:   ${demo.authServerUrl}

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
