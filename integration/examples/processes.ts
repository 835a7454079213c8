// Child processes the example tests run: a build that must succeed (its output is shown when
// it fails), and a server that is ready once it prints a line (its URL), stopped by its id.
import { type ChildProcess, execFile, spawn } from 'node:child_process'
import { promisify } from 'node:util'

const run = promisify(execFile)

/** Runs a build to its end; a failure carries the tool's own output. */
export async function runBuild(
  command: string,
  args: string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv; signal?: AbortSignal },
): Promise<string> {
  try {
    const { stdout, stderr } = await run(command, args, {
      cwd: options.cwd,
      env: { ...process.env, ...options.env },
      maxBuffer: 20_000_000,
      ...(options.signal && { signal: options.signal }),
    })
    return stdout + stderr
  } catch (error) {
    const failed = error as Error & { stdout?: string; stderr?: string }
    throw new Error(
      `${command} ${args.join(' ')} failed in ${options.cwd}:\n${failed.stdout ?? ''}${failed.stderr ?? failed.message}`,
    )
  }
}

export interface StartedProcess {
  /** The first match of `ready` in its output. */
  match: RegExpMatchArray
  /** Everything it printed so far. */
  output(): string
  stop(): Promise<void>
}

/** Starts a long-running process and waits until its output matches `ready`. */
export function startProcess(
  command: string,
  args: string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv; ready: RegExp; timeoutMs?: number },
): Promise<StartedProcess> {
  const child: ChildProcess = spawn(command, args, {
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve()
      child.once('exit', () => resolve())
      child.kill('SIGTERM')
    })
  return new Promise((resolve, reject) => {
    let ready = false
    const timer = setTimeout(() => {
      void stop()
      reject(new Error(`${command} did not print ${options.ready} in time:\n${output}`))
    }, options.timeoutMs ?? 60_000)
    const onData = (chunk: Buffer) => {
      output += chunk.toString()
      const match = ready ? null : output.match(options.ready)
      if (!match) return
      ready = true
      clearTimeout(timer)
      resolve({ match, output: () => output, stop })
    }
    child.stdout?.on('data', onData)
    child.stderr?.on('data', onData)
    child.once('exit', (code) => {
      clearTimeout(timer)
      if (!ready)
        reject(new Error(`${command} exited with ${code} before it was ready:\n${output}`))
    })
  })
}
