// Walking 10,000 resources (100 pages of 100) against the same in-process server: our
// client's walk (validation, per-page cache entries, cycle detection) and the shared list
// pass a picker walks (`resourceList(id).load()`) vs the SDK's own aggregating
// `listResources()`. Both run in this one process, alternating, so the ratio is meaningful
// on a noisy machine. Then 100,000 resources (1,000 pages): the cost of the last 100 pages
// against the first 100, ours and the SDK's own page requests — per-page work that grew
// with what is loaded would show here. Also: the gzip size of the client's own built code.
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { Client } from '@modelcontextprotocol/client'
import { createResourceClient } from '@resource-kit/client'
import { createFixtureServer } from '@resource-kit/test-utils'

const ROUNDS = 7

export default async function walkBench(): Promise<void> {
  const fixture = createFixtureServer({ resourceCount: 10_000, pageSize: 100, ttlMs: 60_000 })
  const ours: Timing[] = []
  const list: Timing[] = []
  const sdk: Timing[] = []
  try {
    // One warm-up of each, not measured.
    await walkWithResourceKit(fixture)
    await walkResourceList(fixture)
    await walkWithSdk(fixture)
    for (let round = 0; round < ROUNDS; round++) {
      ours.push(await walkWithResourceKit(fixture))
      list.push(await walkResourceList(fixture))
      sdk.push(await walkWithSdk(fixture))
    }
  } finally {
    await fixture.close()
  }
  console.log(
    `walk 10,003 resources in 101 pages, in-process, median of ${ROUNDS} alternating runs (wall / CPU of this process):`,
  )
  const show = (label: string, t: Timing[]) => {
    const [wall, cpu] = [median(t.map((x) => x.wall)), median(t.map((x) => x.cpu))]
    console.log(`  ${label} ${wall.toFixed(1)} ms / ${cpu.toFixed(1)} ms`)
    return cpu
  }
  const oursCpu = show('resource-kit walkResources:      ', ours)
  const listCpu = show('resource-kit resourceList.load():', list)
  const sdkCpu = show('SDK client.listResources():      ', sdk)
  console.log(
    `  CPU ratio resource-kit / SDK:     ${(oursCpu / sdkCpu).toFixed(2)}× (walk), ${(listCpu / sdkCpu).toFixed(2)}× (list)`,
  )
  await perPageGrowth()
  printBundleSize()
}

/** ms per page over pages 100–200 and the last 100 of a 1,000-page walk, ours and the SDK's. */
async function perPageGrowth(): Promise<void> {
  const fixture = createFixtureServer({ resourceCount: 100_000, pageSize: 100, ttlMs: 60_000 })
  try {
    await pageTimesResourceList(fixture) // warm-up
    const ours = growth(await pageTimesResourceList(fixture))
    const sdk = growth(await pageTimesSdk(fixture))
    console.log(
      '\n1,000 pages of 100 (100,000 resources), in-process: ms per page, pages 100–200 → the last 100:',
    )
    console.log(
      `  resource-kit resourceList.load(): ${ours.first.toFixed(2)} → ${ours.last.toFixed(2)} (×${(ours.last / ours.first).toFixed(2)})`,
    )
    console.log(
      `  SDK client.request per page:      ${sdk.first.toFixed(2)} → ${sdk.last.toFixed(2)} (×${(sdk.last / sdk.first).toFixed(2)})`,
    )
    console.log(
      `  growth ratio ours / SDK: ${(ours.last / ours.first / (sdk.last / sdk.first)).toFixed(2)}`,
    )
  } finally {
    await fixture.close()
  }
}

// Pages 100–200 rather than the very first ones: those pay the session's start-up.
const growth = (times: number[]) => ({
  first: (times[200]! - times[100]!) / 100,
  last: (times[times.length - 1]! - times[times.length - 101]!) / 100,
})

/** The time each page of a resourceList walk was in, as its subscribers heard it. */
async function pageTimesResourceList(
  fixture: ReturnType<typeof createFixtureServer>,
): Promise<number[]> {
  const client = createResourceClient()
  client.addServer('f', { transport: () => fixture.inMemoryTransport() })
  await client.ready('f')
  const list = client.resourceList('f')
  const times: number[] = []
  list.subscribe(() => {
    const pages = list.getSnapshot().pages.length
    while (times.length < pages) times.push(performance.now())
  })
  times.push(performance.now())
  const done = await list.load()
  if (done.pages.length !== 1_000) throw new Error(`walked ${done.pages.length} pages`)
  await new Promise((resolve) => setTimeout(resolve, 0))
  await client.close()
  return times
}

async function pageTimesSdk(fixture: ReturnType<typeof createFixtureServer>): Promise<number[]> {
  const client = new Client(
    { name: 'bench', version: '1.0.0' },
    { versionNegotiation: { mode: 'auto' } },
  )
  await client.connect(fixture.inMemoryTransport())
  const times = [performance.now()]
  let cursor: string | undefined
  const pages: unknown[] = []
  do {
    const page = await client.request({
      method: 'resources/list',
      params: cursor ? { cursor } : {},
    })
    pages.push(page) // kept, as a walk keeps what it loaded
    times.push(performance.now())
    cursor = page.nextCursor
  } while (cursor !== undefined && pages.length < 1_000)
  await client.close()
  return times
}

async function walkResourceList(fixture: ReturnType<typeof createFixtureServer>): Promise<Timing> {
  const client = createResourceClient()
  client.addServer('f', { transport: () => fixture.inMemoryTransport() })
  await client.ready('f')
  const start = clock()
  const done = await client.resourceList('f').load()
  const elapsed = clock(start)
  if (!done.complete || done.loaded !== 10_003) throw new Error('incomplete list walk')
  await client.close()
  return elapsed
}

async function walkWithResourceKit(
  fixture: ReturnType<typeof createFixtureServer>,
): Promise<Timing> {
  // A fresh client (and cache) each time, connected before the clock starts.
  const client = createResourceClient()
  client.addServer('f', { transport: () => fixture.inMemoryTransport() })
  await client.ready('f')
  const start = clock()
  const walk = await client.walkResources('f')
  const elapsed = clock(start)
  if (!walk.complete || walk.items.length !== 10_003) throw new Error('incomplete walk')
  await client.close()
  return elapsed
}

async function walkWithSdk(fixture: ReturnType<typeof createFixtureServer>): Promise<Timing> {
  const client = new Client(
    { name: 'bench', version: '1.0.0' },
    { versionNegotiation: { mode: 'auto' }, listMaxPages: 1_000 },
  )
  await client.connect(fixture.inMemoryTransport())
  const start = clock()
  const result = await client.listResources()
  const elapsed = clock(start)
  if (result.resources.length !== 10_003) throw new Error('incomplete SDK walk')
  await client.close()
  return elapsed
}

/** Wall time, and CPU time of this process (the machine is shared: wall time is noisy). */
interface Timing {
  wall: number
  cpu: number
}

function clock(): { wall: number; cpu: NodeJS.CpuUsage }
function clock(start: { wall: number; cpu: NodeJS.CpuUsage }): Timing
function clock(start?: { wall: number; cpu: NodeJS.CpuUsage }) {
  if (!start) return { wall: performance.now(), cpu: process.cpuUsage() }
  const used = process.cpuUsage(start.cpu)
  return { wall: performance.now() - start.wall, cpu: (used.user + used.system) / 1000 }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN
}

function printBundleSize(): void {
  const dist = fileURLToPath(new URL('../packages/client/dist/', import.meta.url))
  if (!existsSync(`${dist}index.mjs`)) {
    execFileSync('npm', ['run', 'build', '-w', '@resource-kit/client'], { stdio: 'ignore' })
  }
  const main = readFileSync(`${dist}index.mjs`)
  const node = readFileSync(`${dist}node.mjs`)
  console.log('\nbuilt size of @resource-kit/client (dependencies excluded, not minified):')
  console.log(`  dist/index.mjs: ${kb(main.length)} raw, ${kb(gzipSync(main).length)} gzip`)
  console.log(`  dist/node.mjs:  ${kb(node.length)} raw, ${kb(gzipSync(node).length)} gzip`)
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
