// `npm start`: the backend on http://127.0.0.1:8787 holding one MCP server, named by
// MCP_SERVER: an http(s) URL, or a command line for a stdio server, for example
//   MCP_SERVER="npx -y @modelcontextprotocol/server-everything" npm start
// Build the page first (`npm run build`).
import { fileURLToPath } from 'node:url'
import { type StdioCommand, startBridgeExample } from './startBridgeExample.ts'

function mcpServer(value: string): string | StdioCommand {
  if (/^https?:\/\//.test(value)) return value
  const [command, ...args] = value.split(/\s+/).filter(Boolean)
  if (!command) throw new Error('MCP_SERVER is empty: give a URL or a command line')
  return { command, args }
}

const running = await startBridgeExample({
  mcp: mcpServer(process.env.MCP_SERVER ?? 'http://localhost:3333/mcp'),
  pageDir: fileURLToPath(new URL('../dist', import.meta.url)),
  port: Number(process.env.PORT ?? 8787),
})
console.log(`Open ${running.url}`)
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void running.close().then(() => process.exit(0)))
}
