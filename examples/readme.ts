import { createResourceClient, ResourceNotFoundError } from '@resource-kit/client'
import { stdioServer } from '@resource-kit/client/node'

const client = createResourceClient()
// Any MCP server: a URL (Streamable HTTP), an SDK transport or Client, or a command.
client.addServer(
  'demo',
  stdioServer({
    command: process.execPath,
    args: [
      '--conditions=@resource-kit/source',
      '--import',
      'tsx',
      'apps/demo-server/src/main.ts',
      '--stdio',
      '--count',
      '1000',
    ],
    stderr: 'ignore',
  }),
)
const server = await client.ready('demo')
console.log(
  `connected: ${server.serverInfo?.name} speaks ${server.protocolVersion} (${server.era})`,
)

// A bounded walk over cursor pages: it stops at a limit and says where to go on.
const walk = await client.walkResources('demo', { maxPages: 2 })
console.log(`listed ${walk.items.length} resources, complete: ${walk.complete}`)

// Reads are cached for the server's ttlMs; a second read within it costs nothing.
const first = walk.items[0]
if (first) {
  const { contents, ttlMs } = await client.read('demo', first.uri, { maxBytes: 1_000_000 })
  console.log(`read ${first.uri}: ${contents.length} item(s), fresh for ${ttlMs} ms`)
}

try {
  await client.read('demo', 'file:///no/such/file.txt')
} catch (error) {
  if (error instanceof ResourceNotFoundError) console.log(`not found: ${error.uri}`)
  else throw error
}
await client.close()
