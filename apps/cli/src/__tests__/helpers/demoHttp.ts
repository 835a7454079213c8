// Starts the demo server on real HTTP (127.0.0.1, a free port) as a subprocess, the way a
// user would run it, and stops it by its pid.
import { type ChildProcess, spawn } from 'node:child_process'
import { repoRoot, tsNode } from './runBuiltCli.ts'

export interface DemoHttp {
  url: string
  port: number
  close(): Promise<void>
}

export function startDemoHttp(extra: string[] = [], port = 0): Promise<DemoHttp> {
  const [node, ...flags] = tsNode as [string, ...string[]]
  const child: ChildProcess = spawn(
    node,
    [...flags, 'apps/demo-server/src/main.ts', '--port', String(port), '--count', '300', ...extra],
    { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] },
  )
  return new Promise((resolve, reject) => {
    let out = ''
    let err = ''
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(new Error(`demo server did not start\n${out}\n${err}`))
    }, 25_000)
    child.stderr?.on('data', (chunk) => {
      err += String(chunk)
    })
    child.on('exit', (code) => reject(new Error(`demo server exited with ${code}\n${err}`)))
    child.stdout?.on('data', (chunk) => {
      out += String(chunk)
      const match = /url: (http:\/\/127\.0\.0\.1:(\d+)\/mcp)/.exec(out)
      if (!match) return
      clearTimeout(timer)
      resolve({
        url: match[1] as string,
        port: Number(match[2]),
        close: () =>
          new Promise((done) => {
            if (child.exitCode !== null) return done()
            child.once('exit', () => done())
            child.kill('SIGTERM')
          }),
      })
    })
  })
}
