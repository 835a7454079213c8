// The README's headless example is examples/readme.ts, word for word, and it runs.
import { execFile } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { TS_NODE_ARGS } from '@resource-kit/test-utils'
import { describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('../../../../', import.meta.url))

describe('README headless usage', () => {
  it('shows exactly examples/readme.ts', async () => {
    const readme = await readFile(`${root}README.md`, 'utf8')
    const section = readme.slice(readme.indexOf('## Headless usage'))
    const block = /```ts\n([\s\S]*?)```/.exec(section)?.[1]
    expect(block).toBe(await readFile(`${root}examples/readme.ts`, 'utf8'))
  })

  it('runs against the demo server and prints what it promises', { timeout: 120_000 }, async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [...TS_NODE_ARGS, 'examples/readme.ts'],
      { cwd: root, timeout: 115_000 },
    )
    const printed = stdout
      .split('\n')
      .filter((line) => /^(connected|listed|read|not found)/.test(line))
    expect(printed).toHaveLength(4)
    expect(printed[0]).toBe('connected: resource-kit-demo speaks 2026-07-28 (modern)')
    expect(printed[1]).toMatch(/^listed \d+ resources, complete: false$/)
    expect(printed[2]).toMatch(/^read \S+: \d+ item\(s\), fresh for \d+ ms$/)
    expect(printed[3]).toBe('not found: file:///no/such/file.txt')
  })
})
