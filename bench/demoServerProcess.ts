// The demo server in its own process over HTTP on 127.0.0.1 (port 0), as
// `npm run demo:server` runs it: what a client walks in these benchmarks, with none of
// the server's memory or CPU in the client's process.
import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const repoRoot = fileURLToPath(new URL('../', import.meta.url))

export interface DemoServerProcess {
  url: Promise<string>
  stop(): void
}

export function startDemoServer(options: { count: number; pageSize?: number }): DemoServerProcess {
  const child = spawn(
    process.execPath,
    [
      '--conditions=@resource-kit/source',
      '--import',
      'tsx',
      'apps/demo-server/src/main.ts',
      '--port',
      '0',
      '--count',
      String(options.count),
      ...(options.pageSize ? ['--page-size', String(options.pageSize)] : []),
    ],
    { cwd: repoRoot, stdio: ['ignore', 'pipe', 'inherit'] },
  )
  const url = new Promise<string>((resolve, reject) => {
    let out = ''
    child.stdout.on('data', (chunk) => {
      out += chunk
      const match = out.match(/^url: (\S+)$/m)
      if (match) resolve(match[1] as string)
    })
    child.once('exit', (code) => reject(new Error(`demo server exited with ${code}`)))
  })
  return { url, stop: () => child.kill() }
}
