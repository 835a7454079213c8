import {
  callTool,
  createResourceContext,
  createResourceTools,
  toAnthropicTools,
} from '@resource-kit/agent'
import { createResourceClient } from '@resource-kit/client'
import { stdioServer } from '@resource-kit/client/node'

const client = createResourceClient()
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
await client.ready('demo')

// Tools a model can call, with reads cut to a budget. Hand them to any model API
// (`toAnthropicTools`, `toOpenAiTools`, or `toAiSdkTools` from '@resource-kit/agent/ai'),
// and run each call the model makes with `callTool`: it never throws.
const tools = createResourceTools(client, { readBudget: { tokens: 200 } })
console.log(
  `tools: ${toAnthropicTools(tools)
    .map((tool) => tool.name)
    .join(', ')}`,
)

// What a model's calls look like: search, then read the best hit.
const found = await callTool(tools, 'search_resources', { query: 'live readme' })
if (!found.ok) throw new Error(found.error.message)
const [hit] = found.results as { uri: string; matched: string[] }[]
if (!hit) throw new Error('nothing found')
console.log(`found: ${hit.uri} (${hit.matched[0]})`)
const read = await callTool(tools, 'read_resource', { uri: hit.uri })
if (read.ok)
  console.log(`read: fresh ${(read.source as { fresh: boolean }).fresh}, next part at`, read.next)

// The next prompt's context: attached resources within a budget, and what changed.
const context = createResourceContext(client, { budget: { tokens: 1000 } })
context.attach('demo', hit.uri)
const built = await context.build()
console.log(
  `context: ${built.entries.length} resource, ${built.used} of ${built.limit} tokens, ${built.changes[0]?.type}`,
)
await context.close()
await client.close()
