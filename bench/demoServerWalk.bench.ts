// Walks the demo server's 10,000 resources in 100 pages with the official client over
// real HTTP on 127.0.0.1 (the server in its own process, as `npm run demo:server` runs
// it), in both eras. Peer: the same walk through the in-process fetch handler (the same
// SDK path on one thread, no sockets). The budget: well under 1 s.
import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client'
import { createDemoFetchHandler } from '../apps/demo-server/src/index.ts'

const count = 10_000
const rounds = 5
const repoRoot = fileURLToPath(new URL('../', import.meta.url))

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

/** `npm run demo:server -- --port 0 --count …` in a child process; resolves with its URL. */
function startServerProcess() {
  const child = spawn(
    process.execPath,
    [
      '--conditions=@resource-kit/source',
      '--import',
      'tsx',
      'apps/demo-server/src/main.ts',
      '--port',
      '0',
      '--count',
      String(count),
    ],
    { cwd: repoRoot, stdio: ['ignore', 'pipe', 'inherit'] },
  )
  const url = new Promise<string>((resolve, reject) => {
    let out = ''
    child.stdout.on('data', (chunk) => {
      out += chunk
      const match = out.match(/^url: (\S+)$/m)
      if (match) resolve(match[1]!)
    })
    child.once('exit', (code) => reject(new Error(`demo server exited with ${code}`)))
  })
  return { url, stop: () => child.kill() }
}

export default async function demoServerWalk(): Promise<void> {
  const server = startServerProcess()
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
  } finally {
    server.stop()
    await inProcess.close()
  }
}
