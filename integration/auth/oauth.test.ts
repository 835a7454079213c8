// OAuth 2.1 sign-in of the headless client against the demo's protected endpoint and its
// real authorization server (both on 127.0.0.1, free ports): discovery from the 401,
// dynamic registration, PKCE, consent, code exchange, refresh, refused refresh, wrong
// audience, step-up on insufficient_scope, sign-out with revocation and the cache partition.
import {
  AuthRequiredError,
  type AuthStorage,
  createOAuth,
  createResourceClient,
  memoryAuthStorage,
  type ResourceClient,
  resourceKeys,
} from '@resource-kit/client'
import {
  type AuthorizedRequest,
  type ProtectedDemoServer,
  startProtectedDemoServer,
} from '@resource-kit/demo-server/node'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { answerConsent } from './consent.ts'

let server: ProtectedDemoServer
let clockOffsetMs = 0
const authorized: AuthorizedRequest[] = []
const clients: ResourceClient[] = []

beforeAll(async () => {
  server = await startProtectedDemoServer({
    port: 0,
    count: 200,
    authServer: { accessTokenTtlSeconds: 60, now: () => Date.now() + clockOffsetMs },
    onAuthorized: (request) => authorized.push(request),
  })
})

afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()))
  clockOffsetMs = 0
})

afterAll(async () => {
  await server?.close()
})

/** A ticket of the demo world: private, and readable only with `tickets:read`. */
function ticketUri(): string {
  const ticket = server.handler.demo.catalog.content.entries.find((e) => e.kind === 'ticket')
  if (!ticket) throw new Error('the demo world has no ticket')
  return ticket.uri
}

interface Setup {
  client: ResourceClient
  storage: AuthStorage
  opened: URL[]
  logs: string[]
}

/** A client whose host "opens" the authorization page by answering it as `account`. */
function setup(options: { account?: string; storage?: AuthStorage } = {}): Setup {
  const storage = options.storage ?? memoryAuthStorage()
  const opened: URL[] = []
  const logs: string[] = []
  const log = (...args: unknown[]) => logs.push(args.map(String).join(' '))
  const oauth = createOAuth({
    storage,
    clientName: 'resource-kit tests',
    redirectUrl: 'http://127.0.0.1:9/callback',
    openAuthorization: async (url) => {
      opened.push(url)
      const { callback } = await answerConsent(url, { account: options.account ?? 'ada' })
      return callback
    },
  })
  const client = createResourceClient({ logger: { debug: log, warn: log, error: log } })
  client.addServer('protected', { url: server.url, auth: oauth })
  clients.push(client)
  return { client, storage, opened, logs }
}

async function waitForStatus(client: ResourceClient, status: string): Promise<void> {
  await expect
    .poll(() => client.getServer('protected')?.status, { timeout: 10_000 })
    .toBe(status)
    .catch((error) => {
      const server = client.getServer('protected')
      throw new Error(`${error.message}; last error: ${server?.error?.message}`, {
        cause: server?.error,
      })
    })
}

async function signIn(client: ResourceClient): Promise<void> {
  await waitForStatus(client, 'needs-auth')
  await client.getServer('protected')?.auth?.signIn()
  await waitForStatus(client, 'ready')
}

async function storedTokens(storage: AuthStorage) {
  const record = JSON.parse((await storage.get(new URL(server.url).href)) ?? '{}')
  return record.tokens as
    | { access_token: string; refresh_token: string; scope?: string }
    | undefined
}

describe('OAuth sign-in (client against the demo authorization server)', () => {
  it('discovers the authorization server from the 401 and signs in with PKCE', async () => {
    const { client, opened, storage } = setup()
    await waitForStatus(client, 'needs-auth')
    const before = client.getServer('protected')?.auth
    expect(before).toMatchObject({
      phase: 'signed-out',
      serverName: 'resource-kit demo (protected)',
      authorizationServer: new URL(server.authServer.issuer).origin,
      needsAuthorization: true,
    })

    await signIn(client)
    const url = opened[0]
    expect(url?.origin).toBe(new URL(server.authServer.issuer).origin)
    expect(url?.searchParams.get('code_challenge_method')).toBe('S256')
    expect(url?.searchParams.get('resource')).toBe(server.url)
    expect(url?.searchParams.get('scope')).toBe('resources:read')
    expect(client.getServer('protected')?.auth).toMatchObject({
      phase: 'signed-in',
      account: { subject: 'ada', name: 'Ada Lovelace' },
      needsAuthorization: false,
    })
    const walk = await client.walkResources('protected', { maxPages: 1 })
    expect(walk.items.length).toBeGreaterThan(0)
    expect(authorized.at(-1)?.subject).toBe('ada')
    expect((await storedTokens(storage))?.refresh_token).toBeTruthy()
  })

  it('keeps tokens out of logs, errors, cache keys and cached data', async () => {
    const { client, storage, logs } = setup()
    const errors: string[] = []
    await waitForStatus(client, 'needs-auth')
    errors.push(client.getServer('protected')?.error?.message ?? '')
    await signIn(client)
    await client.walkResources('protected', { maxPages: 1 })
    await client.read('protected', ticketUri()).catch((e: Error) => errors.push(e.message))
    const tokens = await storedTokens(storage)
    expect(tokens).toBeDefined()
    const cache = JSON.stringify(
      client.queryClient
        .getQueryCache()
        .getAll()
        .map((query) => [query.queryKey, query.state.data, String(query.state.error)]),
    )
    for (const secret of [tokens?.access_token, tokens?.refresh_token]) {
      if (!secret) continue
      expect(cache).not.toContain(secret)
      expect(logs.join('\n')).not.toContain(secret)
      expect(errors.join('\n')).not.toContain(secret)
    }
    expect(client.partitionOf('protected')).not.toContain(tokens?.access_token ?? '')
  })

  it('refreshes an expired access token once and retries the request', async () => {
    const { client, storage } = setup()
    await signIn(client)
    const first = await storedTokens(storage)
    clockOffsetMs = 120_000 // past the 60 s lifetime at the authorization and resource server
    await client.invalidateLists('protected')
    const page = await client.listResources('protected')
    expect(page.items.length).toBeGreaterThan(0)
    const second = await storedTokens(storage)
    expect(second?.access_token).not.toBe(first?.access_token)
    expect(second?.refresh_token).not.toBe(first?.refresh_token) // rotated
    expect(client.getServer('protected')?.status).toBe('ready')
  })

  it('returns to needs-auth when the refresh is refused, keeping what was loaded', async () => {
    const { client } = setup()
    await signIn(client)
    await client.listResources('protected')
    const key = resourceKeys.list('protected', client.partitionOf('protected'))
    expect(client.queryClient.getQueryData(key)).toBeDefined()

    server.authServer.provider.revokeRefreshTokens()
    clockOffsetMs = 120_000
    await client.invalidateLists('protected')
    await expect(client.listResources('protected')).rejects.toBeInstanceOf(AuthRequiredError)
    await waitForStatus(client, 'needs-auth')
    expect(client.getServer('protected')?.auth?.needsAuthorization).toBe(true)
    // Same partition, same entry: the list is still there to show.
    expect(resourceKeys.list('protected', client.partitionOf('protected'))).toEqual(key)
    expect(client.queryClient.getQueryData(key)).toBeDefined()

    await client.getServer('protected')?.auth?.signIn()
    await waitForStatus(client, 'ready')
    expect((await client.listResources('protected')).items.length).toBeGreaterThan(0)
  })

  it('refuses a token issued for another resource', async () => {
    const account = { id: 'ada', name: 'Ada Lovelace' }
    const elsewhere = await server.authServer.provider.issueAccessToken({
      account,
      scopes: ['resources:read'],
      resource: new URL('http://127.0.0.1:1/mcp'),
    })
    const here = await server.authServer.provider.issueAccessToken({
      account,
      scopes: ['resources:read'],
      resource: new URL(server.url),
    })
    const post = (token: string) =>
      fetch(server.url, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'server/discover', params: {} }),
      })
    const refused = await post(elsewhere)
    expect(refused.status).toBe(401)
    expect(refused.headers.get('www-authenticate')).toMatch(/invalid_token/)
    await refused.body?.cancel()
    const accepted = await post(here)
    expect(accepted.status).not.toBe(401)
    await accepted.body?.cancel()

    // The client holding only such a token is asked to sign in (no refresh token to use).
    const storage = memoryAuthStorage()
    await storage.set(
      new URL(server.url).href,
      JSON.stringify({ tokens: { access_token: elsewhere, token_type: 'Bearer' } }),
    )
    const { client } = setup({ storage })
    await waitForStatus(client, 'needs-auth')
  })

  it('steps up on 403 insufficient_scope: the next sign-in asks for the scope', async () => {
    const { client, opened } = setup()
    await signIn(client)
    await expect(client.read('protected', ticketUri())).rejects.toBeInstanceOf(AuthRequiredError)
    await waitForStatus(client, 'needs-auth')
    const auth = client.getServer('protected')?.auth
    expect(auth?.scope?.split(' ')).toEqual(
      expect.arrayContaining(['resources:read', 'tickets:read']),
    )

    await auth?.signIn()
    await waitForStatus(client, 'ready')
    expect(opened.at(-1)?.searchParams.get('scope')?.split(' ')).toContain('tickets:read')
    const read = await client.read('protected', ticketUri())
    expect(read.contents.length).toBeGreaterThan(0)
  })

  it('signs out: revokes, forgets the tokens, drops private entries, and the next account starts clean', async () => {
    const { client, storage } = setup()
    await signIn(client)
    await client.read('protected', ticketUri()).catch(() => {}) // step-up
    await client.getServer('protected')?.auth?.signIn()
    await waitForStatus(client, 'ready')
    const ticket = await client.read('protected', ticketUri())
    expect(ticket.cacheScope).toBe('private')
    const file = (await client.walkResources('protected', { maxPages: 1 })).items.find((r) =>
      r.uri.startsWith('file://'),
    )
    if (!file) throw new Error('no file in the first page')
    expect((await client.read('protected', file.uri)).cacheScope).toBe('public')
    const adaPartition = client.partitionOf('protected')
    const liveRefreshTokens = server.authServer.provider.refreshTokenCount

    await client.getServer('protected')?.auth?.signOut()
    expect(server.authServer.provider.refreshTokenCount).toBe(liveRefreshTokens - 1) // revoked
    expect(await storedTokens(storage)).toBeUndefined()
    await waitForStatus(client, 'needs-auth')
    const cache = client.queryClient.getQueryCache()
    expect(
      cache.find({ queryKey: resourceKeys.read('protected', adaPartition, ticketUri()) }),
    ).toBeUndefined()
    expect(
      cache.find({ queryKey: resourceKeys.read('protected', adaPartition, file.uri) }),
    ).toBeDefined()
    expect(client.getServer('protected')?.auth?.phase).toBe('signed-out')
  })

  it("never serves one account's private entries to another", async () => {
    const storage = memoryAuthStorage()
    const ada = setup({ storage, account: 'ada' })
    await signIn(ada.client)
    const adaPartition = ada.client.partitionOf('protected')
    await ada.client.close()

    // Same storage and cache, another person: a new principal, so a new partition.
    const grace = setup({ storage, account: 'grace' })
    await waitForStatus(grace.client, 'ready') // Ada's tokens still work
    await grace.client.getServer('protected')?.auth?.signOut()
    await grace.client.getServer('protected')?.auth?.signIn()
    await waitForStatus(grace.client, 'ready')
    expect(grace.client.getServer('protected')?.auth?.account?.subject).toBe('grace')
    expect(grace.client.partitionOf('protected')).not.toBe(adaPartition)
  })
})
