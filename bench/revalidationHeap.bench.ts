// Heap per resource after `list_changed` revalidations of the shared list pass
// (`client.resourceList`), through the real client over HTTP against the demo server (10,000
// resources in pages of 100, in its own process), against the same client right after its
// first walk (the peer, same run). Unchanged resources are kept as the very objects, so a
// revalidation should hold one copy of the list, not the list's and the cache's.
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { createResourceClient, type ResourceListSnapshot } from '@resource-kit/client'
import { startDemoServer } from './demoServerProcess.ts'

const COUNT = 10_000
const REVALIDATIONS = 2

setFlagsFromString('--expose-gc')
const gc = runInNewContext('gc') as () => void

function heapUsed(): number {
  for (let i = 0; i < 3; i++) gc()
  return process.memoryUsage().heapUsed
}

export default async function revalidationHeap(): Promise<void> {
  const server = startDemoServer({ count: COUNT, pageSize: 100 })
  const client = createResourceClient()
  try {
    client.addServer('demo', { url: await server.url })
    await client.ready('demo')
    const base = heapUsed()
    const list = client.resourceList('demo')
    const off = list.subscribe(() => {})
    let snapshot: ResourceListSnapshot = await list.load()
    const perResource = () => (heapUsed() - base) / snapshot.loaded / 1024
    const walked = perResource()
    console.log(
      `after the first walk of ${snapshot.loaded}: ${walked.toFixed(2)} KB per resource (the peer)`,
    )
    for (let round = 1; round <= REVALIDATIONS; round++) {
      const before = snapshot
      // What the client does on list_changed.
      await client.invalidateLists('demo')
      while (list.getSnapshot().revalidating) await new Promise((r) => setTimeout(r, 5))
      snapshot = list.getSnapshot()
      const previous = new Set(before.pages.flat())
      const kept = snapshot.pages.flat().filter((resource) => previous.has(resource)).length
      const heap = perResource()
      console.log(
        `after revalidation ${round}: ${heap.toFixed(2)} KB per resource (${(heap / walked).toFixed(2)}× the first walk); ` +
          `kept ${kept} of ${snapshot.loaded} objects, generation ${snapshot.generation === before.generation ? 'kept' : 'new'}`,
      )
    }
    off()
  } finally {
    await client.close()
    server.stop()
  }
}
