// Starts an HTTP fixture as a real process (compiled, on plain node) and waits until it
// accepts connections, so a test can stop it (SIGTERM), kill it (SIGKILL) and start it
// again on the same port, as a server restarts or is redeployed.
import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import { compiledScript } from './compiledScripts.ts'
import type { FixtureOptions } from './fixtureWorld.ts'

export interface HttpFixtureProcess {
  /** e.g. `http://127.0.0.1:41234/mcp` */
  readonly url: string
  readonly port: number
  readonly pid: number
  signal(name: NodeJS.Signals): void
  /** SIGTERM (a graceful shutdown), resolved when the process has exited. */
  stop(): Promise<void>
  /** SIGKILL, resolved when the process has exited. */
  kill(): Promise<void>
}

export interface HttpFixtureProcessOptions {
  /** `modern`: the v2 fixture (fixtureHttp.ts); `legacy`: sdk 1.x with sessions (legacyHttpMain.ts). */
  kind: 'modern' | 'legacy'
  /** 0 (or absent): any free port; reuse `port` of an earlier process to restart it in place. */
  port?: number
  fixture?: FixtureOptions
  /** Longest wait for the process to listen. @default 30_000 */
  timeoutMs?: number
}

export async function startHttpFixtureProcess(
  options: HttpFixtureProcessOptions,
): Promise<HttpFixtureProcess> {
  const script = compiledScript(options.kind === 'modern' ? 'fixtureHttp' : 'legacyHttpMain')
  const child = spawn(process.execPath, [script], {
    env: {
      ...process.env,
      RK_FIXTURE: JSON.stringify(options.fixture ?? {}),
      RK_PORT: String(options.port ?? 0),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const url = await listeningUrl(child, options.timeoutMs ?? 30_000)
  const exited = once(child, 'exit').then(() => {})
  const end = async (name: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(name)
    await exited
  }
  return {
    url,
    port: Number(new URL(url).port),
    pid: child.pid as number,
    signal: (name) => child.kill(name),
    stop: () => end('SIGTERM'),
    kill: () => end('SIGKILL'),
  }
}

function listeningUrl(child: ChildProcess, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = ''
    let err = ''
    const timer = setTimeout(
      () => fail(new Error(`no "listening" line in ${timeoutMs} ms`)),
      timeoutMs,
    )
    const fail = (error: Error) => {
      clearTimeout(timer)
      child.kill('SIGKILL')
      reject(new Error(`HTTP fixture did not start: ${error.message}\n${err}`))
    }
    child.stderr?.on('data', (chunk: Buffer) => {
      err += chunk.toString()
    })
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      const match = /listening (\S+)/.exec(out)
      if (match?.[1]) {
        clearTimeout(timer)
        resolve(match[1])
      }
    })
    child.once('exit', (code) => fail(new Error(`exited with ${code}`)))
    child.once('error', fail)
  })
}
