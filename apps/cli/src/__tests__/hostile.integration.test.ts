// A server whose names, titles, contents, errors and completions carry terminal escape
// sequences: on a terminal none of them may reach the screen; into a pipe, contents stay
// byte for byte. Also: odd-but-legal data (an empty read) and a missing capability.
import { beforeAll, describe, expect, it } from 'vitest'
import { ensureBuiltCli, runCli } from './helpers/runBuiltCli.ts'
import { runInPty } from './helpers/runInPty.ts'

const server = ['--', process.execPath, 'apps/cli/src/__tests__/fixtures/hostileServer.mjs']
const ESC = '\u001b'
/** What the hostile server tries to slip through: clear screen, set title, bell, bidi override. */
const attacks = [`${ESC}[2J`, `${ESC}]0;`, '\u0007', '\u202e', `${ESC}[31m`]

beforeAll(() => ensureBuiltCli(), 120_000)

describe('resource-kit against a hostile server', { timeout: 90_000 }, () => {
  it('shows names, titles and contents on a terminal with every escape made visible', async () => {
    // One terminal session runs several commands; NO_COLOR means no escape at all may appear.
    const run = await runInPty(['ls', ...server], { env: { NO_COLOR: '1' } })
    expect(run.code).toBe(0)
    expect(run.screen).toContain('evil://host/b\\x1b[31m')
    expect(run.screen).toContain('Title\\x1b]0;pwned\\x07\\u202eexe.txt')
    for (const attack of attacks) expect(run.screen).not.toContain(attack)
    expect(run.screen).not.toContain(ESC)

    const read = await runInPty(['read', 'evil://host/a.txt', ...server])
    expect(read.code).toBe(0)
    expect(read.screen).toContain('\\x1b[2J\\x1b[Hline two\\x1b]0;pwned\\x07')
    for (const attack of attacks) expect(read.screen).not.toContain(attack)
  })

  it('passes contents byte for byte into a pipe', async () => {
    const read = await runCli(['read', 'evil://host/a.txt', ...server])
    expect(read.stdout).toBe(`line one\n${ESC}[2J${ESC}[Hline two${ESC}]0;pwned\u0007\r\n`)
  })

  it('sanitizes server info, tree and completions even into a pipe', async () => {
    const info = await runCli(['info', '--quiet', ...server])
    expect(info.stdout).toMatch(/^name\s+hostile\\x1b\[2J\\x1b\[H 1\\x1b\]0;pwned\\x07$/m)
    const tree = await runCli(['tree', ...server])
    expect(tree.stdout).toContain('b\\x1b[31m')
    const complete = await runCli(['complete', 'evil://host/{x}', 'x', '', ...server])
    expect(complete.stdout).toBe('one\\x1b[2J\\x1b[H\ntwo\n')
    expect(complete.stderr).toContain('showing 2 of 5')
    for (const output of [info.stdout, tree.stdout, complete.stdout, complete.stderr]) {
      expect(output).not.toContain(ESC)
    }
  })

  it('names the server and URI when a read fails, with the server message sanitized', async () => {
    const run = await runCli(['read', 'evil://host/broken', ...server])
    expect(run.code).toBe(1)
    expect(run.stderr).toMatch(
      /error: .*server "hostileServer\.mjs".*internal \\x1b\[2J\\x1b\[Hfailure/,
    )
    expect(run.stderr).toContain('evil://host/broken')
    expect(run.stderr).not.toContain(ESC)
  })

  it('says an empty read is empty', async () => {
    const run = await runCli(['read', 'evil://host/empty', '--json', ...server])
    expect(run.code).toBe(0)
    expect(JSON.parse(run.stdout)).toMatchObject({ uri: 'evil://host/empty', contents: [] })
  })

  it('exits 7 when watching a server that does not support subscriptions', async () => {
    const run = await runCli(['watch', 'evil://host/a.txt', '--timeout', '15', ...server])
    expect(run.stderr).toContain('does not support')
    expect(run.code).toBe(7)
  })
})
