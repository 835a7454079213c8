// An authorization server that forgot its registered clients (the demo's, restarted: it
// keeps them in memory) must not strand a browser that signed out before: sign-out forgets
// the client registration with the tokens, so the next sign-in registers again instead of
// sending the person to an "invalid client" page.
import { createOAuth, createResourceClient, memoryAuthStorage } from '@resource-kit/client'
import { type ProtectedDemoServer, startProtectedDemoServer } from '@resource-kit/demo-server/node'
import { afterAll, expect, it } from 'vitest'
import { answerConsent } from './consent.ts'

let server: ProtectedDemoServer | undefined

afterAll(async () => {
  await server?.close()
})

const portOf = (url: string) => Number(new URL(url).port)

it('signs in again after sign-out and a restart of the authorization server', async () => {
  server = await startProtectedDemoServer({ port: 0, count: 20 })
  const ports = { mcp: portOf(server.url), as: portOf(server.authServer.issuer) }
  const storage = memoryAuthStorage()
  const oauth = createOAuth({
    storage,
    redirectUrl: 'http://127.0.0.1:9/callback',
    openAuthorization: async (url) => (await answerConsent(url)).callback,
  })
  const client = createResourceClient()
  try {
    client.addServer('protected', { url: server.url, auth: oauth })
    const status = () => client.getServer('protected')?.status
    await expect.poll(status, { timeout: 10_000 }).toBe('needs-auth')
    await client.getServer('protected')?.auth?.signIn()
    await expect.poll(status, { timeout: 10_000 }).toBe('ready')
    await client.getServer('protected')?.auth?.signOut()
    await expect.poll(status, { timeout: 10_000 }).toBe('needs-auth')

    // The same addresses, a fresh authorization server: no client is registered there.
    await server.close()
    server = await startProtectedDemoServer({
      port: ports.mcp,
      count: 20,
      authServer: { port: ports.as },
    })
    // Node's fetch drops its kept-alive sockets to the old servers when it sees them close.
    await new Promise((resolve) => setTimeout(resolve, 200))
    await client.getServer('protected')?.auth?.signIn()
    await expect.poll(status, { timeout: 10_000 }).toBe('ready')
    expect(client.getServer('protected')?.auth?.account?.name).toBe('Ada Lovelace')
  } finally {
    await client.close()
  }
})
