// Packing by fair shares (fairShares.ts): a small resource is never dropped to make room
// for the tail of a large one — the "49-token log" case, with the real context builder.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { defaultEstimateTokens } from '../budget.ts'
import { createResourceContext } from '../resourceContext.ts'
import { connectScripted, type ScriptedWorld } from './scriptedServer.ts'

const log = `${'12:00:01 INFO request served in 12 ms\n'.repeat(4)}12:00:02 WARN cache cold; warming it up.\n`
const doc = Array.from(
  { length: 300 },
  (_, line) => `Paragraph ${line} of the design document.`,
).join('\n')

let world: ScriptedWorld
beforeAll(async () => {
  world = await connectScripted(
    [
      {
        uri: 'docs://design.md',
        name: 'design',
        annotations: { priority: 0.9, lastModified: '2026-06-01T00:00:00Z' },
        contents: [{ uri: 'docs://design.md', text: doc }],
      },
      {
        uri: 'log://app/tail',
        name: 'log',
        annotations: { priority: 0.5, lastModified: '2026-05-01T00:00:00Z' },
        contents: [{ uri: 'log://app/tail', text: log }],
      },
    ],
    'mem',
  )
  await world.client.walkResources('mem')
})
afterAll(() => world?.close())

describe('fair packing', () => {
  it('shows a 49-token log whole rather than the tail of a larger, higher-priority document', async () => {
    expect(defaultEstimateTokens(log)).toBe(49)
    const context = createResourceContext(world.client, { watch: false })
    context.attach('mem', 'log://app/tail')
    context.attach('mem', 'docs://design.md')
    const built = await context.build({ budget: { tokens: 600 } })
    expect(built.omitted).toEqual([])
    // Priority still orders them, and the document gets what the log leaves.
    expect(built.entries.map((entry) => [entry.source.uri, entry.truncated])).toEqual([
      ['docs://design.md', true],
      ['log://app/tail', false],
    ])
    expect(built.entries[1]?.parts[0]?.text).toBe(log)
    expect(built.entries[0]!.cost).toBeGreaterThan(built.entries[1]!.cost)
    expect(built.used).toBeLessThanOrEqual(600)
    expect(built.used).toBeGreaterThan(540)
  })
})
