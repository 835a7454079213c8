// When the authorization server answers with an error page, the error says which step
// failed (discovery, registration, token), the HTTP status and a short plain excerpt —
// never the page's HTML. Against the demo's real authorization server: registration is
// refused for real (a body over express's 100 kB limit gets its HTML error page); a
// gateway's HTML page stands in front of the token and metadata endpoints.
import {
  createOAuth,
  createResourceClient,
  memoryAuthStorage,
  type ResourceClient,
  type ServerSnapshot,
} from '@resource-kit/client'
import { type ProtectedDemoServer, startProtectedDemoServer } from '@resource-kit/demo-server/node'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { answerConsent } from './consent.ts'

let server: ProtectedDemoServer
const clients: ResourceClient[] = []

beforeAll(async () => {
  server = await startProtectedDemoServer({ port: 0, count: 50 })
})

afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()))
})

afterAll(async () => {
  await server?.close()
})

/** What an nginx in front of the authorization server answers when its upstream fails. */
const gatewayPage = (status: number, reason: string) =>
  `<!DOCTYPE html>
<html>
<head><title>${status} ${reason}</title>
<style>body { width: 35em; margin: 0 auto; font-family: Tahoma, Verdana, Arial, sans-serif; }</style>
<script>window.dataLayer = window.dataLayer || [];</script></head>
<body>
<center><h1>${status} ${reason}</h1></center>
<hr><center>nginx/1.27.3</center>
${'<!-- a padding comment to make the page long -->\n'.repeat(200)}</body>
</html>`

/** A fetch that answers `path` on the authorization server with a gateway's error page. */
function gatewayFailing(path: string, status: number, reason: string): typeof fetch {
  const issuer = new URL(server.authServer.issuer)
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input))
    if (url.origin === issuer.origin && url.pathname === path) {
      return new Response(gatewayPage(status, reason), {
        status,
        headers: { 'content-type': 'text/html' },
      })
    }
    return fetch(input, init)
  }
}

function expectPlain(message: string) {
  expect(message).not.toMatch(/<[a-z!/]/i)
  expect(message).not.toContain('padding comment')
  expect(message.length).toBeLessThan(400)
}

async function settled(client: ResourceClient, id: string): Promise<ServerSnapshot> {
  await client.ready(id).catch(() => {})
  return client.getServer(id)!
}

describe('authorization server errors', () => {
  it('names a refused registration, its status and a plain excerpt of the HTML page', async () => {
    const oauth = createOAuth({
      storage: memoryAuthStorage(),
      // Over the registration endpoint's 100 kB body limit: express answers its HTML page.
      clientName: 'x'.repeat(120_000),
      redirectUrl: 'http://127.0.0.1:9/callback',
      openAuthorization: async () => undefined,
    })
    const client = createResourceClient()
    clients.push(client)
    client.addServer('protected', { url: server.url, auth: oauth })
    const snapshot = await settled(client, 'protected')
    expect(snapshot.status).toBe('needs-auth')
    const message = snapshot.error?.message ?? ''
    expect(message).toMatch(
      /^Could not connect to server "protected": client registration at the authorization server failed \(HTTP 413\): /,
    )
    expect(message).toMatch(/request entity too large/i)
    expectPlain(message)
  })

  it('names a failed token request, its status and the gateway page’s title', async () => {
    const oauth = createOAuth({
      storage: memoryAuthStorage(),
      redirectUrl: 'http://127.0.0.1:9/callback',
      openAuthorization: async (url) => (await answerConsent(url)).callback,
      fetch: gatewayFailing('/token', 502, 'Bad Gateway'),
    })
    const client = createResourceClient()
    clients.push(client)
    client.addServer('protected', { url: server.url, auth: oauth })
    const snapshot = await settled(client, 'protected')
    expect(snapshot.status).toBe('needs-auth')
    const failure = await snapshot.auth!.signIn().then(
      () => undefined,
      (error: Error) => error,
    )
    expect(failure?.message).toBe(
      'Sign-in to server "protected" failed: the token request to the authorization server failed (HTTP 502): 502 Bad Gateway · nginx/1.27.3',
    )
    expectPlain(failure?.message ?? '')
    // The server's status keeps the reason, for a UI that started the sign-in and moved on.
    expect(client.getServer('protected')).toMatchObject({
      status: 'needs-auth',
      error: { message: failure?.message },
    })
  })

  it('names a failed discovery and its status', async () => {
    const oauth = createOAuth({
      storage: memoryAuthStorage(),
      redirectUrl: 'http://127.0.0.1:9/callback',
      openAuthorization: async () => undefined,
    })
    const client = createResourceClient()
    clients.push(client)
    client.addServer('protected', {
      url: server.url,
      auth: oauth,
      fetch: gatewayFailing('/.well-known/oauth-authorization-server', 503, 'Service Unavailable'),
    })
    const snapshot = await settled(client, 'protected')
    expect(snapshot.status).toBe('needs-auth')
    const message = snapshot.error?.message ?? ''
    expect(message).toMatch(
      /^Could not connect to server "protected": discovery of the authorization server failed \(HTTP 503\): /,
    )
    expectPlain(message)
  })
})
