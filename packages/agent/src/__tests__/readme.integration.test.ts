// The README's agent example is examples/agent.ts, word for word, and it runs.
import { execFile } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { TS_NODE_ARGS } from '@resource-kit/test-utils'
import { describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('../../../../', import.meta.url))

// Two Node processes through tsx (the example, the demo server) plus the SDK's probe: a few
// seconds on a quiet machine, far more while every worktree runs its tests (see the client's
// README test for the numbers).
const RUN_LIMIT_MS = 300_000

function runExample(): Promise<{ stdout: string; report: string }> {
  const started = performance.now()
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [...TS_NODE_ARGS, 'examples/agent.ts'],
      { cwd: root, timeout: RUN_LIMIT_MS, killSignal: 'SIGKILL' },
      (error, stdout, stderr) => {
        const seconds = ((performance.now() - started) / 1000).toFixed(1)
        const outcome = error
          ? `failed after ${seconds} s (exit ${error.code}, signal ${error.signal})`
          : `finished in ${seconds} s`
        const report = `examples/agent.ts ${outcome}\n--- stdout\n${stdout}--- stderr\n${stderr}`
        if (error) reject(new Error(report))
        else resolve({ stdout, report })
      },
    )
  })
}

describe('README agent usage', () => {
  it('shows exactly examples/agent.ts', async () => {
    const readme = await readFile(`${root}README.md`, 'utf8')
    const section = readme.slice(readme.indexOf('## Agent usage'))
    const block = /```ts\n([\s\S]*?)```/.exec(section)?.[1]
    expect(block).toBe(await readFile(`${root}examples/agent.ts`, 'utf8'))
  })

  it('runs against the demo server and prints what it promises', {
    timeout: RUN_LIMIT_MS + 10_000,
  }, async () => {
    const { stdout, report } = await runExample()
    expect(stdout.trimEnd().split('\n'), report).toEqual([
      'tools: list_servers, list_resources, search_resources, read_resource, complete_resource_template, fill_resource_template',
      'found: file:///workspace/live/README.md (uri: file:///workspace/«live»/«README».md)',
      expect.stringMatching(/^read: fresh true, next part at \{ item: 0, offset: \d+ \}$/),
      expect.stringMatching(/^context: 1 resource, \d+ of 1000 tokens, new$/),
    ])
  })
})
