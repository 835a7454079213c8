// The client the conformance suite drives (`npm run conformance`), written on the public API
// alone: `createResourceClient` with `createOAuth`, as a host would. The suite starts it
// with the scenario's server URL as the last argument, the scenario's name in
// MCP_CONFORMANCE_SCENARIO and its data (a pre-registered client) in MCP_CONFORMANCE_CONTEXT.
// It connects, signs in when asked to (the suite's authorization server answers the
// authorization request with a redirect at once: no person), lists and reads resources
// where the server has them, then reconnects as a host does later (the sign-in must hold,
// or be redone where the server now points), and exits 0 when the server was reached both
// times and non-zero otherwise.
import { createOAuth, createResourceClient, memoryAuthStorage } from '@resource-kit/client'

/** The Client ID Metadata Document the suite's CIMD scenario expects. */
const clientMetadataUrl = 'https://conformance-test.local/client-metadata.json'
const serverId = 'conformance'

async function main(): Promise<void> {
  const serverUrl = process.argv.at(-1)
  if (!serverUrl?.startsWith('http')) throw new Error('usage: client.ts <server-url>')
  const context = readContext()
  const signal = AbortSignal.timeout(25_000)
  const oauth = createOAuth({
    storage: memoryAuthStorage(),
    clientName: 'resource-kit conformance client',
    redirectUrl: 'http://localhost:3000/callback',
    clientMetadataUrl,
    ...(context.client_id && {
      client: {
        clientId: context.client_id,
        ...(context.client_secret && { clientSecret: context.client_secret }),
      },
    }),
    // The browser's part: the suite's authorization endpoint redirects straight back.
    openAuthorization: async (url) => {
      const response = await fetch(url, { redirect: 'manual', signal })
      await response.body?.cancel()
      const location = response.headers.get('location')
      if (!location) throw new Error(`the authorization page answered ${response.status}`)
      return new URL(location, url)
    },
  })
  const client = createResourceClient({
    clientInfo: { name: 'resource-kit-conformance', version: '0.0.0' },
  })
  try {
    client.addServer(serverId, { url: serverUrl, auth: oauth })
    const server = await connected(client, signal)
    if (server.capabilities?.resources) {
      const page = await client.listResources(serverId, { signal })
      const first = page.items[0]
      if (first) await client.read(serverId, first.uri, { signal })
    }
    // A reconnect that needs sign-in rejects; the snapshot says so, and `connected` signs in.
    await client.reconnect(serverId).catch(() => undefined)
    await connected(client, signal)
  } finally {
    await client.close()
  }
}

type ResourceClient = ReturnType<typeof createResourceClient>

/** Ready, signing in as often as the server asks (a wider scope): at most a few rounds. */
async function connected(client: ResourceClient, signal: AbortSignal) {
  let server = await settle(client, signal)
  for (let round = 0; server.status === 'needs-auth' && round < 3; round += 1) {
    await server.auth?.signIn({ signal })
    server = await settle(client, signal)
  }
  if (server.status !== 'ready') throw server.error ?? new Error(`the server is ${server.status}`)
  return server
}

/** Waits until the server is ready, needs sign-in, or failed. */
async function settle(client: ResourceClient, signal: AbortSignal) {
  for (;;) {
    const server = client.getServer(serverId)
    if (!server) throw new Error('the server was not added')
    if (server.status !== 'connecting' && server.status !== 'reconnecting') return server
    await new Promise<void>((resolve, reject) => {
      const off = client.subscribe(() => {
        off()
        resolve()
      })
      signal.addEventListener('abort', () => reject(signal.reason), { once: true })
    })
  }
}

function readContext(): { client_id?: string; client_secret?: string } {
  const raw = process.env.MCP_CONFORMANCE_CONTEXT
  if (!raw) return {}
  const data: unknown = JSON.parse(raw)
  if (typeof data !== 'object' || data === null) return {}
  const { client_id, client_secret } = data as Record<string, unknown>
  return {
    ...(typeof client_id === 'string' && { client_id }),
    ...(typeof client_secret === 'string' && { client_secret }),
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error))
    process.exit(1)
  },
)
