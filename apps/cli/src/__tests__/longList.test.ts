// `ls --all` and `tree` over a list longer than the client's default page cap (1,000
// pages) that never repeats a cursor: with --max-pages above it they walk to the end
// (exit 0), never "stopped by a cursor loop" (exit 6). The real client over the demo
// server in memory, one resource per page.
import { InMemoryTransport } from '@modelcontextprotocol/client'
import { createResourceClient, DEFAULT_MAX_PAGES, type ResourceClient } from '@resource-kit/client'
import { createDemoServer, type DemoServer, serveDemoTransport } from '@resource-kit/demo-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseCliArgs } from '../args.ts'
import type { Command } from '../commandContext.ts'
import { runLs } from '../commands/ls.ts'
import { runTree } from '../commands/tree.ts'
import { ExitCode } from '../exitCodes.ts'
import { Output } from '../output.ts'

const count = DEFAULT_MAX_PAGES + 50
let demo: DemoServer
let client: ResourceClient

beforeAll(() => {
  demo = createDemoServer({
    count,
    pageSize: 1,
    logIntervalMs: 3_600_000,
    fileIntervalMs: 3_600_000,
  })
  client = createResourceClient()
  client.addServer('demo', {
    transport: () => {
      const [clientSide, serverSide] = InMemoryTransport.createLinkedPair()
      serveDemoTransport(demo, serverSide)
      return clientSide
    },
  })
})

afterAll(async () => {
  await client?.close()
  demo?.close()
})

async function run(command: Command, argv: string[]) {
  const text = { stdout: '', stderr: '' }
  const stream = (name: keyof typeof text) => ({
    write: (chunk: string | Uint8Array) => {
      text[name] += String(chunk)
      return true
    },
  })
  const { positionals, options } = parseCliArgs(argv)
  const code = await command({
    client,
    serverId: 'demo',
    serverIds: ['demo'],
    positionals,
    options,
    out: new Output({ stdout: stream('stdout'), stderr: stream('stderr'), json: true, env: {} }),
    signal: new AbortController().signal,
    now: () => 0,
  })
  return { code, json: JSON.parse(text.stdout), stderr: text.stderr }
}

describe('a list of more than 1,000 pages that never loops', { timeout: 60_000 }, () => {
  it('ls --all --max-pages 5000 walks to its end', async () => {
    const { code, json, stderr } = await run(runLs, [
      'ls',
      '--all',
      '--max-pages',
      '5000',
      '--json',
    ])
    expect(stderr).not.toMatch(/loop/i)
    expect(json).toMatchObject({ complete: true })
    expect(json.pages).toBeGreaterThan(DEFAULT_MAX_PAGES)
    expect(json.items).toHaveLength(json.pages)
    expect(code).toBe(ExitCode.ok)
  })

  it('tree --max-pages 1010 stops at its limit with the cursor, not as a loop', async () => {
    const { code, json } = await run(runTree, ['tree', '--max-pages', '1010', '--json'])
    expect(json).toMatchObject({ complete: false, pages: 1010, stoppedBy: 'maxPages' })
    expect(json.nextCursor).toEqual(expect.any(String))
    expect(code).not.toBe(ExitCode.incomplete)
  })
})
