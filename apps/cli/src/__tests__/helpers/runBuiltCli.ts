// Runs the BUILT command (`dist/bin.js`) as a subprocess, the way a user or an agent
// runtime would, and collects its output and exit code.
import { execFileSync, spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { EVERYTHING_SERVER_SCRIPT, TS_NODE_ARGS } from '@resource-kit/test-utils'

export const repoRoot = fileURLToPath(new URL('../../../../../', import.meta.url))
export const cliBin = fileURLToPath(new URL('../../../dist/bin.js', import.meta.url))
const buildScript = fileURLToPath(new URL('../../../scripts/buildIfStale.mjs', import.meta.url))

/** Builds dist/bin.js if it is missing or stale; parallel test files wait on one lock. */
export function ensureBuiltCli(): void {
  execFileSync('flock', ['/tmp/rk-cli-build.lock', process.execPath, buildScript], {
    stdio: ['ignore', 'ignore', 'inherit'],
    timeout: 120_000,
  })
}

/** `node` with the flags that run this workspace's TypeScript sources. */
export const tsNode = [process.execPath, ...TS_NODE_ARGS]

/** The demo server over stdio, as the args after `--`. */
export function demoStdio(...extra: string[]): string[] {
  return [...tsNode, 'apps/demo-server/src/main.ts', '--stdio', '--count', '300', ...extra]
}

/** The published reference server over stdio. */
export const everythingStdio = [process.execPath, EVERYTHING_SERVER_SCRIPT, 'stdio']

export interface CliRun {
  code: number | null
  signal: NodeJS.Signals | null
  stdout: string
  stderr: string
  stdoutBytes: Buffer
}

export interface RunOptions {
  /** Written to stdin, which is then closed. */
  input?: string
  env?: Record<string, string>
  timeoutMs?: number
  /** Called with each stdout chunk (e.g. to send SIGINT once something arrived). */
  onStdout?: (text: string, child: ReturnType<typeof spawn>) => void
}

export function runCli(args: readonly string[], options: RunOptions = {}): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    // The test runner may force colours; a subprocess into a pipe must decide for itself.
    const { FORCE_COLOR: _force, NO_COLOR: _no, ...inherited } = process.env
    const child = spawn(process.execPath, [cliBin, ...args], {
      cwd: repoRoot,
      env: { ...inherited, ...options.env },
      stdio: ['pipe', 'pipe', 'pipe'],
    })
    const out: Buffer[] = []
    const err: Buffer[] = []
    let seen = ''
    child.stdout.on('data', (chunk: Buffer) => {
      out.push(chunk)
      seen += chunk.toString()
      options.onStdout?.(seen, child)
    })
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk))
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(
        new Error(
          `resource-kit ${args.join(' ')} did not finish in time\n${Buffer.concat(err).toString()}`,
        ),
      )
    }, options.timeoutMs ?? 60_000)
    child.on('error', reject)
    child.on('close', (code, signal) => {
      clearTimeout(timer)
      const stdoutBytes = Buffer.concat(out)
      resolve({
        code,
        signal,
        stdout: stdoutBytes.toString(),
        stderr: Buffer.concat(err).toString(),
        stdoutBytes,
      })
    })
    child.stdin.end(options.input ?? '')
  })
}
