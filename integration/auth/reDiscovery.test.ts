// Where a server's sign-in happens can change (SEP-2352): the protected demo endpoint moves
// to another real authorization server (another port, another issuer), and the client finds
// the new one from the server's metadata instead of signing in at the old one forever.
// Sign-out forgets the discovery with the tokens, in a persistent storage too. A client
// registered beforehand signs in where the authorization server offers no registration.
import { mkdtemp, readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  type AuthStorage,
  createOAuth,
  createResourceClient,
  memoryAuthStorage,
  type OAuthOptions,
  type ResourceClient,
} from '@resource-kit/client'
import { fileAuthStorage } from '@resource-kit/client/node'
import {
  type DemoAuthServer,
  type ProtectedDemoServer,
  startDemoAuthServer,
  startProtectedDemoServer,
} from '@resource-kit/demo-server/node'
import { afterEach, expect, it } from 'vitest'
import { answerConsent } from './consent.ts'

const cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

async function protectedServer(
  options: Parameters<typeof startProtectedDemoServer>[0] = {},
): Promise<ProtectedDemoServer> {
  const server = await startProtectedDemoServer({ port: 0, count: 20, ...options })
  cleanups.push(() => server.close())
  return server
}

async function authServer(): Promise<DemoAuthServer> {
  const server = await startDemoAuthServer()
  cleanups.push(() => server.close())
  return server
}

function signInClient(
  server: ProtectedDemoServer,
  options: Partial<OAuthOptions> & { storage?: AuthStorage } = {},
) {
  const opened: URL[] = []
  const oauth = createOAuth({
    storage: options.storage ?? memoryAuthStorage(),
    redirectUrl: 'http://127.0.0.1:9/callback',
    openAuthorization: async (url) => {
      opened.push(url)
      return (await answerConsent(url)).callback
    },
    ...options,
  })
  const client: ResourceClient = createResourceClient()
  cleanups.push(() => client.close())
  client.addServer('protected', { url: server.url, auth: oauth })
  const status = () => client.getServer('protected')?.status
  const reachStatus = async (expected: string) => {
    await expect
      .poll(status, { timeout: 10_000 })
      .toBe(expected)
      .catch((error: Error) => {
        throw new Error(
          `${error.message}; last error: ${client.getServer('protected')?.error?.message}`,
        )
      })
  }
  const signIn = async () => {
    await reachStatus('needs-auth')
    await client.getServer('protected')?.auth?.signIn()
    await reachStatus('ready')
  }
  return { client, opened, signIn, reachStatus }
}

it('signs in at the new authorization server after the server moves to it', async () => {
  const server = await protectedServer()
  const before = server.authServer
  const after = await authServer()
  const { client, opened, signIn, reachStatus } = signInClient(server)
  await signIn()
  expect(opened.at(-1)?.origin).toBe(new URL(before.issuer).origin)

  server.moveTo(after)
  // The old tokens are refused now; the next request finds out.
  await client.walkResources('protected', { maxPages: 1 })
  await reachStatus('needs-auth')
  // The old server's tokens are forgotten (worthless here): signed out, at the new one.
  expect(client.getServer('protected')?.auth).toMatchObject({
    phase: 'signed-out',
    authorizationServer: new URL(after.issuer).origin,
  })
  await client.getServer('protected')?.auth?.signIn()
  await reachStatus('ready')
  expect(opened.at(-1)?.origin).toBe(new URL(after.issuer).origin)
  const walk = await client.walkResources('protected', { maxPages: 1 })
  expect(walk.items.length).toBeGreaterThan(0)
  expect(client.getServer('protected')?.auth).toMatchObject({
    phase: 'signed-in',
    authorizationServer: new URL(after.issuer).origin,
  })
})

it('sign-out forgets the discovery too, in a file storage', async () => {
  const server = await protectedServer()
  const path = join(await mkdtemp(join(tmpdir(), 'rk-auth-')), 'auth.json')
  const storage = fileAuthStorage({ path })
  const { client, signIn } = signInClient(server, { storage })
  await signIn()
  const saved = JSON.parse(await readFile(path, 'utf8'))
  expect(Object.keys(saved)).toEqual([server.url])
  expect(saved[server.url]).toContain('authorizationServerUrl')

  await client.getServer('protected')?.auth?.signOut()
  // Nothing of that server is left to survive a restart.
  expect(JSON.parse(await readFile(path, 'utf8'))).toEqual({})
  expect(await storage.get(server.url)).toBeUndefined()
})

it('a pre-registered client signs in where there is no dynamic registration', async () => {
  const clientId = 'resource-kit-tests'
  const clientSecret = 'not-a-real-secret-but-long-enough'
  const server = await protectedServer({
    authServer: {
      dynamicRegistration: false,
      preRegisteredClients: [
        { clientId, clientSecret, redirectUris: ['http://127.0.0.1:9/callback'] },
      ],
    },
  })
  const { client, opened, signIn } = signInClient(server, { client: { clientId, clientSecret } })
  await signIn()
  expect(opened.at(-1)?.searchParams.get('client_id')).toBe(clientId)
  const walk = await client.walkResources('protected', { maxPages: 1 })
  expect(walk.items.length).toBeGreaterThan(0)
})

it('a pre-registered client with a wrong secret fails with a clear error', async () => {
  const clientId = 'resource-kit-tests'
  const server = await protectedServer({
    authServer: {
      dynamicRegistration: false,
      preRegisteredClients: [
        { clientId, clientSecret: 'the-right-one', redirectUris: ['http://127.0.0.1:9/callback'] },
      ],
    },
  })
  const { client, reachStatus } = signInClient(server, {
    client: { clientId, clientSecret: 'a-wrong-one' },
  })
  await reachStatus('needs-auth')
  const error = await client
    .getServer('protected')
    ?.auth?.signIn()
    .then(
      () => undefined,
      (e: Error) => e,
    )
  expect(error?.message).toMatch(/invalid_client/)
  expect(error?.message).not.toContain('a-wrong-one')
})
