// What a host ships (esbuild, minified, gzip; React excluded, the way a host bundles it):
// the client alone, the picker, the composer — each with its dependencies. Each bundle may
// hold only the packages listed (so the persister, the worker helper or a JSON-schema
// validator never sneak in), within a gzip budget a little above today's size. The page's
// first script and what it loads later by `import()` (the search index and fuse.js, comlink)
// have a budget each.
// Figures and what is in them: bench/README.md ("What a host ships").
import { basename } from 'node:path'
import { gzipSync } from 'node:zlib'
import { build, type Metafile } from 'esbuild'
import { build as viteBuild } from 'vite'
import { describe, expect, it } from 'vitest'

const repoRoot = new URL('../../', import.meta.url).pathname

/** Packages every bundle below needs: the SDK (wire), zod (the SDK's schemas), the cache. */
const CLIENT_PACKAGES = [
  '@modelcontextprotocol/client',
  '@modelcontextprotocol/core',
  '@tanstack/query-core',
  'eventsource-parser',
  'pkce-challenge',
  'zod',
  'packages/client',
]

/** What the picker and the composer need besides the client (shared with the bridge budgets). */
const PICKER_PACKAGES = [
  '@tanstack/react-query',
  'fuse.js',
  'zustand',
  'use-sync-external-store',
  'packages/react',
  'packages/search',
  'comlink',
]
const COMPOSER_PACKAGES = [
  ...PICKER_PACKAGES,
  // The @ popup measures its two-line rows (the picker's rows have one height: its own window).
  '@tanstack/react-virtual',
  '@tanstack/virtual-core',
  '@floating-ui/core',
  '@floating-ui/dom',
  '@floating-ui/react',
  '@floating-ui/react-dom',
  '@floating-ui/utils',
  'tabbable',
]
/** A bridged page: the client without the SDK, zod, pkce or the SSE parser. */
const BRIDGE_PAGE_PACKAGES = ['@tanstack/query-core', 'packages/client']
const PAGE_PACKAGES = {
  picker: [...BRIDGE_PAGE_PACKAGES, ...PICKER_PACKAGES],
  composer: [...BRIDGE_PAGE_PACKAGES, ...COMPOSER_PACKAGES],
}

interface Budget {
  source: string
  /** Most KB gzip of the page's first script (the entry and its static imports). */
  gzipKb: number
  /** Most KB gzip of what it can load later by `import()` (the search index; comlink with a worker). */
  lazyKb: number
  packages: string[]
}

const BUDGETS: Record<string, Budget> = {
  'client alone': {
    source: `export { createResourceClient } from '@resource-kit/client'`,
    gzipKb: 120.5, // 119.9: + query-core's QueryObserver (a read a caller waits on is held while its observer leaves; React Query ships it anyway); 117.6: + request deadlines, reachability (probe, offline backoff), stream re-issue, list changes, the scheduler, OAuth re-discovery; RFC 6570 our own (-3.6 KB of two libraries)
    lazyKb: 0,
    packages: CLIENT_PACKAGES,
  },
  'client + picker': {
    source: `export { createResourceClient } from '@resource-kit/client'
      export { Picker, ResourceKitProvider } from '@resource-kit/react'`,
    gzipKb: 151, // 150.3: the picker's own row window instead of react-virtual (160.0 before); 159.9 + 20.2 on demand (after #34/#35/#36 merged: offline state, Alt+Enter mention, path elision, forwardRef parts, the source store; 158.5 + 18.4 before them) (the search index with fuse.js 16.4, comlink 2.0, loaded with the first list; 178.1 at once before): + request deadlines and reachability, list changes, + one watch per server and one change state per resource (LiveResources), row locations, sign-in row, the worker search (comlink), tree diffs, rows by index, the list order sorted in steps
    lazyKb: 21,
    packages: [
      ...CLIENT_PACKAGES,
      '@tanstack/react-query',
      'fuse.js',
      'zustand',
      'use-sync-external-store',
      'packages/react',
      'packages/search',
      // The picker's search index runs in a Web Worker when the host gives one (#13): the
      // main-thread side of that worker talks comlink.
      'comlink',
    ],
  },
  'client + composer': {
    source: `export { createResourceClient } from '@resource-kit/client'
      export { MentionComposer, ResourceKitProvider } from '@resource-kit/react'`,
    gzipKb: 163.5, // 162.7 + 20.2 on demand; 162.0 + 18.4 on demand before (181.8 at once before): + request deadlines and reachability, list changes, + one watch per server and one change state per resource (LiveResources), an Enter held for its hits and the keys after it, row locations, sign-in, five composer hooks, the worker search (comlink), background waits that let the user pause, the popup's row window (react-virtual, 10.5 KB; the picker has its own, fixed-height one)
    lazyKb: 21,
    packages: [
      ...CLIENT_PACKAGES,
      '@tanstack/react-query',
      '@floating-ui/core',
      '@floating-ui/dom',
      '@floating-ui/react',
      '@floating-ui/react-dom',
      '@floating-ui/utils',
      'tabbable',
      'fuse.js',
      'zustand',
      'use-sync-external-store',
      'packages/react',
      'packages/search',
      // The @ popup renders only the rows in view (#13), as the picker does.
      '@tanstack/react-virtual',
      '@tanstack/virtual-core',
      // The @ popup searches through the picker's source search: in a Web Worker when the
      // host gives one (#13), whose main-thread side talks comlink.
      'comlink',
    ],
  },
  // The page of a host whose MCP connections live in a backend (#31): no SDK, no zod, no
  // pkce, no eventsource-parser — the client's bridge entry, its cache and validators only.
  'connectBridge + picker': {
    source: `export { connectBridge, webSocketChannel } from '@resource-kit/client/bridge'
      export { Picker, ResourceKitProvider } from '@resource-kit/react'`,
    gzipKb: 54.5, // 53.9 + 20.2 on demand: the picker's own row window instead of react-virtual (63.6 before); 63.5 + 20.2 on demand; 62.1 + 18.4 on demand before (81.8 at once before; createResourceClient + picker: 158.5)
    lazyKb: 21,
    packages: PAGE_PACKAGES.picker,
  },
  'connectBridge + composer': {
    source: `export { connectBridge, webSocketChannel } from '@resource-kit/client/bridge'
      export { MentionComposer, ResourceKitProvider } from '@resource-kit/react'`,
    gzipKb: 67, // 66.2 + 20.2 on demand; 65.6 + 18.4 on demand before (85.3 at once before; createResourceClient + composer: 162.0)
    lazyKb: 21,
    packages: PAGE_PACKAGES.composer,
  },
  'persister (added to the client)': {
    source: `export { persistResourceCache } from '@resource-kit/client/persist'`,
    gzipKb: 3, // 2.4
    lazyKb: 0,
    packages: [
      '@tanstack/query-core',
      '@tanstack/query-persist-client-core',
      '@tanstack/query-async-storage-persister',
      'idb-keyval',
      'packages/client',
    ],
  },
}

/** The package (or workspace folder) an input file belongs to. */
function packageOf(file: string): string {
  const inModules = file.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)
  if (inModules) return inModules[1]!
  return file.split('/').slice(0, 2).join('/')
}

/** Outputs reached from `from` over import edges of `kind`. */
function reached(
  outputs: Metafile['outputs'],
  from: Iterable<string>,
  follows: (from: string, to: string, kind: string) => boolean,
): Set<string> {
  const seen = new Set<string>()
  const stack = [...from]
  while (stack.length > 0) {
    const file = stack.pop()!
    if (seen.has(file)) continue
    seen.add(file)
    for (const edge of outputs[file]!.imports) {
      if (!edge.external && follows(file, edge.path, edge.kind)) stack.push(edge.path)
    }
  }
  return seen
}

/**
 * The page's first script (the entry and every chunk it imports statically) and what its
 * code can `import()` later (the search index, comlink), measured apart: a chunk behind an
 * `import()` costs nothing until the page asks for it. esbuild also writes chunks for the
 * `import()`s of code it then dropped (the SDK's jose, reached through the client's main
 * entry): no surviving code names them, so they are neither.
 */
async function bundle(source: string) {
  const result = await build({
    stdin: { contents: source, resolveDir: repoRoot, loader: 'ts' },
    bundle: true,
    minify: true,
    format: 'esm',
    splitting: true,
    outdir: '/size-check',
    platform: 'browser',
    write: false,
    metafile: true,
    logLevel: 'silent',
    conditions: ['@resource-kit/source'],
    external: ['react', 'react-dom', 'react/*', 'react-dom/*'],
    loader: { '.css': 'empty' },
  })
  const code = new Map(result.outputFiles.map((file) => [basename(file.path), file.text]))
  const outputs = result.metafile.outputs
  const codeOf = (file: string) => code.get(basename(file))!
  const entry = Object.keys(outputs).find((file) => outputs[file]!.entryPoint)!
  const initial = reached(outputs, [entry], (_, __, kind) => kind === 'import-statement')
  const loadable = reached(
    outputs,
    initial,
    (from, to, kind) => kind === 'import-statement' || codeOf(from).includes(basename(to)),
  )
  const lazy = [...loadable].filter((file) => !initial.has(file))
  const gzipKb = (files: Iterable<string>) =>
    [...files].reduce((sum, file) => sum + gzipSync(codeOf(file)).length, 0) / 1024
  const packages = new Set(
    [...loadable].flatMap((file) =>
      Object.entries(outputs[file]!.inputs)
        .filter(([input, { bytesInOutput }]) => bytesInOutput > 0 && input !== '<stdin>')
        .map(([input]) => packageOf(input)),
    ),
  )
  return { gzipKb: gzipKb(initial), lazyKb: gzipKb(lazy), packages: [...packages].sort() }
}

/**
 * The page's first script as a Vite 8 app builds it (Vite's own production build: rolldown
 * and its minifier, about 2 KB gzip under esbuild's figure for the same page).
 */
async function bundleAsVite(source: string) {
  const entry = `${repoRoot}size-entry.ts`
  // `vite build` runs with NODE_ENV=production (JSX for production, dev-only code dropped);
  // under Vitest it is `test`.
  const nodeEnv = process.env.NODE_ENV
  process.env.NODE_ENV = 'production'
  const result = await viteBuild({
    configFile: false,
    logLevel: 'silent',
    root: repoRoot,
    mode: 'production',
    resolve: { conditions: ['@resource-kit/source', 'module', 'browser', 'production'] },
    plugins: [
      {
        name: 'size-entry',
        enforce: 'pre',
        resolveId: (id) => (id === entry ? id : null),
        load: (id) => (id === entry ? source : null),
      },
    ],
    build: {
      write: false,
      minify: true,
      modulePreload: false,
      reportCompressedSize: false,
      rollupOptions: {
        input: entry,
        external: [/^react($|\/)/, /^react-dom($|\/)/],
        preserveEntrySignatures: 'strict',
      },
    },
  }).finally(() => {
    process.env.NODE_ENV = nodeEnv
  })
  const outputs = (Array.isArray(result) ? result : [result]).flatMap((built) =>
    'output' in built ? built.output : [],
  )
  const chunks = new Map(outputs.flatMap((o) => (o.type === 'chunk' ? [[o.fileName, o]] : [])))
  const first = new Set<string>()
  const stack = [...chunks.values()].filter((chunk) => chunk.isEntry).map((c) => c.fileName)
  while (stack.length > 0) {
    const name = stack.pop()!
    if (first.has(name) || !chunks.has(name)) continue
    first.add(name)
    stack.push(...chunks.get(name)!.imports)
  }
  return [...first].reduce((sum, name) => sum + gzipSync(chunks.get(name)!.code).length, 0) / 1024
}

/** #31's target for a bridged page: at most 60 KB gzip before anything loads on demand. */
const VITE_BUDGETS: Record<string, { source: string; gzipKb: number }> = {
  'connectBridge + picker': {
    source: BUDGETS['connectBridge + picker']!.source,
    gzipKb: 52.5, // 52.0: the picker's own row window instead of react-virtual (61.1 before, over the 60 KB target since #34/#35/#36 merged; 59.8 before them; 77.8 before #31's cuts)
  },
  'connectBridge + composer': {
    source: BUDGETS['connectBridge + composer']!.source,
    gzipKb: 64.5, // 64.1: + the down-server mark of @ options and MentionText; 63.2 (81.3 before)
  },
}

describe('what a host ships', () => {
  for (const [name, budget] of Object.entries(BUDGETS)) {
    it(`${name}: only its packages, at most ${budget.gzipKb} KB gzip`, async () => {
      const shipped = await bundle(budget.source)
      const unexpected = shipped.packages.filter((pkg) => !budget.packages.includes(pkg))
      expect(unexpected, `${name} ships packages it should not`).toEqual([])
      const figures = `${name}: ${shipped.gzipKb.toFixed(1)} KB gzip first, ${shipped.lazyKb.toFixed(1)} KB on demand`
      console.info(figures)
      expect(shipped.gzipKb, figures).toBeLessThanOrEqual(budget.gzipKb)
      expect(shipped.lazyKb, figures).toBeLessThanOrEqual(budget.lazyKb)
    }, 60_000)
  }

  for (const [name, budget] of Object.entries(VITE_BUDGETS)) {
    it(`${name} in a Vite 8 app: at most ${budget.gzipKb} KB gzip first`, async () => {
      const gzipKb = await bundleAsVite(budget.source)
      const figures = `${name} (Vite 8 / rolldown): ${gzipKb.toFixed(1)} KB gzip first`
      console.info(figures)
      expect(gzipKb, figures).toBeLessThanOrEqual(budget.gzipKb)
    }, 60_000)
  }
})
