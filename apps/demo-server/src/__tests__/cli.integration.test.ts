import { type ChildProcess, execFile, spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client'
import { afterEach, describe, expect, it } from 'vitest'

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url))
const main = fileURLToPath(new URL('../main.ts', import.meta.url))
const node = ['--conditions=@resource-kit/source', '--import', 'tsx', main]
const children: ChildProcess[] = []
afterEach(() => {
  for (const child of children.splice(0)) child.kill()
})

/** Starts main.ts and resolves with its stdout once `until` matches it. */
function start(args: string[], until: RegExp): Promise<{ child: ChildProcess; stdout: string }> {
  const child = spawn(process.execPath, [...node, ...args], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  children.push(child)
  return new Promise((resolve, reject) => {
    let stdout = ''
    let stderr = ''
    child.stdout!.on('data', (chunk) => {
      stdout += chunk
      if (until.test(stdout)) resolve({ child, stdout })
    })
    child.stderr!.on('data', (chunk) => {
      stderr += chunk
    })
    child.once('exit', (code) => reject(new Error(`exited with ${code} before ready: ${stderr}`)))
  })
}

describe('demo:server command', () => {
  it('lists its options with --help (through npm run demo:server)', async () => {
    const { stdout } = await promisify(execFile)(
      'npm',
      ['run', '--silent', 'demo:server', '--', '--help'],
      {
        cwd: repoRoot,
      },
    )
    expect(stdout).toMatch(/^Usage: npm run demo:server/)
    for (const option of [
      '--stdio',
      '--port',
      '--host',
      '--count',
      '--page-size',
      '--seed',
      '--cors-origin',
    ]) {
      expect(stdout).toContain(option)
    }
  })

  it('starts on HTTP and prints the URL, the eras and the counts', async () => {
    const { stdout } = await start(
      ['--port', '0', '--count', '500', '--page-size', '50'],
      /seed: .*\n/,
    )
    const url = stdout.match(/^url: (http:\/\/127\.0\.0\.1:\d+\/mcp)$/m)?.[1]
    expect(url).toBeDefined()
    expect(stdout).toContain('eras: 2026-07-28 (modern) and 2025-11-25 (legacy)')
    expect(stdout).toMatch(
      /^resources: 500 \(\d+ files, \d+ folders, \d+ tables, \d+ tickets, 1 log\)/m,
    )
    expect(stdout).toContain('page size: 50')

    const client = new Client(
      { name: 'cli-test', version: '1' },
      { versionNegotiation: { mode: 'auto' } },
    )
    await client.connect(new StreamableHTTPClientTransport(new URL(url!)))
    const page = await client.request({ method: 'resources/list', params: {} })
    expect(page.resources).toHaveLength(50)
    await client.close()
  })
})
