// One bridge backend, 200 page connections (half in-process channels, half loopback
// WebSockets through `ws`), one demo server of 10,000 resources in its own process over
// HTTP. Measured in one run: MCP wire calls for the public list and reads (target: one walk
// per TTL, not one per page), the backend's heap per served connection, and the page-side
// p50/p95 of a list page and a read against direct clients (createResourceClient on the same
// server, each with its own cache) doing the same calls.
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { createResourceClient, type ResourceClient } from '@resource-kit/client'
import {
  type BridgeChannel,
  connectBridge,
  createBridgeBackend,
  inProcessChannelPair,
  serveBridge,
  webSocketChannel,
} from '@resource-kit/client/bridge'
import { WebSocket, WebSocketServer } from 'ws'
import { startDemoServer } from './demoServerProcess.ts'

const COUNT = 10_000
const PAGES = 200
/** Pages that walk the whole list; the others walk its first five pages (bounded memory). */
const FULL_WALKERS = 20
const READS_PER_PAGE = 10
const CONCURRENCY = 20
/** The demo's list TTL (apps/demo-server/src/cachePolicy.ts). */
const LIST_TTL_MS = 10_000

setFlagsFromString('--expose-gc')
const gc = runInNewContext('gc') as () => void
function heapUsed(): number {
  for (let i = 0; i < 3; i++) gc()
  return process.memoryUsage().heapUsed
}

const quantile = (values: number[], q: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * q))] ?? 0

async function inBatches<T>(items: T[], size: number, run: (item: T) => Promise<void>) {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(run))
}

interface Timings {
  list: number[]
  read: number[]
}

/** The calls a picker makes: list pages one after the other, then reads. */
async function pickerCalls(
  client: ResourceClient,
  pages: number,
  uris: string[],
  timings: Timings,
): Promise<void> {
  let cursor: string | undefined
  for (let page = 0; page < pages; page++) {
    const started = performance.now()
    const result = await client.listResources('demo', { cursor })
    timings.list.push(performance.now() - started)
    cursor = result.nextCursor
    if (cursor === undefined) break
  }
  for (const uri of uris) {
    const started = performance.now()
    await client.read('demo', uri)
    timings.read.push(performance.now() - started)
  }
}

export default async function bridgeBench(): Promise<void> {
  const server = startDemoServer({ count: COUNT, pageSize: 100 })
  const calls = new Map<string, number>()
  const backend = createBridgeBackend()
  const client = createResourceClient({ inputHandler: backend.inputHandler })
  let sockets: WebSocketServer | undefined
  const closers: (() => Promise<void> | void)[] = []
  try {
    const url = await server.url
    client.addServer('demo', {
      url,
      fetch: async (input, init) => {
        if (typeof init?.body === 'string') {
          const method = (JSON.parse(init.body) as { method?: string }).method
          if (method) calls.set(method, (calls.get(method) ?? 0) + 1)
        }
        return fetch(input, init)
      },
    })
    await client.ready('demo')
    const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, maxPayload: 1_000_000 })
    sockets = wss
    await new Promise((resolve) => wss.once('listening', resolve))
    const address = wss.address()
    const wsUrl = `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
    wss.on('connection', (socket) =>
      serveBridge(client, webSocketChannel(socket), { backend, grant: () => true }),
    )
    // Warm-up: both processes JIT the paths; then the backend's cache is emptied.
    const first = await client.listResources('demo')
    const uris = first.items.slice(0, READS_PER_PAGE * 2).map((resource) => resource.uri)
    await client.read('demo', uris[0] as string)
    await client.invalidateLists('demo')
    for (const uri of uris) await client.invalidateRead('demo', uri)

    // Heap per idle served connection (the backend's own state: subscriptions, maps).
    const idle: BridgeChannel[] = []
    const heapBefore = heapUsed()
    for (let i = 0; i < PAGES; i++) {
      const [pageEnd, backendEnd] = inProcessChannelPair()
      pageEnd.receive(
        () => {},
        () => {},
      )
      serveBridge(client, backendEnd, { backend, grant: () => true })
      idle.push(pageEnd)
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
    const perConnection = (heapUsed() - heapBefore) / PAGES
    for (const end of idle) end.close()

    // 200 pages: the first half over in-process channels, the second over loopback WebSockets.
    const pages: ResourceClient[] = []
    for (let i = 0; i < PAGES; i++) {
      const page =
        i < PAGES / 2
          ? connectBridge(() => {
              const [pageEnd, backendEnd] = inProcessChannelPair()
              serveBridge(client, backendEnd, { backend, grant: () => true })
              return pageEnd
            })
          : connectBridge(() => webSocketChannel(new WebSocket(wsUrl)))
      pages.push(page)
      closers.push(() => page.close())
    }
    await Promise.all(pages.map((page) => page.ready('demo')))
    calls.clear()
    const bridged: Timings = { list: [], read: [] }
    const started = performance.now()
    await inBatches(
      pages.map((page, i) => ({ page, i })),
      CONCURRENCY,
      ({ page, i }) =>
        pickerCalls(
          page,
          i % (PAGES / FULL_WALKERS) === 0 ? 1000 : 5,
          uris.slice(i % 2 ? READS_PER_PAGE : 0).slice(0, READS_PER_PAGE),
          bridged,
        ),
    )
    const elapsed = performance.now() - started
    const listCalls = calls.get('resources/list') ?? 0
    const readCalls = calls.get('resources/read') ?? 0

    // Peer: direct clients (each its own cache and connection), the same calls, same batches.
    const direct: Timings = { list: [], read: [] }
    const directClients = Array.from({ length: CONCURRENCY }, () => createResourceClient())
    for (const d of directClients) {
      d.addServer('demo', { url })
      closers.push(() => d.close())
    }
    await Promise.all(directClients.map((d) => d.ready('demo')))
    await Promise.all(
      directClients.map((d, i) =>
        pickerCalls(d, 5, uris.slice(i % 2 ? READS_PER_PAGE : 0).slice(0, READS_PER_PAGE), direct),
      ),
    )

    const ms = (value: number) => `${value.toFixed(1)} ms`
    const walkPages = Math.ceil(COUNT / 100)
    console.log(
      `${PAGES} pages (${PAGES / 2} in-process, ${PAGES / 2} WebSocket), ${FULL_WALKERS} walking all ${COUNT} resources, ` +
        `the rest 5 pages, each ${READS_PER_PAGE} reads, ${CONCURRENCY} at a time: ${ms(elapsed)} ` +
        `(list TTL ${LIST_TTL_MS / 1000} s: ${Math.ceil(elapsed / LIST_TTL_MS)} TTL period(s))`,
    )
    console.log(
      `wire calls to the MCP server: resources/list ${listCalls} (one walk = ${walkPages}; ` +
        `${(listCalls / walkPages).toFixed(2)} walks; without sharing ${FULL_WALKERS * walkPages + (PAGES - FULL_WALKERS) * 5}), ` +
        `resources/read ${readCalls} (distinct URIs ${uris.length}; without sharing ${PAGES * READS_PER_PAGE})`,
    )
    console.log(
      `backend heap per served connection (idle, in-process channel): ${(perConnection / 1024).toFixed(1)} KB`,
    )
    console.log(
      `page-side list page p50 ${ms(quantile(bridged.list, 0.5))} / p95 ${ms(quantile(bridged.list, 0.95))} ` +
        `(bridge, ${bridged.list.length} calls) vs direct p50 ${ms(quantile(direct.list, 0.5))} / p95 ${ms(quantile(direct.list, 0.95))} ` +
        `(${direct.list.length}); ratio p50 ${(quantile(bridged.list, 0.5) / quantile(direct.list, 0.5)).toFixed(2)}×`,
    )
    console.log(
      `page-side read p50 ${ms(quantile(bridged.read, 0.5))} / p95 ${ms(quantile(bridged.read, 0.95))} ` +
        `(bridge, ${bridged.read.length}) vs direct p50 ${ms(quantile(direct.read, 0.5))} / p95 ${ms(quantile(direct.read, 0.95))} ` +
        `(${direct.read.length}); ratio p50 ${(quantile(bridged.read, 0.5) / quantile(direct.read, 0.5)).toFixed(2)}×`,
    )
  } finally {
    for (const close of closers.splice(0)) await close()
    await new Promise((resolve) => (sockets ? sockets.close(resolve) : resolve(undefined)))
    await client.close()
    server.stop()
  }
}
