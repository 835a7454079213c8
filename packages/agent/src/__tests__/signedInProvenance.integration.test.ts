// Provenance on a signed-in server: the demo's protected endpoint and its real authorization
// server over HTTP on 127.0.0.1. The client keeps a signed-in server's entries under the
// principal's partition (`partitionOf`), so that is where the agent must look for when a
// read was fetched, its `lastModified` and its listed priority.
import { createOAuth, createResourceClient, memoryAuthStorage } from '@resource-kit/client'
import { type ProtectedDemoServer, startProtectedDemoServer } from '@resource-kit/demo-server/node'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { answerConsent } from '../../../../integration/auth/consent.ts'
import { callTool } from '../jsonTools.ts'
import { createResourceContext } from '../resourceContext.ts'
import { createResourceTools } from '../resourceTools.ts'
import type { Source, ToolResult } from '../types.ts'

type Read = ToolResult & { source: Source }

let server: ProtectedDemoServer
const client = createResourceClient()

beforeAll(async () => {
  server = await startProtectedDemoServer({ port: 0, count: 200 })
  const oauth = createOAuth({
    storage: memoryAuthStorage(),
    clientName: 'resource-kit agent tests',
    redirectUrl: 'http://127.0.0.1:9/callback',
    openAuthorization: async (url) => (await answerConsent(url, { account: 'ada' })).callback,
  })
  client.addServer('protected', { url: server.url, auth: oauth })
  const status = (wanted: string) =>
    vi.waitFor(() => expect(client.getServer('protected')?.status).toBe(wanted), 10_000)
  await status('needs-auth')
  await client.getServer('protected')?.auth?.signIn()
  await status('ready')
})

afterAll(async () => {
  await client.close()
  await server?.close()
})

describe('provenance on a signed-in server', () => {
  it('reads fetch time, lastModified and priority from the server’s own partition', async () => {
    expect(client.partitionOf('protected')).not.toBe(client.partition)
    const listed = (await client.walkResources('protected')).items.find(
      (item) =>
        item.uri.startsWith('file:///') &&
        !item.uri.endsWith('/') &&
        item.annotations?.lastModified !== undefined &&
        item.annotations?.priority !== undefined &&
        item.annotations.priority !== 0.5,
    )!
    const tools = createResourceTools(client)
    const first = (await callTool(tools, 'read_resource', { uri: listed.uri })) as Read
    expect(first.source.lastModified).toBe(listed.annotations?.lastModified)

    // Ten seconds later (within the file's 60 s TTL) the read comes from the cache: it was
    // fetched then, not now.
    const later = Date.parse(first.source.fetchedAt) + 10_000
    const again = createResourceTools(client, { now: () => later })
    const cached = (await callTool(again, 'read_resource', { uri: listed.uri })) as Read
    expect(cached.source.fetchedAt).toBe(first.source.fetchedAt)
    expect(cached.source.fresh).toBe(true)

    const context = createResourceContext(client, { watch: false })
    context.attach('protected', listed.uri)
    const built = await context.build()
    expect(built.entries[0]).toMatchObject({
      priority: listed.annotations?.priority,
      source: { lastModified: listed.annotations?.lastModified },
    })
  })
})
