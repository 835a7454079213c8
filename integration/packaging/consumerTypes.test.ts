// The published types as a consumer's compiler sees them: the packed tarballs installed in a
// fresh project beside the peers the ranges claim, checked with `strict`,
// `exactOptionalPropertyTypes` and `skipLibCheck: false` — once as a browser app (no Node
// types: `types: []`, lib DOM) and once with Node's types, on the lowest version of each peer
// and on the newest the repo runs. `npm test` builds dist/ before Vitest runs; the installs
// live in node_modules/.cache, so a second run reuses npm's cache and the peers installed.
import { execFile } from 'node:child_process'
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { beforeAll, describe, expect, it } from 'vitest'

const run = promisify(execFile)
const repoRoot = new URL('../../', import.meta.url).pathname
const cacheRoot = join(repoRoot, 'node_modules/.cache/consumer-types')
const tsc = join(repoRoot, 'node_modules/typescript/bin/tsc')

/** The libraries a host installs (the CLI is a program, not types). */
const LIBRARIES = ['packages/client', 'packages/search', 'packages/react', 'packages/agent']

interface Manifest {
  name: string
  version: string
  peerDependencies?: Record<string, string>
}

async function manifest(directory: string): Promise<Manifest> {
  return JSON.parse(await readFile(join(repoRoot, directory, 'package.json'), 'utf8'))
}

/** `^5.59.0 || ^6` → the lowest version the range names (these ranges are all lower-bounded). */
function lowestOf(range: string): string {
  const versions = range.split('||').map((part) => {
    const found = /(\d+)(?:\.(\d+))?(?:\.(\d+))?/.exec(part)
    if (!found) throw new Error(`No lower bound in the peer range "${range}"`)
    return [Number(found[1]), Number(found[2] ?? 0), Number(found[3] ?? 0)] as const
  })
  versions.sort((a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2])
  return (versions[0] as readonly number[]).join('.')
}

/** The version the repo itself runs (its root devDependencies pin one of each peer). */
async function repoVersionOf(name: string): Promise<string> {
  const root = JSON.parse(await readFile(join(repoRoot, 'package.json'), 'utf8'))
  const version = root.devDependencies?.[name]
  if (!version) throw new Error(`The repo pins no version of the peer ${name}`)
  return version
}

// What a host writes: every entry imported, the provider inside its own React Query, a
// picker composed from parts with refs, the composer's handle, the agent's tools.
const BROWSER_APP = `
import * as bridge from '@resource-kit/client/bridge'
import * as persist from '@resource-kit/client/persist'
import { createResourceClient, type ResourceClient } from '@resource-kit/client'
import * as agent from '@resource-kit/agent'
import {
  MentionComposer,
  type MentionComposerHandle,
  Picker,
  type PickerSource,
  ResourceKitProvider,
  ResourcePicker,
  useResourceSources,
} from '@resource-kit/react'
import * as search from '@resource-kit/search'
import * as searchWorker from '@resource-kit/search/worker'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { useRef } from 'react'

export const entries = [bridge, persist, agent, search, searchWorker]
const queryClient = new QueryClient()
export const client: ResourceClient = createResourceClient({ queryClient })

function Parts({ sources }: { sources: readonly PickerSource[] }) {
  const input = useRef<HTMLInputElement>(null)
  const list = useRef<HTMLDivElement>(null)
  return (
    <Picker.Root sources={sources} id="picker" onSelect={(picked) => picked.length}>
      <Picker.Toolbar>
        <Picker.Input ref={input} />
        <Picker.ViewToggle />
      </Picker.Toolbar>
      <Picker.List ref={list} />
      <Picker.LiveRegion />
    </Picker.Root>
  )
}

function Chat() {
  const composer = useRef<MentionComposerHandle>(null)
  const sources = useResourceSources()
  return (
    <>
      <ResourcePicker
        onSelect={(picked) => {
          const first = picked[0]
          if (first) composer.current?.insertMention({ ...first, label: first.name })
        }}
      />
      <Parts sources={sources} />
      <MentionComposer ref={composer} sources={sources} onSubmit={(_, text) => text} />
    </>
  )
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <ResourceKitProvider client={client}>
        <Chat />
      </ResourceKitProvider>
    </QueryClientProvider>
  )
}
`

// A Node host (a backend serving the bridge, an agent) also imports the Node entry and the
// AI SDK tools (the \`ai\` package's own types need Node's).
const NODE_APP = `
export * from './app.tsx'
import * as agentAi from '@resource-kit/agent/ai'
import * as node from '@resource-kit/client/node'
export const serverEntries = [node, agentAi]
`

const STRICT = {
  target: 'ES2022',
  module: 'ESNext',
  moduleResolution: 'Bundler',
  jsx: 'react-jsx',
  strict: true,
  exactOptionalPropertyTypes: true,
  noUncheckedIndexedAccess: true,
  skipLibCheck: false,
  allowImportingTsExtensions: true,
  noEmit: true,
}

interface Variant {
  name: string
  peers: Record<string, string>
}

async function variants(): Promise<Variant[]> {
  const peers = new Map<string, string>()
  for (const directory of LIBRARIES) {
    for (const [name, range] of Object.entries((await manifest(directory)).peerDependencies ?? {}))
      peers.set(name, range)
  }
  const lowest: Record<string, string> = {}
  const newest: Record<string, string> = {}
  for (const [name, range] of peers) {
    lowest[name] = lowestOf(range)
    newest[name] = await repoVersionOf(name)
  }
  // The types a host on each React gets; @types/node for the Node check.
  return [
    {
      name: 'lowest',
      peers: {
        ...lowest,
        '@types/react': '18.3.28',
        '@types/react-dom': '18.3.7',
        '@types/node': '20.19.43',
      },
    },
    {
      name: 'newest',
      peers: {
        ...newest,
        '@types/react': await repoVersionOf('@types/react'),
        '@types/react-dom': await repoVersionOf('@types/react-dom'),
        '@types/node': await repoVersionOf('@types/node'),
      },
    },
  ]
}

async function pack(destination: string): Promise<Record<string, string>> {
  await rm(destination, { recursive: true, force: true })
  await mkdir(destination, { recursive: true })
  const tarballs: Record<string, string> = {}
  for (const directory of LIBRARIES) {
    const { stdout } = await run(
      'npm',
      ['pack', '--json', '--ignore-scripts', '--pack-destination', destination],
      { cwd: join(repoRoot, directory) },
    )
    const [packed] = JSON.parse(stdout) as { name: string; filename: string }[]
    if (!packed) throw new Error(`npm pack gave nothing for ${directory}`)
    tarballs[packed.name] = `file:${join(destination, packed.filename)}`
  }
  return tarballs
}

async function install(variant: Variant, tarballs: Record<string, string>): Promise<string> {
  const directory = join(cacheRoot, variant.name)
  await mkdir(directory, { recursive: true })
  // npm keeps an installed file: tarball of the same version: take this build's instead.
  await rm(join(directory, 'node_modules/@resource-kit'), { recursive: true, force: true })
  await rm(join(directory, 'package-lock.json'), { force: true })
  const dependencies = { ...variant.peers, ...tarballs }
  await writeFile(
    join(directory, 'package.json'),
    JSON.stringify({
      name: `consumer-${variant.name}`,
      private: true,
      type: 'module',
      dependencies,
    }),
  )
  await run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts'], {
    cwd: directory,
    maxBuffer: 16 * 1024 * 1024,
  })
  await writeFile(join(directory, 'app.tsx'), BROWSER_APP)
  await writeFile(join(directory, 'node-app.ts'), NODE_APP)
  return directory
}

/**
 * The errors in the consumer's code or in our packages' types. A peer's own declarations
 * are its authors' (with \`skipLibCheck: false\` the \`ai\` package fails
 * \`exactOptionalPropertyTypes\`, \`@modelcontextprotocol/client\` names \`Buffer\`): they are
 * left out here, and out of every host that keeps \`skipLibCheck\` on.
 */
function ours(output: string): string[] {
  const errors: string[][] = []
  let current: string[] | undefined
  for (const line of output.split('\n')) {
    if (line.trim() === '') continue
    if (/^\s/.test(line)) {
      current?.push(line)
      continue
    }
    const theirs =
      line.startsWith('node_modules/') && !line.startsWith('node_modules/@resource-kit/')
    current = theirs ? undefined : [line]
    if (current) errors.push(current)
  }
  return errors.map((lines) => lines.join('\n'))
}

async function typecheck(directory: string, name: string, options: object, files: string[]) {
  const config = join(directory, `tsconfig.${name}.json`)
  await writeFile(config, JSON.stringify({ compilerOptions: { ...STRICT, ...options }, files }))
  try {
    await run(process.execPath, [tsc, '-p', config, '--pretty', 'false'], {
      cwd: directory,
      maxBuffer: 16 * 1024 * 1024,
    })
    return []
  } catch (error) {
    const { stdout, message } = error as { stdout?: string; message: string }
    return ours(stdout || message)
  }
}

const installed = new Map<string, string>()
let allVariants: Variant[] = []

beforeAll(async () => {
  allVariants = await variants()
  const tarballs = await pack(join(cacheRoot, 'tarballs'))
  for (const variant of allVariants) installed.set(variant.name, await install(variant, tarballs))
}, 300_000)

describe.each(['lowest', 'newest'])('a consumer on the %s peers', (name) => {
  it('compiles as a browser app: strict, exactOptionalPropertyTypes, no Node types', async () => {
    const directory = installed.get(name) as string
    const errors = await typecheck(
      directory,
      'browser',
      { lib: ['ES2022', 'DOM', 'DOM.Iterable'], types: [] },
      ['app.tsx'],
    )
    expect(errors).toEqual([])
  }, 300_000)

  it('compiles with Node types, the Node entry included', async () => {
    const directory = installed.get(name) as string
    const errors = await typecheck(
      directory,
      'node',
      { lib: ['ES2022', 'DOM', 'DOM.Iterable'], types: ['node'] },
      ['node-app.ts'],
    )
    expect(errors).toEqual([])
  }, 300_000)
})
