// Runs the built command inside a pseudo-terminal (`script` from util-linux), so stdin,
// stdout and stderr are all TTYs, and answers its prompts as they appear.
import { spawn } from 'node:child_process'
import { cliBin, repoRoot } from './runBuiltCli.ts'

export interface PtyRun {
  code: number | null
  /** Everything the terminal showed (stdout and stderr together), exactly as written. */
  screen: string
}

export interface PtyOptions {
  /** Each entry waits for `when` to appear (after the previous answer), then types `type`. */
  answers?: { when: RegExp; type: string }[]
  env?: Record<string, string>
  timeoutMs?: number
}

const quote = (arg: string) => `'${arg.replace(/'/g, `'\\''`)}'`
// Readline redraws with cursor moves; prompts are matched on the text without them.
const withoutCsi = (text: string) =>
  text.replace(new RegExp(`${'\u001b'}\\[[0-9;?]*[A-Za-z]`, 'g'), '')

export function runInPty(args: readonly string[], options: PtyOptions = {}): Promise<PtyRun> {
  const command = [process.execPath, cliBin, ...args].map(quote).join(' ')
  const { FORCE_COLOR: _force, NO_COLOR: _no, ...inherited } = process.env
  const child = spawn('script', ['-qfec', command, '/dev/null'], {
    cwd: repoRoot,
    env: { ...inherited, TERM: 'xterm', ...options.env },
    stdio: ['pipe', 'pipe', 'pipe'],
  })
  const answers = [...(options.answers ?? [])]
  let screen = ''
  let from = 0
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(new Error(`no exit in time; the terminal showed:\n${withoutCsi(screen)}`))
    }, options.timeoutMs ?? 60_000)
    child.stdout.on('data', (chunk: Buffer) => {
      screen += chunk.toString()
      const next = answers[0]
      const text = withoutCsi(screen)
      if (next?.when.test(text.slice(from))) {
        answers.shift()
        from = text.length
        child.stdin.write(next.type)
      }
    })
    child.on('error', reject)
    child.on('close', (code) => {
      clearTimeout(timer)
      resolve({ code, screen })
    })
  })
}

export { withoutCsi }
