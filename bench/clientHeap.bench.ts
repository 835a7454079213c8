// Heap per resource held in the client's cache after walking the demo server (10,000
// resources in pages of 100, in-process), against a peer measured in the same run: the
// same resources as the SDK's own `listResources()` returns them (plain parsed JSON).
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client'
import { createResourceClient } from '@resource-kit/client'
import { createDemoFetchHandler } from '../apps/demo-server/src/index.ts'

const COUNT = 10_000

setFlagsFromString('--expose-gc')
const gc = runInNewContext('gc') as () => void

function heapUsed(): number {
  for (let i = 0; i < 3; i++) gc()
  return process.memoryUsage().heapUsed
}

function transport(handler: ReturnType<typeof createDemoFetchHandler>) {
  return new StreamableHTTPClientTransport(new URL('http://in-process/mcp'), {
    fetch: (input, init) => handler.fetch(new Request(input, init)),
  })
}

export default async function clientHeap(): Promise<void> {
  const handler = createDemoFetchHandler({ count: COUNT, pageSize: 100 })
  try {
    // Ours: the client's cache (one entry per page) after a walk.
    const client = createResourceClient()
    client.addServer('demo', { transport: () => transport(handler) })
    await client.ready('demo')
    const before = heapUsed()
    const walk = await client.walkResources('demo')
    const items = walk.items.length
    const ours = (heapUsed() - before) / items
    // Peer: the SDK's own requests, every page kept as parsed.
    const sdk = new Client({ name: 'bench', version: '1' })
    await sdk.connect(transport(handler))
    const sdkBefore = heapUsed()
    const pages: unknown[] = []
    let cursor: string | undefined
    do {
      const page = await sdk.request({ method: 'resources/list', params: cursor ? { cursor } : {} })
      pages.push(page)
      cursor = page.nextCursor
    } while (cursor)
    const peer = (heapUsed() - sdkBefore) / items
    console.log(
      `heap per resource after walking ${items} (pages of 100): client cache ${(ours / 1024).toFixed(2)} KB, ` +
        `SDK pages as parsed ${(peer / 1024).toFixed(2)} KB, ratio ${(ours / peer).toFixed(2)}× ` +
        `(${pages.length} pages; walk items still referenced: ${walk.items.length})`,
    )
    await sdk.close()
    await client.close()
  } finally {
    await handler.close()
  }
}
