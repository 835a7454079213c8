// The built `resource-kit` against the demo server over Streamable HTTP. The demo's
// content is generated, so sample URIs are looked up from its listing, not hard-coded.
import { mkdtemp, readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DemoHttp, startDemoHttp } from './helpers/demoHttp.ts'
import { ensureBuiltCli, runCli } from './helpers/runBuiltCli.ts'
import { runInPty, withoutCsi } from './helpers/runInPty.ts'

interface Item {
  uri: string
  mimeType?: string
}

let demo: DemoHttp
let listing: { kind: string; complete: boolean; pages: number; items: Item[] }
const at = () => ['--url', demo.url]
/** A file of the generated workspace with this MIME type. */
const pick = (mimeType: string) => {
  const found = listing.items.find(
    (item) => item.mimeType === mimeType && item.uri.startsWith('file:'),
  )
  if (!found) throw new Error(`the demo lists no ${mimeType} file`)
  return found.uri
}

beforeAll(async () => {
  ensureBuiltCli()
  demo = await startDemoHttp(['--log-interval', '150', '--file-interval', '300'])
  listing = JSON.parse((await runCli(['ls', '--all', '--json', ...at()])).stdout)
}, 60_000)
afterAll(() => demo?.close())

// Generous per-test time: each test starts several processes, and CI machines are shared.
describe('resource-kit over HTTP (demo server)', { timeout: 90_000 }, () => {
  it('info shows the modern era, negotiated version and capabilities', async () => {
    const run = await runCli(['info', '--json', ...at()])
    expect(run.code).toBe(0)
    expect(JSON.parse(run.stdout)).toMatchObject({
      era: 'modern',
      protocolVersion: '2026-07-28',
      capabilities: { resources: { subscribe: true, listChanged: true }, completions: {} },
      serverInfo: { name: 'resource-kit-demo' },
    })
  })

  it('ls prints one page and the cursor that continues it', async () => {
    const run = await runCli(['ls', ...at()])
    expect(run.code).toBe(0)
    const lines = run.stdout.trim().split('\n')
    expect(lines).toHaveLength(100)
    expect(lines[0]?.split(/\s+/)[0]).toBe(listing.items[0]?.uri)
    const cursor = /more resources: next page with --cursor (\S+), or every page with --all/.exec(
      run.stderr,
    )?.[1]
    const next = JSON.parse(
      (await runCli(['ls', '--json', '--cursor', cursor as string, ...at()])).stdout,
    )
    // The live file comes and goes, so pages are compared by position in the full listing.
    const firstPage = lines.map((line) => line.split(/\s+/)[0])
    const second: string[] = next.items.map((item: Item) => item.uri)
    expect(second).toHaveLength(100)
    expect(second.filter((uri) => firstPage.includes(uri))).toEqual([])
    const position = (uri: string | undefined) =>
      listing.items.findIndex((item) => item.uri === uri)
    const stable = (uris: string[]) => uris.filter((uri) => !uri.includes('/live/'))
    expect(position(stable(second)[0])).toBeGreaterThan(
      position(stable(firstPage as string[]).at(-1)),
    )
  })

  it('ls --all walks every page; --max-pages stops there and says so', async () => {
    expect(listing).toMatchObject({ kind: 'resources', complete: true })
    expect(listing.pages).toBeGreaterThanOrEqual(3)
    expect(listing.items.length).toBeGreaterThanOrEqual(300)
    expect(new Set(listing.items.map((item) => item.uri)).size).toBe(listing.items.length)
    const cut = await runCli(['ls', '--max-pages', '2', ...at()])
    expect(cut.code).toBe(0)
    expect(cut.stdout.trim().split('\n')).toHaveLength(200)
    expect(cut.stderr).toMatch(
      /incomplete: stopped at the page limit \(--max-pages\) after 200 resources from 2 pages; continue with --cursor \S+/,
    )
  })

  it('ls --templates lists the templates', async () => {
    const run = await runCli(['ls', '--templates', ...at()])
    expect(run.code).toBe(0)
    expect(run.stdout).toMatch(
      /^db:\/\/\{schema\}\/\{table\}\s+Database table\s+application\/json$/m,
    )
    expect(run.stdout).toMatch(/^ticket:\/\/\{project\}\/\{id\}/m)
  })

  it('tree arranges resources by URI path', async () => {
    const run = await runCli(['tree', ...at()])
    expect(run.code).toBe(0)
    expect(run.stdout).toMatch(/^db:\/\/prod\n├── orders .*\n├── payments .*\n└── users /m)
    expect(run.stdout).toMatch(/^file:\/\/\/workspace/m)
  })

  it('read prints text and summarizes a blob', async () => {
    const text = await runCli(['read', pick('application/json'), ...at()])
    expect(text.code).toBe(0)
    expect(JSON.parse(text.stdout)).toBeTypeOf('object')
    const png = pick('image/png')
    const summary = await runCli(['read', png, ...at()])
    expect(summary.stdout).toMatch(
      new RegExp(`^\\[binary\\] ${png} image/png, [\\d.]+ k?B — save it with -o FILE`),
    )
  })

  it('read saves a blob with -o FILE, and streams its bytes with -o -', async () => {
    const png = pick('image/png')
    const dir = await mkdtemp(join(tmpdir(), 'rk-cli-read-'))
    await runCli(['read', png, '-o', join(dir, 'x.png'), ...at()])
    const bytes = await readFile(join(dir, 'x.png'))
    expect(bytes.subarray(1, 4).toString()).toBe('PNG')
    const raw = await runCli(['read', png, '-o', '-', ...at()])
    expect(raw.stdoutBytes.equals(bytes)).toBe(true)
  })

  it('read of a folder shows several contents in turn, and -o DIR/ saves each', async () => {
    const folder = pick('inode/directory')
    const run = await runCli(['read', folder, ...at()])
    expect(run.code).toBe(0)
    const headings = run.stdout.match(/^── \S+.*──$/gm) ?? []
    expect(headings.length).toBeGreaterThan(1)
    const dir = await mkdtemp(join(tmpdir(), 'rk-cli-dir-'))
    const saved = JSON.parse(
      (await runCli(['read', folder, '-o', `${dir}/`, '--json', ...at()])).stdout,
    )
    expect(saved.contents).toHaveLength(headings.length)
    for (const content of saved.contents) expect(content.savedTo.startsWith(dir)).toBe(true)
  })

  it('read of a missing resource exits 3 with a clear message', async () => {
    const run = await runCli(['read', 'file:///workspace/nope.txt', '--json', ...at()])
    expect(run.code).toBe(3)
    expect(JSON.parse(run.stdout).error).toMatchObject({
      kind: 'not_found',
      exitCode: 3,
      uri: 'file:///workspace/nope.txt',
    })
    expect(run.stderr).toContain(
      `error: server "127.0.0.1:${demo.port}": resource not found: file:///workspace/nope.txt`,
    )
  })

  it('a read that needs input exits 4 listing the fields, and succeeds with --input', async () => {
    const none = await runCli(['read', 'db://prod/orders', '--json', ...at()])
    expect(none.code).toBe(4)
    const error = JSON.parse(none.stdout).error
    expect(error).toMatchObject({
      kind: 'input_required',
      exitCode: 4,
      uri: 'db://prod/orders',
      missing: ['confirm'],
    })
    expect(error.fields).toEqual([
      expect.objectContaining({ name: 'confirm', type: 'boolean', required: true }),
    ])
    expect(none.stderr).toContain('--input name=value')
    const given = await runCli(['read', 'db://prod/orders', '--input', 'confirm=yes', ...at()])
    expect(given.code).toBe(0)
    expect(JSON.parse(given.stdout)).toMatchObject({ schema: 'prod', table: 'orders' })
  })

  it('a two-round read takes every answer from --input', async () => {
    const run = await runCli([
      'read',
      'db://prod/payments',
      '-i',
      'confirm=y',
      '-i',
      'reason=quarterly audit',
      ...at(),
    ])
    expect(run.code).toBe(0)
    expect(JSON.parse(run.stdout)).toMatchObject({ table: 'payments' })
  })

  it('complete suggests values, narrowed by --arg, for a template given by name', async () => {
    const tables = JSON.parse(
      (
        await runCli([
          'complete',
          'Database table',
          'table',
          '',
          '--arg',
          'schema=prod',
          '--json',
          ...at(),
        ])
      ).stdout,
    )
    expect(tables).toMatchObject({
      template: 'db://{schema}/{table}',
      values: ['orders', 'payments', 'users'],
    })
    const schemas = await runCli(['complete', 'db://{schema}/{table}', 'schema', 'pr', ...at()])
    expect(schemas.stdout.split('\n')).toContain('prod')
  })

  it('watch prints updates as NDJSON until --count', async () => {
    const run = await runCli(['watch', 'log://app/tail', '--count', '2', '--json', ...at()])
    expect(run.code).toBe(0)
    const lines = run.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line))
    expect(lines.filter((line) => line.type === 'updated')).toEqual([
      expect.objectContaining({ uri: 'log://app/tail' }),
      expect.objectContaining({ uri: 'log://app/tail' }),
    ])
    expect(lines).toContainEqual(expect.objectContaining({ type: 'status', status: 'live' }))
  })

  it('watch --list prints list changes and exits 0 on Ctrl-C', async () => {
    const run = await runCli(['watch', '--list', ...at()], {
      onStdout: (text, child) => {
        if (text.includes('list changed')) child.kill('SIGINT')
      },
    })
    expect(run.stdout).toMatch(/^\S+Z {2}list changed$/m)
    expect(run.code).toBe(0)
  })

  it('on a terminal, prompts for each round of a read that needs input, re-asking a bad answer', async () => {
    const run = await runInPty(['read', 'db://prod/payments', ...at()], {
      answers: [
        { when: /Answer\? \[Y\/n\]/, type: '\r' },
        { when: /Read production data \(yes\/no\): /, type: 'y\r' },
        { when: /Answer\? \[Y\/n\]/, type: '\r' },
        { when: /Reason \(string\): /, type: 'ab\r' },
        { when: /reason: Enter at least 3 characters\./, type: 'audit\r' },
      ],
    })
    const screen = withoutCsi(run.screen)
    expect(screen).toContain(
      `server "127.0.0.1:${demo.port}" needs input to read db://prod/payments`,
    )
    expect(screen).toContain('"table": "payments"')
    expect(run.code).toBe(0)
  })

  it('on a terminal, declining exits 4', async () => {
    const run = await runInPty(['read', 'db://prod/orders', ...at()], {
      answers: [{ when: /Answer\? \[Y\/n\]/, type: 'n\r' }],
    })
    expect(withoutCsi(run.screen)).toMatch(
      /needs input to read db:\/\/prod\/orders: you chose not to share it/,
    )
    expect(run.code).toBe(4)
  })
})
