// The built `resource-kit`: help, version, usage errors and the exit codes of failures
// that need no working server (or a misbehaving one).
import { fixtureStdioCommand } from '@resource-kit/test-utils'
import { beforeAll, describe, expect, it } from 'vitest'
import { ensureBuiltCli, runCli } from './helpers/runBuiltCli.ts'

beforeAll(() => ensureBuiltCli(), 120_000)

describe('resource-kit usage', { timeout: 90_000 }, () => {
  it('documents commands, options and every exit code in --help', async () => {
    const help = await runCli(['--help'])
    expect(help.code).toBe(0)
    for (const command of ['info', 'ls', 'tree', 'read URI', 'complete TEMPLATE', 'watch URI']) {
      expect(help.stdout).toContain(command)
    }
    for (const code of [0, 1, 2, 3, 4, 5, 6, 7, 8, 130])
      expect(help.stdout).toMatch(new RegExp(`^ +${code}  \\S`, 'm'))
    const ls = await runCli(['help', 'ls'])
    expect(ls.stdout).toContain('--max-pages N')
    expect(ls.stdout).toContain('Exit codes:')
    const version = await runCli(['--version'])
    expect(version.stdout).toMatch(/^\d+\.\d+\.\d+\n$/)
  })

  it('exits 2 with a reason for a wrong command line', async () => {
    const none = await runCli([])
    expect(none.code).toBe(2)
    expect(none.stdout).toContain('Usage: resource-kit COMMAND')
    const noServer = await runCli(['ls', '--json'])
    expect(noServer.code).toBe(2)
    expect(JSON.parse(noServer.stdout).error).toMatchObject({ kind: 'usage', exitCode: 2 })
    expect(noServer.stderr).toContain('no server given')
    const wrong = await runCli(['read', 'a://b', '--templates', '--', 'node', 'x.js'])
    expect(wrong.code).toBe(2)
    expect(wrong.stderr).toContain('option --templates does not apply to "read"')
  })

  it('exits 5 when the server cannot be reached', async () => {
    const spawnFails = await runCli(['info', '--', '/nonexistent/mcp-server'])
    expect(spawnFails.code).toBe(5)
    expect(spawnFails.stderr).toMatch(/error: .*mcp-server/)
    const refused = await runCli(['info', '--json', '--url', 'http://127.0.0.1:9/mcp'])
    expect(refused.code).toBe(5)
    expect(JSON.parse(refused.stdout).error).toMatchObject({
      kind: 'connection_failed',
      server: '127.0.0.1:9',
    })
  })

  it('exits 6 and keeps what it fetched when the server loops its cursors', async () => {
    const fixture = fixtureStdioCommand({ cursors: 'cycle', resourceCount: 30, pageSize: 10 })
    const env = Object.entries(fixture.env).map(([key, value]) => `--env=${key}=${value}`)
    const run = await runCli([
      'ls',
      '--all',
      '--json',
      ...env,
      '--',
      fixture.command,
      ...fixture.args,
    ])
    expect(run.code).toBe(6)
    const walk = JSON.parse(run.stdout)
    expect(walk).toMatchObject({ complete: false, stoppedBy: 'cycle' })
    expect(walk.items.length).toBeGreaterThan(0)
    expect(run.stderr).toMatch(
      /incomplete: server "fixtureStdio\.ts" returned a cursor it had already returned/,
    )
  })
})
