// The context across turns against the demo server, whose log tail changes every 150 ms
// and is announced through subscriptions: new, updated, unchanged and removed, packed by
// priority within the budget; and resource links in a tool result resolved through the client.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { defaultEstimateTokens } from '../budget.ts'
import { createResourceContext } from '../resourceContext.ts'
import { resolveResourceLinks } from '../resourceLinks.ts'
import { connectDemo, type DemoWorld } from './demoWorld.ts'

const log = 'log://app/tail'
const doc = 'file:///workspace/docs/button-offline.md'
const ticket = 'ticket://data/3'

let world: DemoWorld

beforeAll(async () => {
  world = await connectDemo({ logIntervalMs: 150 })
  // As a host that listed (or searched) before attaching: the annotations are in the cache.
  await world.client.walkResources('demo')
})
afterAll(() => world?.close())

describe('createResourceContext', () => {
  it('tells the model what changed since it last saw each resource', async () => {
    const context = createResourceContext(world.client, { budget: { tokens: 4000 } })
    context.attach('demo', doc)
    context.attach('demo', log)
    context.attach('demo', ticket)
    const first = await context.build()
    expect(first.changes.map((change) => [change.type, change.uri]).sort()).toEqual(
      [
        ['new', doc],
        ['new', log],
        ['new', ticket],
      ].sort(),
    )
    // Priority first: the ticket's annotation is 1, the doc's 0.11.
    expect(first.entries[0]?.source.uri).toBe(ticket)
    expect(first.entries.at(-1)?.source.uri).toBe(doc)

    // The server announces a new log line; the watch hears it and the cached read is invalidated.
    const updated = new Promise<void>((resolve) => {
      const stop = context.subscribe((change) => {
        if (change.uri === log) {
          stop()
          resolve()
        }
      })
    })
    await updated
    context.detach('demo', ticket)
    const second = await context.build()
    expect(second.changes).toEqual([
      { type: 'removed', server: 'demo', uri: ticket, reason: 'detached' },
      { type: 'updated', server: 'demo', uri: log },
    ])
    expect(second.entries.map((entry) => [entry.source.uri, entry.status])).toEqual(
      expect.arrayContaining([
        [doc, 'unchanged'],
        [log, 'updated'],
      ]),
    )
    expect(second.text).toMatch(
      /^Attached resources changed since you last saw them:\n- updated: "log:\/\/app\/tail"\n- removed: "ticket:\/\/data\/3"\n/,
    )
    expect(second.text).toContain(`<resource server="demo" uri="${log}"`)
    expect(second.text).toContain('status="updated">')

    // Gone from the server: removed, and no longer attached.
    context.attach('demo', 'file:///workspace/gone.md')
    const third = await context.build()
    expect(third.changes).toContainEqual({
      type: 'removed',
      server: 'demo',
      uri: 'file:///workspace/gone.md',
      reason: 'not_found',
    })
    expect(context.attached().map((item) => item.uri)).not.toContain('file:///workspace/gone.md')
    await context.close()
  })

  it('stays within the budget: the lower priorities are cut, then left out', async () => {
    const context = createResourceContext(world.client, { watch: false })
    context.attach('demo', doc)
    context.attach('demo', ticket)
    context.attach('demo', 'file:///workspace/scripts/agent/plan-duplicate.sh', { priority: 0.9 })
    const built = await context.build({ budget: { tokens: 300 } })
    expect(built.used).toBeLessThanOrEqual(300)
    expect(defaultEstimateTokens(built.text)).toBe(built.used)
    expect(built.entries.map((entry) => [entry.source.uri, entry.truncated])).toEqual([
      [ticket, false],
      ['file:///workspace/scripts/agent/plan-duplicate.sh', true],
    ])
    expect(built.omitted).toEqual([{ server: 'demo', uri: doc, reason: 'budget' }])
    expect(built.text).toContain(`Not included: "${doc}" (over the budget)`)
  })
})

describe('resolveResourceLinks', () => {
  it('reads links through the client, renders embedded resources, and shares one budget', async () => {
    const blocks = [
      { type: 'text', text: 'Found these:' },
      { type: 'resource_link', uri: doc, name: 'button-offline.md' },
      {
        type: 'resource',
        resource: { uri: 'memo://note', mimeType: 'text/plain', text: 'embedded note' },
      },
      { type: 'resource', resource: { uri: 'memo://bad', blob: 'not base64!' } },
      { type: 'resource_link', uri: 'file:///workspace/gone.md' },
      null,
    ]
    const resolved = await resolveResourceLinks(world.client, 'demo', blocks, {
      budget: { tokens: 300 },
    })
    expect(resolved.map((item) => item.kind)).toEqual(['link', 'embedded', 'error'])
    const [link, embedded, missing] = resolved
    expect(link).toMatchObject({
      source: { server: 'demo', uri: doc, fresh: true },
      next: { item: 0 },
    })
    expect(embedded).toMatchObject({
      source: { uri: 'memo://note' },
      parts: [{ text: 'embedded note' }],
    })
    expect(missing).toMatchObject({
      error: { kind: 'not_found', uri: 'file:///workspace/gone.md' },
    })
    // The link read went into the client's cache: reading it again costs no request.
    const state = world.client.queryClient.getQueryState([
      'mcp',
      'demo',
      'default',
      'resources',
      'read',
      doc,
    ])
    expect(state?.status).toBe('success')
  })
})
