// The built `resource-kit search` over several servers at once, from one config file: the
// demo server (2026-07-28) and the published 2025-era reference server
// (@modelcontextprotocol/server-everything), both over stdio.
import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { demoStdio, ensureBuiltCli, everythingStdio, runCli } from './helpers/runBuiltCli.ts'

let config: string

beforeAll(async () => {
  ensureBuiltCli()
  const dir = await mkdtemp(join(tmpdir(), 'rk-search-'))
  config = join(dir, 'mcp.json')
  const entry = ([command, ...args]: string[]) => ({ command, args })
  await writeFile(
    config,
    JSON.stringify({
      mcpServers: {
        demo: entry(demoStdio()),
        everything: entry(everythingStdio),
        broken: { command: join(dir, 'no-such-server') },
      },
    }),
  )
}, 120_000)

describe('resource-kit search', { timeout: 120_000 }, () => {
  it('searches every configured server, says why each hit matched, and reports the one that failed', async () => {
    const run = await runCli(['search', 'features', '--json', '-q', '--config', config])
    const document = JSON.parse(run.stdout)
    expect(document.query).toBe('features')
    expect(document.hits[0]).toMatchObject({
      server: 'everything',
      uri: 'demo://resource/static/document/features.md',
      name: 'features.md',
      matched: expect.arrayContaining([{ field: 'name', snippet: '«features».md' }]),
    })
    expect(document.servers).toEqual([
      { server: 'demo', resources: 300, templates: 3, pages: 3, complete: true },
      {
        server: 'everything',
        resources: expect.any(Number),
        templates: expect.any(Number),
        pages: 1,
        complete: true,
      },
      expect.objectContaining({ server: 'broken', complete: false, stoppedBy: 'error' }),
    ])
    // One server failed: what the others found is printed, and the exit code says it is partial.
    expect(run.code).toBe(6)
    expect(run.stderr).toMatch(
      /warning: not searched fully: cannot connect: .*"broken".*no-such-server/,
    )
  })

  it('prints server, URI, title and why it matched as text, at most --limit lines', async () => {
    const run = await runCli([
      'search',
      'button',
      'offline',
      '--limit',
      '3',
      '-q',
      '--config',
      config,
      '--server',
      'demo',
    ])
    expect(run.code).toBe(0)
    const lines = run.stdout.trimEnd().split('\n')
    expect(lines[0]).toMatch(
      /^demo\s+file:\/\/\/workspace\/docs\/button-offline\.md\s+Button offline\s+name: «button»-«offline»\.md; title: «Button» «offline»/,
    )
    expect(lines.length).toBeLessThanOrEqual(3)
  })

  it('finds typos and abbreviations, honours --limit, and takes a server by --', async () => {
    const typo = await runCli([
      'search',
      'featurs',
      '--json',
      '--limit',
      '1',
      '--',
      ...everythingStdio,
    ])
    expect(typo.code).toBe(0)
    const { hits } = JSON.parse(typo.stdout)
    expect(hits).toHaveLength(1)
    expect(hits[0]).toMatchObject({
      server: 'index.js',
      uri: 'demo://resource/static/document/features.md',
    })
    const none = await runCli(['search', 'zzzqqq', '-q', '--', ...demoStdio()])
    expect(none.code).toBe(0)
    expect(none.stdout).toBe('')
    expect(none.stderr).toContain('(no resources match "zzzqqq")')
  })

  it('finds the words in any order', async () => {
    const search = (...words: string[]) =>
      runCli(['search', ...words, '--json', '--limit', '3', '-q', '--', ...demoStdio()])
    const run = await search('offline', 'button')
    expect(run.code).toBe(0)
    expect(JSON.parse(run.stdout).hits[0]).toMatchObject({
      uri: 'file:///workspace/docs/button-offline.md',
      matched: expect.arrayContaining([{ field: 'title', snippet: '«Button» «offline»' }]),
    })
    const live = await search('@live', 'log')
    expect(JSON.parse(live.stdout).hits[0]).toMatchObject({ uri: 'log://app/tail' })
  })

  it('finds templates to fill beside the resources', async () => {
    const json = await runCli(['search', 'database', 'table', '--json', '-q', '--', ...demoStdio()])
    expect(json.code).toBe(0)
    expect(JSON.parse(json.stdout).hits[0]).toMatchObject({
      kind: 'template',
      uriTemplate: 'db://{schema}/{table}',
      title: 'Database table',
    })
    const text = await runCli(['search', 'table', 'database', '-q', '--', ...demoStdio()])
    expect(text.stdout.split('\n')[0]).toMatch(
      /^main\.ts\s+db:\/\/\{schema\}\/\{table\}\s+template: Database table/,
    )
  })

  it('stops each walk at --max-pages and says so', async () => {
    const run = await runCli([
      'search',
      'ticket',
      '--max-pages',
      '1',
      '--json',
      '-q',
      '--',
      ...demoStdio(),
    ])
    expect(run.code).toBe(0)
    expect(JSON.parse(run.stdout).servers).toEqual([
      {
        server: 'main.ts',
        resources: 100,
        templates: 3,
        pages: 1,
        complete: false,
        stoppedBy: 'maxPages',
      },
    ])
    expect(run.stderr).toContain('searched the first 100 resources (1 pages); raise --max-pages')
  })
})
