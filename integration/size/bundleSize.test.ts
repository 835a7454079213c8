// What a host ships (esbuild, minified, gzip; React excluded, the way a host bundles it):
// the client alone, the picker, the composer — each with its dependencies. Each bundle may
// hold only the packages listed (so the persister, the worker helper or a JSON-schema
// validator never sneak in), within a gzip budget a little above today's size.
// Figures and what is in them: bench/README.md ("What a host ships").
import { gzipSync } from 'node:zlib'
import { build } from 'esbuild'
import { describe, expect, it } from 'vitest'

const repoRoot = new URL('../../', import.meta.url).pathname

/** Packages every bundle below needs: the SDK (wire), zod (the SDK's schemas), the cache, the RFC 6570 libraries (template helpers). */
const CLIENT_PACKAGES = [
  '@hyperjump/uri-template',
  '@modelcontextprotocol/client',
  '@modelcontextprotocol/core',
  '@tanstack/query-core',
  'eventsource-parser',
  'pkce-challenge',
  'uri-templates',
  'zod',
  'packages/client',
]

/** What the picker and the composer need besides the client (shared with the bridge budgets). */
const PICKER_PACKAGES = [
  '@tanstack/react-query',
  '@tanstack/react-virtual',
  '@tanstack/virtual-core',
  'fuse.js',
  'zustand',
  'use-sync-external-store',
  'packages/react',
  'packages/search',
  'comlink',
]
const COMPOSER_PACKAGES = [
  ...PICKER_PACKAGES,
  '@floating-ui/core',
  '@floating-ui/dom',
  '@floating-ui/react',
  '@floating-ui/react-dom',
  '@floating-ui/utils',
  'tabbable',
]
/** A bridged page: the client without the SDK, zod, pkce or the SSE parser. */
const BRIDGE_PAGE_PACKAGES = [
  '@hyperjump/uri-template',
  '@tanstack/query-core',
  'uri-templates',
  'packages/client',
]
const PAGE_PACKAGES = {
  picker: [...BRIDGE_PAGE_PACKAGES, ...PICKER_PACKAGES],
  composer: [...BRIDGE_PAGE_PACKAGES, ...COMPOSER_PACKAGES],
}

interface Budget {
  source: string
  /** Most KB gzip. */
  gzipKb: number
  packages: string[]
}

const BUDGETS: Record<string, Budget> = {
  'client alone': {
    source: `export { createResourceClient } from '@resource-kit/client'`,
    gzipKb: 118, // 117.2: + request deadlines, reachability (probe, offline backoff), stream re-issue, list changes, the scheduler, OAuth re-discovery
    packages: CLIENT_PACKAGES,
  },
  'client + picker': {
    source: `export { createResourceClient } from '@resource-kit/client'
      export { Picker, ResourceKitProvider } from '@resource-kit/react'`,
    gzipKb: 179, // 178.1: + request deadlines and reachability, list changes, + one watch per server and one change state per resource (LiveResources), row locations, sign-in row, the worker search (comlink), tree diffs, rows by index, the list order sorted in steps
    packages: [
      ...CLIENT_PACKAGES,
      '@tanstack/react-query',
      '@tanstack/react-virtual',
      '@tanstack/virtual-core',
      'fuse.js',
      'zustand',
      'use-sync-external-store',
      'packages/react',
      'packages/search',
      // The picker's search index runs in a Web Worker when the host gives one (#13): the
      // main-thread side of that worker talks comlink.
      'comlink',
      // RFC 6570 templates (packages/client/src/uriTemplate.ts): parse, expand, match.
      '@hyperjump/uri-template',
      'uri-templates',
    ],
  },
  'client + composer': {
    source: `export { createResourceClient } from '@resource-kit/client'
      export { MentionComposer, ResourceKitProvider } from '@resource-kit/react'`,
    gzipKb: 183, // 182.1: + CORS named (corsProbe, CorsBlockedError); 181.8: + request deadlines and reachability, list changes, + one watch per server and one change state per resource (LiveResources), an Enter held for its hits and the keys after it, row locations, sign-in, five composer hooks, the worker search (comlink), background waits that let the user pause, the popup's row window (react-virtual, 10.5 KB; shared with the picker)
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
      // RFC 6570 templates (packages/client/src/uriTemplate.ts): parse, expand, match.
      '@hyperjump/uri-template',
      'uri-templates',
    ],
  },
  // The page of a host whose MCP connections live in a backend (#31): no SDK, no zod, no
  // pkce, no eventsource-parser — the client's bridge entry, its cache and validators only.
  'connectBridge + picker': {
    source: `export { connectBridge, webSocketChannel } from '@resource-kit/client/bridge'
      export { Picker, ResourceKitProvider } from '@resource-kit/react'`,
    gzipKb: 83, // 82.1: + CORS named in the status row; 81.8 (createResourceClient + picker: 178.1); the picker alone is 63.7
    packages: PAGE_PACKAGES.picker,
  },
  'connectBridge + composer': {
    source: `export { connectBridge, webSocketChannel } from '@resource-kit/client/bridge'
      export { MentionComposer, ResourceKitProvider } from '@resource-kit/react'`,
    gzipKb: 86, // 85.3 (createResourceClient + composer: 181.8)
    packages: PAGE_PACKAGES.composer,
  },
  'persister (added to the client)': {
    source: `export { persistResourceCache } from '@resource-kit/client/persist'`,
    gzipKb: 8,
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

async function bundle(source: string) {
  const result = await build({
    stdin: { contents: source, resolveDir: repoRoot, loader: 'ts' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    metafile: true,
    logLevel: 'silent',
    conditions: ['@resource-kit/source'],
    external: ['react', 'react-dom', 'react/*', 'react-dom/*'],
    loader: { '.css': 'empty' },
  })
  const code = result.outputFiles[0]!.contents
  const inputs = Object.values(result.metafile.outputs)[0]!.inputs
  const packages = new Set(
    Object.entries(inputs)
      .filter(([file, input]) => input.bytesInOutput > 0 && file !== '<stdin>')
      .map(([file]) => packageOf(file)),
  )
  return { gzipKb: gzipSync(code).length / 1024, packages: [...packages].sort() }
}

describe('what a host ships', () => {
  for (const [name, budget] of Object.entries(BUDGETS)) {
    it(`${name}: only its packages, at most ${budget.gzipKb} KB gzip`, async () => {
      const shipped = await bundle(budget.source)
      const unexpected = shipped.packages.filter((pkg) => !budget.packages.includes(pkg))
      expect(unexpected, `${name} ships packages it should not`).toEqual([])
      expect(shipped.gzipKb, `${name}: ${shipped.gzipKb.toFixed(1)} KB gzip`).toBeLessThanOrEqual(
        budget.gzipKb,
      )
    }, 60_000)
  }
})
