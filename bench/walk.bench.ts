// Walking 10,000 resources (100 pages of 100) against the same in-process server: our
// client's walk (validation, per-page cache entries, cycle detection) vs the SDK's own
// aggregating `listResources()`. Both run in this one process, alternating, so the ratio
// is meaningful on a noisy machine. Also: the gzip size of the client's own built code.
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
  const ours: number[] = []
  const sdk: number[] = []
  try {
    // One warm-up of each, not measured.
    await walkWithResourceKit(fixture)
    await walkWithSdk(fixture)
    for (let round = 0; round < ROUNDS; round++) {
      ours.push(await walkWithResourceKit(fixture))
      sdk.push(await walkWithSdk(fixture))
    }
  } finally {
    await fixture.close()
  }
  const oursMs = median(ours)
  const sdkMs = median(sdk)
  console.log(
    `walk 10,003 resources in 101 pages, in-process, median of ${ROUNDS} alternating runs:`,
  )
  console.log(`  resource-kit walkResources: ${oursMs.toFixed(1)} ms`)
  console.log(`  SDK client.listResources(): ${sdkMs.toFixed(1)} ms`)
  console.log(`  ratio resource-kit / SDK:   ${(oursMs / sdkMs).toFixed(2)}×`)
  printBundleSize()
}

async function walkWithResourceKit(
  fixture: ReturnType<typeof createFixtureServer>,
): Promise<number> {
  // A fresh client (and cache) each time, connected before the clock starts.
  const client = createResourceClient()
  client.addServer('f', { transport: () => fixture.inMemoryTransport() })
  await client.ready('f')
  const start = performance.now()
  const walk = await client.walkResources('f')
  const elapsed = performance.now() - start
  if (!walk.complete || walk.items.length !== 10_003) throw new Error('incomplete walk')
  await client.close()
  return elapsed
}

async function walkWithSdk(fixture: ReturnType<typeof createFixtureServer>): Promise<number> {
  const client = new Client(
    { name: 'bench', version: '1.0.0' },
    { versionNegotiation: { mode: 'auto' }, listMaxPages: 1_000 },
  )
  await client.connect(fixture.inMemoryTransport())
  const start = performance.now()
  const result = await client.listResources()
  const elapsed = performance.now() - start
  if (result.resources.length !== 10_003) throw new Error('incomplete SDK walk')
  await client.close()
  return elapsed
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
