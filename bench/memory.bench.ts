// What the cache keeps alive, in Node (where query-core's default gcTime is forever):
// - 10,000 distinct reads of 1 KiB each: resource-kit (default limits: 2,000 entries,
//   64 MiB of contents) vs a plain QueryClient with default options holding the same data;
// - six 32 MiB reads refused by maxBytes: resource-kit (refused reads are not retained)
//   vs a plain QueryClient that keeps what it fetched.
// Heap (V8 heap plus external memory) is measured after a full GC, as the growth over a baseline taken just before.
// Each scenario states its bound; a scenario over its bound fails the run (exit code 1).
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { createResourceClient, type Session } from '@resource-kit/client'
import { QueryClient } from '@tanstack/query-core'

setFlagsFromString('--expose-gc')
const gc = runInNewContext('gc') as () => void

const MiB = 1024 * 1024
const READS = 10_000
const READ_BYTES = 1024
const BIG_READS = 6
const BIG_BYTES = 32 * MiB
/** Stated bounds on retained heap (MiB). */
const BOUND_MANY_READS = 16
const BOUND_REFUSED = 8

export default async function memoryBench(): Promise<void> {
  const many = await retained(manyReadsWithResourceKit)
  const manyPeer = await retained(manyReadsWithQueryClient)
  report(`${READS.toLocaleString('en')} distinct reads of 1 KiB`, many, manyPeer, BOUND_MANY_READS)
  const refused = await retained(refusedReadsWithResourceKit)
  const refusedPeer = await retained(refusedReadsWithQueryClient)
  report(`${BIG_READS} reads of 32 MiB refused by maxBytes`, refused, refusedPeer, BOUND_REFUSED)
}

function report(what: string, ours: number, peer: number, bound: number): void {
  const within = ours <= bound
  console.log(`${what}, heap retained after GC:`)
  console.log(`  resource-kit (defaults):          ${ours.toFixed(1)} MiB (bound ${bound} MiB)`)
  console.log(`  plain QueryClient (defaults):     ${peer.toFixed(1)} MiB`)
  console.log(`  ratio QueryClient / resource-kit: ${(peer / Math.max(ours, 0.1)).toFixed(1)}×`)
  console.log(`  ${within ? 'within' : 'OVER'} the bound`)
  if (!within) process.exitCode = 1
}

/** Heap growth (MiB) while `run`'s result is still alive, after a full GC. */
async function retained(run: () => Promise<unknown>): Promise<number> {
  gc()
  gc()
  const before = used()
  const keep = await run()
  gc()
  gc()
  const after = used()
  // `keep` (the client) must stay reachable until measured.
  void (keep as { partition?: string }).partition
  return Math.max(0, after - before) / MiB
}

/** Heap plus external memory (big strings made from Buffers live outside the V8 heap). */
function used(): number {
  const { heapUsed, external } = process.memoryUsage()
  return heapUsed + external
}

/** A distinct string of `bytes` one-byte characters (no sharing between reads). */
function payload(bytes: number, seed: number): string {
  return Buffer.alloc(bytes, 97 + (seed % 26)).toString('latin1')
}

/** An in-process Session that answers every read with `bytes` of text. */
function readSession(bytes: number): Session {
  let seed = 0
  return {
    info: { era: 'modern', protocolVersion: '2026-07-28', capabilities: { resources: {} } },
    request: async (_method, params) => ({
      contents: [{ uri: String(params.uri), text: payload(bytes, seed++) }],
      ttlMs: 60_000,
    }),
    listen: async () => {
      throw new Error('not used')
    },
    onNotification: () => () => {},
    onClose: () => () => {},
    close: async () => {},
  }
}

async function manyReadsWithResourceKit() {
  const client = createResourceClient()
  client.addServer('s', { connect: async () => readSession(READ_BYTES) })
  for (let i = 0; i < READS; i++) await client.read('s', `file:///r/${i}`)
  await new Promise((resolve) => setTimeout(resolve, 0)) // let the budget sweep run
  return client
}

async function manyReadsWithQueryClient() {
  const queryClient = new QueryClient()
  for (let i = 0; i < READS; i++) {
    await queryClient.fetchQuery({
      queryKey: ['read', i],
      queryFn: async () => ({
        contents: [{ uri: `file:///r/${i}`, text: payload(READ_BYTES, i) }],
      }),
    })
  }
  return queryClient
}

async function refusedReadsWithResourceKit() {
  const client = createResourceClient()
  client.addServer('s', { connect: async () => readSession(BIG_BYTES) })
  for (let i = 0; i < BIG_READS; i++) {
    await client.read('s', `file:///big/${i}`, { maxBytes: MiB }).catch(() => {})
  }
  return client
}

async function refusedReadsWithQueryClient() {
  const queryClient = new QueryClient()
  for (let i = 0; i < BIG_READS; i++) {
    const data = await queryClient.fetchQuery({
      queryKey: ['big', i],
      queryFn: async () => ({
        contents: [{ uri: `file:///big/${i}`, text: payload(BIG_BYTES, i) }],
      }),
    })
    // The caller refuses it, as resource-kit's maxBytes does; the cache still holds it.
    if (data.contents[0] && data.contents[0].text.length > MiB) continue
  }
  return queryClient
}
