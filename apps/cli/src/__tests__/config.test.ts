// biome-ignore-all lint/suspicious/noTemplateCurlyInString: ${VAR} references are what the config expands
import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { UsageError } from '../cliError.ts'
import { loadConfig, parseConfig } from '../config.ts'

const env = { HOME: '/home/me', TOKEN: 'secret' }

describe('parseConfig', () => {
  it('reads stdio and HTTP servers in the mcpServers shape', () => {
    const servers = parseConfig(
      {
        mcpServers: {
          files: {
            command: 'node',
            args: ['server.js', '--root', '${HOME}/work'],
            env: { KEY: '${TOKEN}' },
          },
          remote: {
            url: 'https://example.com/mcp',
            headers: { Authorization: 'Bearer ${env:TOKEN}' },
          },
        },
      },
      '/cfg/mcp.json',
      env,
    )
    expect(servers.get('files')).toEqual({
      kind: 'stdio',
      command: 'node',
      args: ['server.js', '--root', '/home/me/work'],
      env: { KEY: 'secret' },
    })
    expect(servers.get('remote')).toEqual({
      kind: 'http',
      url: 'https://example.com/mcp',
      headers: { Authorization: 'Bearer secret' },
    })
  })

  it('accepts the VS Code "servers" key and "type"', () => {
    const servers = parseConfig(
      { servers: { a: { type: 'http', url: 'http://x/mcp' }, b: { type: 'stdio', command: 'x' } } },
      'f',
      env,
    )
    expect(servers.get('a')?.kind).toBe('http')
    expect(servers.get('b')).toEqual({ kind: 'stdio', command: 'x', args: [] })
  })

  it('uses ${VAR:-default} and fails, naming the field, when a variable is missing', () => {
    const ok = parseConfig({ mcpServers: { a: { command: '${NOPE:-fallback}' } } }, 'f', env)
    expect(ok.get('a')).toMatchObject({ command: 'fallback' })
    const missing = parseConfig(
      { mcpServers: { a: { command: 'x', args: ['${NOPE}'] } } },
      'f',
      env,
    ).get('a')
    expect(missing).toMatchObject({
      kind: 'broken',
      error: {
        message: 'config f: mcpServers.a.args[0] uses ${NOPE}, which is not set in the environment',
      },
    })
  })

  it('keeps a broken entry to that server: the others are read as usual', () => {
    const servers = parseConfig(
      {
        mcpServers: {
          other: { url: 'https://x.example/mcp', headers: { Authorization: '${UNSET_TOKEN}' } },
          mine: { command: 'x' },
          odd: 42,
        },
      },
      'f',
      env,
    )
    expect(servers.get('mine')).toEqual({ kind: 'stdio', command: 'x', args: [] })
    expect(servers.get('other')).toMatchObject({ kind: 'broken' })
    expect(servers.get('odd')).toMatchObject({
      kind: 'broken',
      error: { message: 'config f: mcpServers.odd must be an object' },
    })
  })

  it('does not expand a value twice or run anything', () => {
    const servers = parseConfig({ mcpServers: { a: { command: '${A}' } } }, 'f', {
      A: '${TOKEN} $(rm -rf /)',
    })
    expect(servers.get('a')).toMatchObject({ command: '${TOKEN} $(rm -rf /)' })
  })

  it('resolves a relative cwd against the config file', () => {
    const servers = parseConfig(
      { mcpServers: { a: { command: 'x', cwd: 'sub' } } },
      '/etc/cfg/mcp.json',
      env,
    )
    expect(servers.get('a')).toMatchObject({ cwd: '/etc/cfg/sub' })
  })

  it('reads an HTTP entry’s oauth: a pre-registered client and a metadata document URL', () => {
    const servers = parseConfig(
      {
        mcpServers: {
          work: {
            url: 'https://example.com/mcp',
            oauth: {
              clientId: 'my-app',
              clientSecret: '${TOKEN}',
              clientMetadataUrl: 'https://app.example/client.json',
            },
          },
        },
      },
      '/cfg/mcp.json',
      env,
    )
    expect(servers.get('work')).toEqual({
      kind: 'http',
      url: 'https://example.com/mcp',
      oauth: {
        clientId: 'my-app',
        clientSecret: 'secret',
        clientMetadataUrl: 'https://app.example/client.json',
      },
    })
    // A bad oauth breaks only its own entry (the other servers of the file stay usable).
    const bad = (oauth: unknown) => () => {
      const json = { mcpServers: { x: { url: 'https://a.example/mcp', oauth } } }
      for (const entry of parseConfig(json, 'f.json', env).values())
        if (entry.kind === 'broken') throw entry.error
    }
    expect(bad('id')).toThrow(/mcpServers\.x\.oauth must be an object of strings/)
    expect(bad({ clientSecret: 's' })).toThrow(/clientSecret needs clientId/)
    expect(bad({ clientId: 'a', scope: 'x' })).toThrow(/oauth\.scope is not one of/)
    expect(bad({ clientMetadataUrl: 'http://a.example/c.json' })).toThrow(/https:\/\/ URL/)
    expect(bad({ clientId: '${MISSING}' })).toThrow(/MISSING/)
  })

  it('explains each malformed entry', () => {
    // An entry's problem is kept as that entry; the file's own problems throw.
    const bad = (json: unknown) => () => {
      for (const entry of parseConfig(json, 'f', env).values())
        if (entry.kind === 'broken') throw entry.error
    }
    expect(bad([])).toThrow(/expected a JSON object with "mcpServers"/)
    expect(bad({ mcpServers: [] })).toThrow(/must be an object of named servers/)
    expect(bad({ mcpServers: { a: { args: [] } } })).toThrow(/mcpServers.a needs "command"/)
    expect(bad({ mcpServers: { a: { command: 'x', args: 'y' } } })).toThrow(
      /args must be an array of strings/,
    )
    expect(bad({ mcpServers: { a: { command: 'x', env: { K: 1 } } } })).toThrow(
      /env must be an object of strings/,
    )
    expect(bad({ mcpServers: { a: { url: 'ftp://x' } } })).toThrow(/http:\/\/ or https:\/\//)
    expect(bad({ mcpServers: { a: { type: 'sse', url: 'http://x' } } })).toThrow(
      /SSE transport is not supported/,
    )
    expect(bad({ mcpServers: { a: { command: 'x' } } })).not.toThrow()
  })
})

describe('loadConfig', () => {
  it('reads a file and reports unreadable or invalid JSON as usage errors', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'rk-cli-config-'))
    const good = join(dir, 'good.json')
    await writeFile(good, JSON.stringify({ mcpServers: { a: { url: 'http://127.0.0.1/mcp' } } }))
    expect((await loadConfig(good, {})).get('a')).toMatchObject({ kind: 'http' })
    const broken = join(dir, 'broken.json')
    await writeFile(broken, '{ nope')
    await expect(loadConfig(broken, {})).rejects.toThrow(/not valid JSON/)
    await expect(loadConfig(join(dir, 'missing.json'), {})).rejects.toBeInstanceOf(UsageError)
    await expect(loadConfig(join(dir, 'missing.json'), {})).rejects.toThrow(/no such file/)
  })
})
