// What npm would publish for each package: the files a user and npm's page need (README,
// LICENSE, CHANGELOG), the built code with its source maps, and the metadata npm shows.
// `npm test` builds the packages before Vitest runs, so dist/ is there.
import { execFile } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'

const run = promisify(execFile)
const repoRoot = new URL('../../', import.meta.url).pathname

const PUBLISHED = [
  'packages/client',
  'packages/react',
  'packages/search',
  'packages/agent',
  'apps/cli',
]

interface PackedFile {
  path: string
}

async function packedFiles(directory: string): Promise<string[]> {
  const { stdout } = await run('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
    cwd: repoRoot + directory,
  })
  const [packed] = JSON.parse(stdout) as { files: PackedFile[] }[]
  return (packed?.files ?? []).map((file) => file.path)
}

async function onlyReExports(path: string): Promise<boolean> {
  const code = await readFile(path, 'utf8')
  return code
    .split(/;\s*\n|\n/)
    .every(
      (line) =>
        line.trim() === '' || /^(import|export) \{[^}]*\}( from "[^"]+")?;?$/.test(line.trim()),
    )
}

describe.each(PUBLISHED)('the %s tarball', (directory) => {
  it('holds a README, the LICENSE, a CHANGELOG and source maps beside the code', async () => {
    const files = await packedFiles(directory)
    expect(files).toEqual(
      expect.arrayContaining(['README.md', 'LICENSE', 'CHANGELOG.md', 'package.json']),
    )
    const code = files.filter((file) => /^dist\/.*\.(m?js)$/.test(file))
    expect(code.length).toBeGreaterThan(0)
    for (const file of code) {
      // An entry that only re-exports a shared chunk (e.g. react's `helpers.mjs`) has no
      // code of its own to map; every other file names its map.
      if (await onlyReExports(`${repoRoot}${directory}/${file}`)) continue
      expect(files).toContain(`${file}.map`)
    }
    expect(files.some((file) => file.includes('__tests__'))).toBe(false)
  }, 60_000)

  it('says where it comes from and what it needs', async () => {
    const manifest = JSON.parse(await readFile(`${repoRoot}${directory}/package.json`, 'utf8'))
    expect(manifest.private).toBeUndefined()
    expect(manifest.license).toBe('MIT')
    expect(manifest.description).toEqual(expect.any(String))
    expect(manifest.keywords).toContain('mcp')
    expect(manifest.repository).toMatchObject({ type: 'git', directory })
    expect(manifest.homepage).toMatch(/^https:\/\//)
    expect(manifest.engines?.node).toBe('>=20.19')
  })
})
