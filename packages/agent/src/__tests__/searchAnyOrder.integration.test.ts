// search_resources over the demo workspace (10,000 resources, in-process): the words in any
// order, and templates found beside the resources, ready to fill.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { callTool } from '../jsonTools.ts'
import { createResourceTools } from '../resourceTools.ts'
import { connectDemo, type DemoWorld } from './demoWorld.ts'

type Found = Record<string, unknown> & { ok: boolean; results: Record<string, unknown>[] }

let world: DemoWorld

beforeAll(async () => {
  world = await connectDemo({ count: 10_000 })
})
afterAll(() => world?.close())

describe('search_resources', () => {
  it('finds the words of a question in any order', async () => {
    const tools = createResourceTools(world.client, { search: { maxPages: 200 }, timeoutMs: 0 })
    const found = (await callTool(tools, 'search_resources', {
      query: 'how does offline sync work',
      limit: 3,
    })) as Found
    expect(found.ok).toBe(true)
    expect(found.results[0]).toMatchObject({
      server: 'demo',
      uri: 'ticket://web/183',
      name: 'Sync offline receipt in schedule job',
      matched: ['title: «Sync» «offline» receipt in schedule job'],
    })
    const reversed = (await callTool(tools, 'search_resources', { query: 'docs route' })) as Found
    expect(reversed.results[0]).toMatchObject({ uri: expect.stringMatching(/\/docs\/.*route/) })
  })

  it('finds a template with its variables, to fill', async () => {
    const tools = createResourceTools(world.client, { search: { maxPages: 200 }, timeoutMs: 0 })
    const found = (await callTool(tools, 'search_resources', {
      query: 'table database',
      limit: 3,
    })) as Found
    expect(found.results[0]).toMatchObject({
      server: 'demo',
      template: true,
      uriTemplate: 'db://{schema}/{table}',
      variables: ['schema', 'table'],
    })
  })
})
