// A tiny 2025-11-25 MCP server over real stdio, plain JavaScript (starts in milliseconds,
// no dependencies), for the servers the SDK never plays: one that never answers, and one
// that offers tools only. Its mode is the first argument:
//   hang        offers resources; answers the handshake, then never answers any request
//   tools-only  offers tools only; answers tools/list, and -32601 to anything else
//   garbage     prints lines that are not JSON-RPC on stdout and answers nothing
import { createInterface } from 'node:readline'

const mode = process.argv[2] ?? 'hang'
const send = (message) =>
  process.stdout.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`)

if (mode === 'garbage') {
  setInterval(() => process.stdout.write('hello from a server that logs to stdout\n'), 50)
}

createInterface({ input: process.stdin }).on('line', (line) => {
  if (mode === 'garbage') return
  let message
  try {
    message = JSON.parse(line)
  } catch {
    return
  }
  if (message.id === undefined || typeof message.method !== 'string') return
  if (message.method === 'initialize') {
    send({
      id: message.id,
      result: {
        protocolVersion: '2025-11-25',
        capabilities: mode === 'tools-only' ? { tools: {} } : { resources: {} },
        serverInfo: { name: `raw-${mode}`, version: '1.0.0' },
      },
    })
    return
  }
  if (mode === 'tools-only') {
    if (message.method === 'tools/list') send({ id: message.id, result: { tools: [] } })
    else if (message.method === 'ping') send({ id: message.id, result: {} })
    else
      send({
        id: message.id,
        error: { code: -32601, message: `Method not found: ${message.method}` },
      })
    return
  }
  // hang: the handshake only; every request after it is left unanswered.
  if (message.method === 'server/discover')
    send({ id: message.id, error: { code: -32601, message: 'Method not found' } })
})
process.stdin.on('end', () => process.exit(0))
