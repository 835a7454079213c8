// `npm run demo`: the headless client against two real servers at once — the test
// fixture over real HTTP on 127.0.0.1, and the demo server over stdio — showing status,
// paging, templates and completion, cached reads, not-found, and a live watch.
import {
  createResourceClient,
  findTemplate,
  ResourceNotFoundError,
  type ServerSnapshot,
} from '@resource-kit/client'
import { stdioServer } from '@resource-kit/client/node'
import { createFixtureServer, TS_NODE_ARGS } from '@resource-kit/test-utils'

const fixture = createFixtureServer({ resourceCount: 250, pageSize: 50, ttlMs: 30_000 })
const http = await fixture.listenHttp()
const client = createResourceClient({
  // Reads that need a person's input are answered here (a UI would show a form).
  inputHandler: async (request) => {
    console.log(`  input requested: "${request.message}" → accepting`)
    return { action: 'accept', content: { ok: true } }
  },
})

const describe = (s: ServerSnapshot) =>
  s.status === 'ready'
    ? `${s.id}: ready, ${s.serverInfo?.name} ${s.protocolVersion} (${s.era})`
    : `${s.id}: ${s.status}${s.error ? ` — ${s.error.message}` : ''}`
const printed = new Map<string, ServerSnapshot>()
client.subscribe(() => {
  // Snapshots are immutable: a new object means that server changed.
  for (const server of client.getServers()) {
    if (printed.get(server.id) !== server) console.log(`[status] ${describe(server)}`)
    printed.set(server.id, server)
  }
})

client.addServer('fixture', { url: http.url })
client.addServer(
  'demo',
  stdioServer({
    command: process.execPath,
    args: [...TS_NODE_ARGS, 'apps/demo-server/src/main.ts', '--stdio', '--count', '2000'],
    stderr: 'ignore',
  }),
)
client.addServer('nowhere', { url: 'http://127.0.0.1:9/mcp' })
await Promise.allSettled(client.getServers().map((s) => client.ready(s.id)))

console.log('\n# Paging')
const page = await client.listResources('fixture')
console.log(
  `first page: ${page.items.length} items, next cursor ${JSON.stringify(page.nextCursor)}`,
)
const bounded = await client.walkResources('fixture', { maxItems: 120 })
console.log(
  `bounded walk: ${bounded.items.length} items in ${bounded.pages} pages, complete: ${bounded.complete}`,
)
const rest = await client.walkResources('fixture', { cursor: bounded.nextCursor })
console.log(`…continued: ${rest.items.length} more, complete: ${rest.complete}`)
const demoWalk = await client.walkResources('demo')
console.log(`demo server: ${demoWalk.items.length} resources in ${demoWalk.pages} pages`)

console.log('\n# Templates and completion')
const templates = (await client.listTemplates('fixture')).items
for (const t of templates) console.log(`template ${t.uriTemplate}`)
const owners = await client.complete('fixture', {
  template: 'fixture://users/{owner}/repos/{repo}',
  argument: { name: 'owner', value: 'al' },
})
console.log(`owner "al…" → ${owners.values.join(', ')}`)
const repos = await client.complete('fixture', {
  template: 'fixture://users/{owner}/repos/{repo}',
  argument: { name: 'repo', value: '' },
  context: { owner: 'alice' },
})
console.log(`alice's repos → ${repos.values.join(', ')}`)
const match = findTemplate(templates, 'fixture://users/alice/repos/atlas')
console.log(
  `fixture://users/alice/repos/atlas matches ${match?.template.name}: ${JSON.stringify(match?.variables)}`,
)

console.log('\n# Reads and the cache')
const before = fixture.calls('resources/read')
const read = await client.read('fixture', 'fixture://dir/')
await client.read('fixture', 'fixture://dir/')
console.log(
  `directory read: ${read.contents.map((c) => c.uri).join(', ')} (ttl ${read.ttlMs} ms); ` +
    `2 reads, ${fixture.calls('resources/read') - before} wire call`,
)
const blob = await client.read('fixture', 'fixture://blob/pixel')
console.log(`blob read: ${blob.contents[0]?.mimeType}, base64 checked`)
const confirmed = await client.read('fixture', 'fixture://input/confirm')
console.log(
  `input-required read → "${confirmed.contents[0] && 'text' in confirmed.contents[0] ? confirmed.contents[0].text : ''}"`,
)
try {
  await client.read('fixture', 'fixture://missing')
} catch (error) {
  if (error instanceof ResourceNotFoundError) console.log(`not found: ${error.uri}`)
  else throw error
}

console.log('\n# Watching')
const watch = client.watch('fixture', { uris: ['fixture://r/001'], listChanged: true })
watch.onEvent((event) => console.log(`[watch] ${JSON.stringify(event)}`))
while (watch.getSnapshot().status !== 'live') await new Promise((r) => setTimeout(r, 20))
console.log(`watch live, server honours ${JSON.stringify(watch.getSnapshot().honored)}`)
fixture.setText('fixture://r/001', 'edited just now')
fixture.notifyUpdated('fixture://r/001')
fixture.addResource({ uri: 'fixture://new', name: 'new.txt' })
await new Promise((r) => setTimeout(r, 500))
const fresh = await client.read('fixture', 'fixture://r/001')
console.log(
  `re-read after the update: "${'text' in (fresh.contents[0] ?? {}) ? (fresh.contents[0] as { text: string }).text : ''}"`,
)
await watch.close()

await client.close()
await fixture.close()
console.log('\ndone')
