// Heap per resource held in the client's cache after walking the demo server (10,000
// resources in pages of 100; the server in its own process over HTTP, so none of its
// memory is counted), against a peer measured in the same run: the same resources as the
// SDK's own requests return them (plain parsed JSON), every page kept.
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client'
import { createResourceClient } from '@resource-kit/client'
import { startDemoServer } from './demoServerProcess.ts'

const COUNT = 10_000

setFlagsFromString('--expose-gc')
const gc = runInNewContext('gc') as () => void

function heapUsed(): number {
  for (let i = 0; i < 3; i++) gc()
  return process.memoryUsage().heapUsed
}

async function sdkPages(url: string): Promise<unknown[]> {
  const sdk = new Client({ name: 'bench', version: '1' })
  await sdk.connect(new StreamableHTTPClientTransport(new URL(url)))
  const pages: unknown[] = []
  let cursor: string | undefined
  do {
    const page = await sdk.request({ method: 'resources/list', params: cursor ? { cursor } : {} })
    pages.push(page)
    cursor = page.nextCursor
  } while (cursor)
  await sdk.close()
  return pages
}

export default async function clientHeap(): Promise<void> {
  const server = startDemoServer({ count: COUNT, pageSize: 100 })
  try {
    const url = await server.url
    await sdkPages(url) // warms up both processes (JIT, the server's listing)
    // Ours: the client's cache (one entry per page) after a walk.
    const client = createResourceClient()
    client.addServer('demo', { url })
    await client.ready('demo')
    const before = heapUsed()
    const walk = await client.walkResources('demo')
    const items = walk.items.length
    const ours = (heapUsed() - before) / items
    await client.close()
    // Peer: the SDK's own requests, every page kept as parsed.
    const sdkBefore = heapUsed()
    const pages = await sdkPages(url)
    const peer = (heapUsed() - sdkBefore) / items
    console.log(
      `heap per resource after walking ${items} (pages of 100, HTTP): client cache ${(ours / 1024).toFixed(2)} KB, ` +
        `SDK pages as parsed ${(peer / 1024).toFixed(2)} KB, ratio ${(ours / peer).toFixed(2)}× ` +
        `(${pages.length} pages; walk items still referenced: ${walk.items.length})`,
    )
  } finally {
    server.stop()
  }
}
