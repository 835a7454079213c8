// Every published entry as a host's runtime sees it: the built dist (the `import` condition,
// never the source one), imported in plain Node with no DOM globals, and the React package's
// files marked for React Server Components hosts (Next.js App Router): a file that runs
// React carries `"use client"`, the helpers entry carries none and reaches no React.
// `npm test` builds the packages before Vitest runs, so dist/ is there.
import { execFile } from 'node:child_process'
import { readdir, readFile } from 'node:fs/promises'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'

const run = promisify(execFile)
const repoRoot = new URL('../../', import.meta.url).pathname

const PACKAGES = ['packages/client', 'packages/react', 'packages/search', 'packages/agent']

/** Entries that are a program, not a library: importing them starts it. */
const PROGRAMS = new Set([
  // A Web Worker's main module: it listens on the worker's global scope when loaded.
  '@resource-kit/search/worker',
])

async function publishedEntries(): Promise<string[]> {
  const entries: string[] = []
  for (const directory of PACKAGES) {
    const manifest = JSON.parse(await readFile(`${repoRoot}${directory}/package.json`, 'utf8'))
    for (const subpath of Object.keys(manifest.exports)) {
      if (subpath.endsWith('.json') || subpath.endsWith('.css')) continue
      entries.push(subpath === '.' ? manifest.name : `${manifest.name}${subpath.slice(1)}`)
    }
  }
  return entries.filter((entry) => !PROGRAMS.has(entry))
}

/** Imports `entry` in a fresh Node (no source condition: the built files) and reports its export names. */
async function importInNode(entry: string, conditions: string[] = []): Promise<string[]> {
  const script = `
    for (const name of ['window', 'document', 'HTMLElement', 'localStorage']) {
      if (name in globalThis) throw new Error(name + ' exists in this Node')
    }
    const module = await import(${JSON.stringify(entry)})
    console.log(JSON.stringify(Object.keys(module)))
  `
  const { stdout } = await run(
    process.execPath,
    [...conditions.map((c) => `--conditions=${c}`), '--input-type=module', '-e', script],
    { cwd: repoRoot },
  )
  return JSON.parse(stdout) as string[]
}

describe('every published entry', () => {
  it('imports in plain Node with no window or document', async () => {
    const entries = await publishedEntries()
    expect(entries).toEqual(expect.arrayContaining(['@resource-kit/react/helpers']))
    for (const entry of entries) {
      const names = await importInNode(entry).catch((error: Error) => {
        throw new Error(`importing ${entry} in Node failed: ${error.message}`)
      })
      expect(names.length, entry).toBeGreaterThan(0)
    }
  }, 60_000)
})

describe('@resource-kit/react in a React Server Components host', () => {
  const dist = `${repoRoot}packages/react/dist/`

  it('marks every built file that imports React with "use client"', async () => {
    const files = (await readdir(dist)).filter((file) => file.endsWith('.mjs'))
    const withReact: string[] = []
    for (const file of files) {
      const code = await readFile(dist + file, 'utf8')
      if (!/from\s*"(react|react-dom|react\/[^"]+|@tanstack\/react-[^"]+)"/.test(code)) continue
      withReact.push(file)
      expect(code.startsWith('"use client";'), `${file} runs React without "use client"`).toBe(true)
    }
    expect(withReact).toContain('index.mjs')
  })

  it('serves the helpers to a server component: no "use client", no React reached', async () => {
    // Under the `react-server` condition `react` is React's server build, which has no
    // createContext: the main entry fails there (a server component may only reference it),
    // the helpers entry works.
    const names = await importInNode('@resource-kit/react/helpers', ['react-server'])
    expect(names).toEqual(
      expect.arrayContaining(['formatBytes', 'parseMentions', 'serializeMentions', 'mimeIcon']),
    )
    const visited = new Set<string>()
    const visit = async (file: string): Promise<void> => {
      if (visited.has(file)) return
      visited.add(file)
      const code = await readFile(dist + file, 'utf8')
      expect(code.startsWith('"use client"'), `${file} is marked "use client"`).toBe(false)
      expect(code, `${file} imports React`).not.toMatch(/from\s*"(react|react-dom)(\/[^"]*)?"/)
      for (const [, local] of code.matchAll(/from\s*"\.\/([^"]+)"/g)) await visit(local!)
    }
    await visit('helpers.mjs')
  })
})
