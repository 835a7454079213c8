// Continuation from a 2025-era server (the SDK 1.x fixture: no ttlMs, so every read is
// stale at once): reading a resource part by part downloads it once, not once per part,
// within the documented window (LEGACY_CONTINUATION_WINDOW_MS), and the result says which
// download a part came from. Offsets stay exact.
import { createResourceClient, type ResourceClient } from '@resource-kit/client'
import { createLegacyFixture, type LegacyFixture } from '@resource-kit/test-utils'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LEGACY_CONTINUATION_WINDOW_MS } from '../budgetedRead.ts'
import { callTool } from '../jsonTools.ts'
import { createResourceTools } from '../resourceTools.ts'

const uri = 'fixture://r/01'
const text = Array.from(
  { length: 2000 },
  (_, line) => `line ${line}: ${'é✓'.repeat(line % 9)}`,
).join('\n')

interface Part {
  ok: boolean
  contents: { text: string }[]
  next?: { item: number; offset: number }
  continuation?: string
}

let fixture: LegacyFixture
let client: ResourceClient
beforeAll(async () => {
  fixture = createLegacyFixture()
  fixture.world.setText(uri, text)
  client = createResourceClient()
  client.addServer('old', { transport: () => fixture.inMemoryTransport() })
  await client.ready('old')
})
afterAll(async () => {
  await client?.close()
  await fixture?.close()
})

describe('continuation on a 2025-era server', () => {
  it('downloads the resource once for all its parts, and says so', async () => {
    expect(client.getServer('old')?.era).toBe('legacy')
    const before = fixture.calls('resources/read')
    const tools = createResourceTools(client, { readBudget: { tokens: 1000 } })
    let joined = ''
    let next: Part['next'] = { item: 0, offset: 0 }
    let parts = 0
    while (next) {
      const part = (await callTool(tools, 'read_resource', { uri, ...next })) as unknown as Part
      expect(part.ok).toBe(true)
      if (parts > 0) expect(part.continuation).toMatch(/^Same download as the earlier parts/)
      else expect(part.continuation).toBeUndefined()
      joined += part.contents[0]!.text
      next = part.next
      parts += 1
    }
    expect(parts).toBeGreaterThan(5)
    expect(joined).toBe(text)
    expect(fixture.calls('resources/read') - before).toBe(1)
  })

  it('reads again once the resource is known to have changed (invalidated by a watch)', async () => {
    const tools = createResourceTools(client, { readBudget: { tokens: 1000 } })
    const start = (await callTool(tools, 'read_resource', { uri })) as unknown as Part
    const before = fixture.calls('resources/read')
    await client.invalidateRead('old', uri)
    const part = (await callTool(tools, 'read_resource', { uri, ...start.next })) as unknown as Part
    expect(fixture.calls('resources/read') - before).toBe(1)
    expect(part.continuation).toMatch(/^Read again/)
  })

  it('reads again past the window, and says the offsets may not line up', async () => {
    const first = createResourceTools(client, { readBudget: { tokens: 1000 } })
    const start = (await callTool(first, 'read_resource', { uri })) as unknown as Part
    const before = fixture.calls('resources/read')
    const later = createResourceTools(client, {
      readBudget: { tokens: 1000 },
      now: () => Date.now() + LEGACY_CONTINUATION_WINDOW_MS + 1000,
    })
    const part = (await callTool(later, 'read_resource', { uri, ...start.next })) as unknown as Part
    expect(fixture.calls('resources/read') - before).toBe(1)
    expect(part.continuation).toMatch(/^Read again/)
  })
})
