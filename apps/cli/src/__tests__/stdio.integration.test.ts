// The built `resource-kit` against stdio servers: the published 2025-era reference server
// (@modelcontextprotocol/server-everything) and the demo server, by `--` and by config file.
import { execFileSync } from 'node:child_process'
import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { demoStdio, ensureBuiltCli, everythingStdio, runCli } from './helpers/runBuiltCli.ts'

const everything = ['--quiet', '--', ...everythingStdio]
const features = 'demo://resource/static/document/features.md'

beforeAll(() => ensureBuiltCli(), 120_000)

describe('resource-kit over stdio (server-everything, 2025-11-25)', { timeout: 90_000 }, () => {
  it('info shows the legacy era and what was negotiated', async () => {
    const run = await runCli(['info', '--json', ...everything])
    expect(run.code).toBe(0)
    expect(JSON.parse(run.stdout)).toMatchObject({
      server: 'index.js',
      era: 'legacy',
      protocolVersion: '2025-11-25',
      capabilities: { resources: { subscribe: true }, completions: {} },
      serverInfo: { name: 'mcp-servers/everything' },
    })
  })

  it('ls lists its resources and templates', async () => {
    const list = JSON.parse((await runCli(['ls', '--json', ...everything])).stdout)
    expect(list).toMatchObject({ complete: true, pages: 1 })
    expect(list.items.map((item: { uri: string }) => item.uri)).toContain(features)
    const templates = await runCli(['ls', '-t', ...everything])
    expect(templates.stdout).toMatch(
      /^demo:\/\/resource\/dynamic\/text\/\{resourceId\}\s+Dynamic Text Resource\s+text\/plain$/m,
    )
  })

  it('read prints text, and a legacy miss (-32602 without data) exits 3', async () => {
    const text = await runCli(['read', features, ...everything])
    expect(text.code).toBe(0)
    expect(text.stdout.startsWith('# Everything Server')).toBe(true)
    const missing = await runCli(['read', 'demo://resource/static/document/nope.md', ...everything])
    expect(missing.code).toBe(3)
    expect(missing.stderr).toContain('resource not found: demo://resource/static/document/nope.md')
  })

  it('read over --max-bytes exits 9 (too large), naming the limit', async () => {
    const run = await runCli(['read', features, '--max-bytes', '10', ...everything])
    expect(run.code).toBe(9)
    expect(run.stderr).toMatch(/too large: .*over the limit of 10 bytes/)
  })

  it('complete suggests resource ids', async () => {
    const run = await runCli([
      'complete',
      'demo://resource/dynamic/text/{resourceId}',
      'resourceId',
      '1',
      '--json',
      ...everything,
    ])
    expect(run.code).toBe(0)
    const { values } = JSON.parse(run.stdout)
    expect(values.length).toBeGreaterThan(0)
    for (const value of values) expect(value).toMatch(/^1\d*$/)
  })

  it('watch re-listens after the server process dies, and --timeout ends a quiet watch with 0', async () => {
    const records: { type: string; status?: string }[] = []
    let killed = false
    const run = await runCli(['watch', features, '--json', '--timeout', '20', ...everything], {
      onStdout: (text, child) => {
        records.splice(
          0,
          records.length,
          ...text
            .trim()
            .split('\n')
            .map((line) => JSON.parse(line)),
        )
        if (!killed && records.some((record) => record.status === 'live')) {
          killed = true
          // Kill the server (a child of the CLI we started), as a crash would.
          const pids = execFileSync('pgrep', ['-P', String(child.pid)])
            .toString()
            .trim()
            .split('\n')
          for (const pid of pids) process.kill(Number(pid), 'SIGKILL')
        }
        if (records.some((record) => record.type === 'resynced')) child.kill('SIGINT')
      },
    })
    const statuses = records
      .filter((record) => record.type === 'status')
      .map((record) => record.status)
    expect(statuses).toEqual(['connecting', 'live', 'reconnecting', 'live'])
    expect(records.at(-1)).toMatchObject({ type: 'resynced' })
    expect(run.code).toBe(0)

    // The time asked for is up: a watch that got going ends as Ctrl-C ends it (issue 33).
    const quiet = await runCli([
      'watch',
      features,
      '--json',
      '--count',
      '1',
      '--timeout',
      '3',
      ...everything,
    ])
    expect(quiet.code).toBe(0)
    expect(quiet.stdout).toContain('"status":"live"')
  })
})

describe('resource-kit over stdio (demo server, named in a config file)', {
  timeout: 90_000,
}, () => {
  it('reads through a config file server, with env expansion and --yes', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'rk-cli-config-'))
    const [command, ...args] = demoStdio()
    const config = join(dir, 'mcp.json')
    await writeFile(
      config,
      JSON.stringify({
        mcpServers: {
          // biome-ignore lint/suspicious/noTemplateCurlyInString: the config's own ${VAR} syntax
          demo: { command: '${RK_TEST_NODE}', args, cwd: process.cwd() },
          elsewhere: { url: 'http://127.0.0.1:9/mcp' },
        },
      }),
    )
    const run = await runCli(
      ['read', 'db://prod/orders', '--yes', '--json', '-q', '--config', config, '--server', 'demo'],
      {
        env: { RK_TEST_NODE: command as string },
      },
    )
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    const read = JSON.parse(run.stdout)
    expect(read).toMatchObject({
      server: 'demo',
      uri: 'db://prod/orders',
      contents: [{ kind: 'text', mimeType: 'application/json' }],
    })
    expect(JSON.parse(read.contents[0].text)).toMatchObject({ table: 'orders' })
  })
})
