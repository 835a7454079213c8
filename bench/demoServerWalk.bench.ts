// Walks the demo server's 10,000 resources in 100 pages with the official client over
// real HTTP on 127.0.0.1 (the server in its own process, as `npm run demo:server` runs
// it), in both eras. Peer: the same walk through the in-process fetch handler (the same
// SDK path on one thread, no sockets). The budget: well under 1 s. Then our client
// over the same HTTP server (`walkResources` and the shared `resourceList(id).load()`) against
// the SDK's own page requests in the same run, at 10,000 and at 100,000 resources.
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client'
import { createResourceClient } from '@resource-kit/client'
import { createDemoFetchHandler } from '../apps/demo-server/src/index.ts'
import { startDemoServer } from './demoServerProcess.ts'

const count = 10_000
const rounds = 5

async function walk(
  transport: StreamableHTTPClientTransport,
  mode: 'auto' | 'legacy',
): Promise<number[]> {
  const client = new Client({ name: 'bench', version: '1' }, { versionNegotiation: { mode } })
  await client.connect(transport)
  const times: number[] = []
  for (let round = 0; round < rounds + 1; round++) {
    const started = performance.now()
    let cursor: string | undefined
    let seen = 0
    do {
      const page = await client.request({
        method: 'resources/list',
        params: cursor ? { cursor } : {},
      })
      seen += page.resources.length
      cursor = page.nextCursor
    } while (cursor !== undefined)
    if (seen < count) throw new Error(`walked ${seen} of ${count}`)
    if (round > 0) times.push(performance.now() - started) // round 0 warms up
  }
  await client.close()
  return times
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

export default async function demoServerWalk(): Promise<void> {
  const server = startDemoServer({ count })
  const inProcess = createDemoFetchHandler({ count })
  try {
    const url = await server.url
    for (const mode of ['auto', 'legacy'] as const) {
      const http = median(await walk(new StreamableHTTPClientTransport(new URL(url)), mode))
      const peer = median(
        await walk(
          new StreamableHTTPClientTransport(new URL('http://in-process/mcp'), {
            fetch: (input, init) => inProcess.fetch(new Request(input, init)),
          }),
          mode,
        ),
      )
      console.log(
        `${mode === 'auto' ? '2026-07-28' : '2025-11-25'}: 100-page walk of ${count} over HTTP ` +
          `${http.toFixed(0)} ms (median of ${rounds}; budget 1000 ms: ${http < 1000 ? 'ok' : 'OVER'}), ` +
          `in-process ${peer.toFixed(0)} ms, ratio HTTP/in-process ${(http / peer).toFixed(2)}`,
      )
    }
    await clientVsSdk(url, count, rounds)
  } finally {
    server.stop()
    await inProcess.close()
  }
  const large = startDemoServer({ count: 100_000 })
  try {
    await clientVsSdk(await large.url, 100_000, 2)
  } finally {
    large.stop()
  }
}

/** Our client's walks vs the SDK's page requests over the same HTTP server, alternating. */
async function clientVsSdk(url: string, total: number, times: number): Promise<void> {
  const ours: number[] = []
  const list: number[] = []
  const sdk: number[] = []
  for (let round = 0; round < times + 1; round++) {
    const o = await timedClientWalk(url, total, 'walk')
    const l = await timedClientWalk(url, total, 'list')
    const s = await timedSdkWalk(url, total)
    if (round === 0) continue // warm-up
    ours.push(o)
    list.push(l)
    sdk.push(s)
  }
  const [o, l, s] = [median(ours), median(list), median(sdk)]
  console.log(
    `2026-07-28 over HTTP, ${total} resources in pages of 100, median of ${times}: ` +
      `resource-kit walkResources ${o.toFixed(0)} ms (${((total / o) * 1000).toFixed(0)}/s), ` +
      `resourceList.load() ${l.toFixed(0)} ms, SDK requests ${s.toFixed(0)} ms; ` +
      `ratio ours / SDK ${(o / s).toFixed(2)}× (walk), ${(l / s).toFixed(2)}× (list)`,
  )
}

async function timedClientWalk(url: string, total: number, kind: 'walk' | 'list'): Promise<number> {
  const client = createResourceClient()
  client.addServer('demo', { url })
  await client.ready('demo')
  const started = performance.now()
  const loaded =
    kind === 'walk'
      ? (await client.walkResources('demo')).items.length
      : (await client.resourceList('demo').load()).loaded
  const elapsed = performance.now() - started
  await client.close()
  if (loaded < total) throw new Error(`walked ${loaded} of ${total}`)
  return elapsed
}

async function timedSdkWalk(url: string, total: number): Promise<number> {
  const client = new Client(
    { name: 'bench', version: '1' },
    { versionNegotiation: { mode: 'auto' } },
  )
  await client.connect(new StreamableHTTPClientTransport(new URL(url)))
  const started = performance.now()
  const pages: unknown[] = []
  let seen = 0
  let cursor: string | undefined
  do {
    const page = await client.request({
      method: 'resources/list',
      params: cursor ? { cursor } : {},
    })
    pages.push(page) // kept, as our walk keeps what it loaded
    seen += page.resources.length
    cursor = page.nextCursor
  } while (cursor !== undefined)
  const elapsed = performance.now() - started
  await client.close()
  if (seen < total) throw new Error(`SDK walked ${seen} of ${total}`)
  return elapsed
}
