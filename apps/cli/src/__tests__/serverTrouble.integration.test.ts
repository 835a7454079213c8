// The built `resource-kit` with servers that cannot help, each kept to itself: a config
// entry naming an unset variable does not block the server picked; a tools-only server is
// skipped by `search`, not failed; a stdio server that prints logs on stdout fails within
// seconds with a hint; `watch --timeout` ends as asked (exit 0).
// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the config's own ${VAR} syntax
import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { rawStdioCommand } from '@resource-kit/test-utils'
import { beforeAll, describe, expect, it } from 'vitest'
import { demoStdio, ensureBuiltCli, runCli } from './helpers/runBuiltCli.ts'

let config: string

beforeAll(async () => {
  ensureBuiltCli()
  const dir = await mkdtemp(join(tmpdir(), 'rk-trouble-'))
  config = join(dir, 'mcp.json')
  const entry = ([command, ...args]: string[]) => ({ command, args })
  const tools = rawStdioCommand('tools-only')
  await writeFile(
    config,
    JSON.stringify({
      mcpServers: {
        demo: entry(demoStdio()),
        tools: { command: tools.command, args: tools.args },
        secret: {
          url: 'https://secret.example/mcp',
          headers: { Authorization: 'Bearer ${RK_TEST_UNSET_TOKEN}' },
        },
      },
    }),
  )
}, 120_000)

describe('servers that cannot help', { timeout: 120_000 }, () => {
  it('uses the server picked although another entry names an unset variable', async () => {
    const run = await runCli(['ls', '--json', '-q', '--config', config, '--server', 'demo'])
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    expect(JSON.parse(run.stdout).items.length).toBeGreaterThan(0)
    // The broken entry still fails, naming itself, when it is the one picked.
    const secret = await runCli(['ls', '--config', config, '--server', 'secret'])
    expect(secret.code).toBe(2)
    expect(secret.stderr).toContain(
      'mcpServers.secret.headers.Authorization uses ${RK_TEST_UNSET_TOKEN}, which is not set',
    )
  })

  it('searches past a tools-only server (skipped) and a broken entry (reported)', async () => {
    const run = await runCli(['search', 'button', '--json', '-q', '--config', config])
    const document = JSON.parse(run.stdout)
    expect(document.hits.length).toBeGreaterThan(0)
    expect(document.servers).toEqual([
      { server: 'demo', resources: 300, templates: 3, pages: 3, complete: true },
      {
        server: 'tools',
        resources: 0,
        templates: 0,
        pages: 0,
        complete: true,
        skipped: 'no_resources',
      },
      expect.objectContaining({ server: 'secret', complete: false, error: expect.any(String) }),
    ])
    expect(run.stderr).toContain('server "tools" offers no resources (tools only): skipped')
    expect(run.code).toBe(6) // the broken entry, not the tools-only server
    const tools = rawStdioCommand('tools-only')
    const both = await runCli(['search', 'button', '-q', '--config', config, '--server', 'demo'])
    expect(both.code).toBe(0)
    const only = await runCli(['search', 'button', '-q', '--', tools.command, ...tools.args])
    expect(only.code).toBe(7)
    expect(only.stderr).toContain('no server offers resources to search')
  })

  it('fails within seconds, with a hint, on a stdio server that prints logs on stdout', async () => {
    const garbage = rawStdioCommand('garbage')
    // --timeout 50 would end it with exit 8; the guard ends it first with exit 5.
    const run = await runCli(['ls', '--timeout', '50', '--', garbage.command, ...garbage.args])
    expect(run.code).toBe(5)
    expect(run.stderr).toContain(
      'to stdout that are not MCP (first: "hello from a server that logs to stdout")',
    )
    expect(run.stderr).toContain('logs belong on stderr')
  })

  it('ends `watch --timeout` with exit 0 once it was watching', async () => {
    const run = await runCli([
      'watch',
      'file:///workspace/README.md',
      // Long enough for the demo to start through tsx on a busy machine.
      '--timeout',
      '25',
      '-q',
      '--',
      ...demoStdio(),
    ])
    expect(run.stderr).toContain('watching 1 resource')
    expect(run.code).toBe(0)
  })
})
