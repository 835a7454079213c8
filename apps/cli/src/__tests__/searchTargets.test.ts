// biome-ignore-all lint/suspicious/noTemplateCurlyInString: ${VAR} references are what the config expands
import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { parseCliArgs } from '../args.ts'
import { resolveSearchTargets } from '../searchTargets.ts'

let config: string

beforeAll(async () => {
  const dir = await mkdtemp(join(tmpdir(), 'rk-search-targets-'))
  config = join(dir, 'mcp.json')
  await writeFile(
    config,
    JSON.stringify({
      mcpServers: {
        files: { command: 'node', args: ['files.js'] },
        docs: { url: 'https://docs.example.com/mcp' },
      },
    }),
  )
})

describe('search arguments', () => {
  it('joins the words of the query and reads --limit', () => {
    const parsed = parseCliArgs([
      'search',
      'button',
      'offline',
      '--limit',
      '3',
      '--url',
      'http://x/mcp',
    ])
    expect(parsed.positionals).toEqual(['button', 'offline'])
    expect(parsed.options.limit).toBe(3)
  })

  it('wants a query, and --limit only on search', () => {
    expect(() => parseCliArgs(['search', '--url', 'http://x/mcp'])).toThrow('search: missing QUERY')
    expect(() => parseCliArgs(['ls', '--limit', '3', '--url', 'http://x/mcp'])).toThrow(
      'option --limit does not apply to "ls"',
    )
    expect(() => parseCliArgs(['search', 'a', '--limit', '0', '--url', 'http://x/mcp'])).toThrow(
      '--limit must be a positive integer',
    )
  })
})

describe('resolveSearchTargets', () => {
  it('takes every server of a config, -H for HTTP ones and -e for stdio ones', async () => {
    const { options } = parseCliArgs([
      'search',
      'q',
      '--config',
      config,
      '-H',
      'Authorization: Bearer t',
      '-e',
      'TOKEN=1',
    ])
    expect((await resolveSearchTargets(options, undefined, {})).targets).toEqual([
      {
        id: 'files',
        config: expect.objectContaining({ kind: 'stdio', command: 'node', env: { TOKEN: '1' } }),
      },
      {
        id: 'docs',
        config: {
          kind: 'http',
          url: 'https://docs.example.com/mcp',
          headers: { Authorization: 'Bearer t' },
        },
      },
    ])
  })

  it('takes one server when --server, --url or a command names it', async () => {
    const picked = parseCliArgs(['search', 'q', '--config', config, '--server', 'docs']).options
    expect(
      (await resolveSearchTargets(picked, undefined, {})).targets.map((target) => target.id),
    ).toEqual(['docs'])
    const url = parseCliArgs(['search', 'q', '--url', 'http://127.0.0.1:9/mcp']).options
    expect(
      (await resolveSearchTargets(url, undefined, {})).targets.map((target) => target.id),
    ).toEqual(['127.0.0.1:9'])
    const stdio = parseCliArgs(['search', 'q', '--', 'node', 'server.js'])
    expect(
      (await resolveSearchTargets(stdio.options, stdio.stdioCommand, {})).targets.map(
        (target) => target.id,
      ),
    ).toEqual(['server.js'])
  })

  it('keeps a broken entry to itself: the others are searched, it fails as its own server', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'rk-search-broken-'))
    const file = join(dir, 'mcp.json')
    await writeFile(
      file,
      JSON.stringify({
        mcpServers: {
          files: { command: 'node', args: ['files.js'] },
          secret: { url: 'https://x.example/mcp', headers: { Authorization: '${TOKEN}' } },
        },
      }),
    )
    const { options } = parseCliArgs(['search', 'q', '--config', file])
    const { targets, broken } = await resolveSearchTargets(options, undefined, {})
    expect(targets.map((target) => target.id)).toEqual(['files'])
    expect(broken).toEqual([
      {
        id: 'secret',
        error: expect.objectContaining({
          message: expect.stringContaining('${TOKEN}, which is not set'),
        }),
      },
    ])
  })
})
