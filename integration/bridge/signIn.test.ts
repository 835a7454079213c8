// Sign-in through the bridge, against the demo's protected server and its real authorization
// server: the page asks, the backend's OAuth sends the authorization URL to that page, the
// page opens it (here: answers the consent form), and the backend exchanges the code —
// handed back by the page (popup) or by the callback page's completeSignIn (redirect).
import {
  createOAuth,
  createResourceClient,
  memoryAuthStorage,
  type ResourceClient,
} from '@resource-kit/client'
import {
  connectBridge,
  createBridgeBackend,
  inProcessChannelPair,
  serveBridge,
} from '@resource-kit/client/bridge'
import { type ProtectedDemoServer, startProtectedDemoServer } from '@resource-kit/demo-server/node'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { answerConsent } from '../auth/consent.ts'

const WAIT = { timeout: 10_000, interval: 10 }
let server: ProtectedDemoServer
const closers: (() => Promise<void>)[] = []

beforeAll(async () => {
  server = await startProtectedDemoServer({ port: 0, count: 50 })
})
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close()
})
afterAll(async () => {
  await server?.close()
})

function bridged(openAuthorization: (url: URL) => Promise<string | URL | undefined>): {
  backendClient: ResourceClient
  page: ResourceClient
} {
  const backend = createBridgeBackend()
  const oauth = createOAuth({
    storage: memoryAuthStorage(),
    clientName: 'resource-kit bridge tests',
    redirectUrl: 'http://127.0.0.1:9/callback',
    openAuthorization: backend.openAuthorization,
  })
  const backendClient = createResourceClient()
  backendClient.addServer('protected', { url: server.url, auth: oauth })
  const [pageEnd, backendEnd] = inProcessChannelPair()
  serveBridge(backendClient, backendEnd, { backend, grant: () => true })
  const page = connectBridge(pageEnd, { openAuthorization: (url) => openAuthorization(url) })
  closers.push(
    () => backendClient.close(),
    () => page.close(),
  )
  return { backendClient, page }
}

describe('sign-in through the bridge', () => {
  it('popup: the page opens the authorization page, the backend finishes the exchange', async () => {
    const opened: URL[] = []
    const { page } = bridged(async (url) => {
      opened.push(url)
      return (await answerConsent(url, { account: 'ada' })).callback
    })
    await expect.poll(() => page.getServer('protected')?.status, WAIT).toBe('needs-auth')
    expect(page.getServer('protected')?.auth).toMatchObject({
      phase: 'signed-out',
      needsAuthorization: true,
    })
    await page.getServer('protected')?.auth?.signIn()
    await expect.poll(() => page.getServer('protected')?.status, WAIT).toBe('ready')
    expect(opened[0]?.origin).toBe(new URL(server.authServer.issuer).origin)
    expect(page.getServer('protected')?.auth).toMatchObject({
      phase: 'signed-in',
      account: { subject: 'ada' },
    })
    const walk = await page.walkResources('protected', { maxPages: 1 })
    expect(walk.items.length).toBeGreaterThan(0)
  })

  it('sign-out: the page drops what it listed for that account, as the direct client does', async () => {
    const { page } = bridged(async (url) => (await answerConsent(url, { account: 'ada' })).callback)
    await expect.poll(() => page.getServer('protected')?.status, WAIT).toBe('needs-auth')
    await page.getServer('protected')?.auth?.signIn()
    await expect.poll(() => page.getServer('protected')?.status, WAIT).toBe('ready')
    const list = page.resourceList('protected')
    const listed = await list.load()
    expect(listed.loaded).toBeGreaterThan(0)
    const changes: string[] = []
    list.onChange((change) => changes.push(change.type))
    await page.getServer('protected')?.auth?.signOut()
    await expect.poll(() => page.getServer('protected')?.auth?.phase, WAIT).toBe('signed-out')
    // Ada's pages are not shown to whoever uses the page next.
    await expect.poll(() => changes, WAIT).toContain('reset')
    expect(list.getSnapshot().loaded).toBe(0)
  })

  it('redirect: the callback page hands the URL to completeSignIn, the backend finishes', async () => {
    const opened: URL[] = []
    const { page } = bridged(async (url) => {
      opened.push(url)
      return undefined // the browser navigates away; the callback page completes
    })
    await expect.poll(() => page.getServer('protected')?.status, WAIT).toBe('needs-auth')
    void page.getServer('protected')?.auth?.signIn()
    await expect.poll(() => opened.length, WAIT).toBe(1)
    const { callback } = await answerConsent(opened[0] as URL, { account: 'ada' })
    expect(await page.completeSignIn(callback)).toBe(true)
    await expect.poll(() => page.getServer('protected')?.status, WAIT).toBe('ready')
    expect(await page.completeSignIn('http://127.0.0.1:9/callback?code=x&state=unknown')).toBe(
      false,
    )
  })
})
