import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseCliArgs } from '../args.ts'
import { parseHeaders, resolveServerTarget, stdioName } from '../serverSource.ts'

async function target(argv: string[], env: Record<string, string> = {}) {
  const parsed = parseCliArgs(argv)
  return resolveServerTarget(parsed.options, parsed.stdioCommand, env)
}

describe('resolveServerTarget', () => {
  it('takes a URL with headers', async () => {
    expect(
      await target(['ls', '--url', 'http://127.0.0.1:3000/mcp', '-H', 'Authorization: Bearer x']),
    ).toEqual({
      id: '127.0.0.1:3000',
      config: {
        kind: 'http',
        url: 'http://127.0.0.1:3000/mcp',
        headers: { Authorization: 'Bearer x' },
      },
    })
  })

  it('takes a stdio command with --env', async () => {
    expect(
      await target(['ls', '-e', 'A=1', '--', 'node', '--import', 'tsx', 'srv/main.ts', '--stdio']),
    ).toEqual({
      id: 'main.ts',
      config: {
        kind: 'stdio',
        command: 'node',
        args: ['--import', 'tsx', 'srv/main.ts', '--stdio'],
        env: { A: '1' },
      },
    })
  })

  it('picks a server from a config file, or its only one', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'rk-cli-source-'))
    const two = join(dir, 'two.json')
    await writeFile(
      two,
      JSON.stringify({
        mcpServers: { a: { command: 'x', env: { K: '1' } }, b: { url: 'http://h/mcp' } },
      }),
    )
    const one = join(dir, 'one.json')
    await writeFile(one, JSON.stringify({ mcpServers: { only: { url: 'http://h/mcp' } } }))
    expect(await target(['ls', '-c', two, '-s', 'a', '-e', 'L=2'])).toEqual({
      id: 'a',
      config: { kind: 'stdio', command: 'x', args: [], env: { K: '1', L: '2' } },
    })
    expect((await target(['ls', '-c', one])).id).toBe('only')
    await expect(target(['ls', '-c', two])).rejects.toThrow(
      'names 2 servers: pick one with --server NAME (a, b)',
    )
    await expect(target(['ls', '-c', two, '-s', 'zz'])).rejects.toThrow(
      'no server named "zz" (servers: a, b)',
    )
    await expect(target(['ls', '-c', two, '-s', 'b', '-e', 'X=1'])).rejects.toThrow(
      /--env applies to stdio servers/,
    )
  })

  it('wants exactly one server', async () => {
    await expect(target(['ls'])).rejects.toThrow(/no server given/)
    await expect(target(['ls', '--url', 'http://h/mcp', '--', 'node'])).rejects.toThrow(
      'give only one server, not --url and -- COMMAND',
    )
    await expect(target(['ls', '--server', 'x', '--', 'node'])).rejects.toThrow(/add --config FILE/)
    await expect(target(['ls', '--url', 'ws://h'])).rejects.toThrow(/http:\/\/ or https:\/\//)
    await expect(target(['ls', '-H', 'A: b', '--', 'node'])).rejects.toThrow(
      /--header applies to HTTP servers/,
    )
  })
})

describe('parseHeaders', () => {
  it('rejects a header without a name', () => {
    expect(() => parseHeaders(['no colon'])).toThrow(/Name: value/)
  })
})

describe('stdioName', () => {
  it('names a server after its script, else its command', () => {
    expect(stdioName('node', ['server.js', '--flag'])).toBe('server.js')
    expect(stdioName('npx', ['-y', '@modelcontextprotocol/server-everything'])).toBe(
      'server-everything',
    )
    expect(stdioName('/usr/bin/mcp-server-everything', ['stdio'])).toBe('mcp-server-everything')
  })
})
