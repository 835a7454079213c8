// The tools against the real demo server (in-process): paging with the cursor the model
// passes back, blobs summarized, and every failure a result the model can act on —
// including a read whose input request the host's handler declined.
import type { InputHandler } from '@resource-kit/client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { defaultEstimateTokens } from '../budget.ts'
import { callTool, toAnthropicTools, toOpenAiTools } from '../jsonTools.ts'
import { createResourceTools } from '../resourceTools.ts'
import { connectDemo, type DemoWorld } from './demoWorld.ts'

type Result = Record<string, unknown> & {
  ok: boolean
  error?: { kind: string; hint: string; message: string }
  resources?: { uri: string }[]
  nextCursor?: string
  contents?: Record<string, unknown>[]
}

const run = async (tools: ReturnType<typeof createResourceTools>, name: string, input: unknown) =>
  (await callTool(tools, name, input)) as Result

let world: DemoWorld
const answers: ('accept' | 'decline')[] = []
const handler: InputHandler = async () => {
  const action = answers.shift() ?? 'decline'
  return action === 'accept' ? { action, content: { confirm: true } } : { action }
}

beforeAll(async () => {
  world = await connectDemo({ inputHandler: handler })
})
afterAll(() => world?.close())

describe('createResourceTools against the demo server', () => {
  it('pages through a list with the cursor it hands out, smaller pages than the server’s', async () => {
    const tools = createResourceTools(world.client, { pageSize: 40 })
    const seen: string[] = []
    let cursor: string | undefined
    let calls = 0
    do {
      const page = await run(tools, 'list_resources', cursor ? { cursor } : {})
      expect(page.ok).toBe(true)
      expect(page.resources!.length).toBeLessThanOrEqual(40)
      seen.push(...page.resources!.map((resource) => resource.uri))
      cursor = page.nextCursor
      calls += 1
    } while (cursor !== undefined)
    const walk = await world.client.walkResources('demo')
    expect(seen).toEqual(walk.items.map((resource) => resource.uri))
    expect(calls).toBe(9) // 3 server pages of 100, 3 tool pages each
    const bad = await run(tools, 'list_resources', { cursor: 'made-up' })
    expect(bad.error).toMatchObject({ kind: 'invalid_input' })
  })

  it('lists templates with their variables', async () => {
    const tools = createResourceTools(world.client)
    const listed = await run(tools, 'list_resources', { templates: true })
    expect(listed.templates).toContainEqual(
      expect.objectContaining({
        uriTemplate: 'db://{schema}/{table}',
        variables: ['schema', 'table'],
      }),
    )
  })

  it('describes a PNG by type, size and dimensions, never as base64', async () => {
    const tools = createResourceTools(world.client)
    const png = (await world.client.walkResources('demo')).items.find(
      (item) => item.mimeType === 'image/png',
    )!
    const read = await run(tools, 'read_resource', { uri: png.uri })
    expect(read.contents).toEqual([
      {
        kind: 'blob',
        uri: png.uri,
        mimeType: 'image/png',
        summary: {
          mimeType: 'image/png',
          bytes: png.size,
          image: expect.objectContaining({ type: 'png' }),
        },
        text: expect.stringMatching(
          /^image\/png, .+, \d+×\d+ image \(binary content, not shown\)$/,
        ),
      },
    ])
    expect(JSON.stringify(read)).not.toMatch(/iVBORw0KGgo/)
  })

  it('follows a cut read to its end with the item and offset it gives', async () => {
    const tools = createResourceTools(world.client, { readBudget: { bytes: 1000 } })
    const uri = 'file:///workspace/scripts/agent/plan-duplicate.sh'
    const whole = await world.client.read('demo', uri)
    const text = (whole.contents[0] as { text: string }).text
    let joined = ''
    let next: { item: number; offset: number } | undefined = { item: 0, offset: 0 }
    while (next) {
      const part: Result = await run(tools, 'read_resource', { uri, ...next })
      const content = part.contents![0] as { text: string }
      // The budget holds for the whole result the model gets, not only the text.
      expect(new TextEncoder().encode(JSON.stringify(part)).length).toBeLessThanOrEqual(1000)
      joined += content.text
      next = part.next as typeof next
    }
    expect(joined).toBe(text)
  })

  it('holds the read budget for a filled template’s whole result, its own fields included', async () => {
    const tools = createResourceTools(world.client, { readBudget: { tokens: 200 } })
    const filled = await run(tools, 'fill_resource_template', {
      template: 'db://{schema}/{table}',
      arguments: { schema: 'public', table: 'setting' },
    })
    expect(filled).toMatchObject({ ok: true, filled: true, next: { item: 0 } })
    expect(defaultEstimateTokens(JSON.stringify(filled))).toBeLessThanOrEqual(200)
  })

  it('reports a decline of the input a read needs as a result, and reads once accepted', async () => {
    const tools = createResourceTools(world.client)
    answers.push('decline')
    const declined = await run(tools, 'read_resource', { uri: 'db://prod/users' })
    expect(declined).toMatchObject({
      ok: false,
      error: {
        kind: 'input_declined',
        server: 'demo',
        uri: 'db://prod/users',
        hint: expect.stringContaining('declined'),
      },
    })
    answers.push('accept')
    const accepted = await run(tools, 'read_resource', { uri: 'db://prod/users' })
    expect(accepted).toMatchObject({ ok: true, source: { uri: 'db://prod/users', fresh: true } })
  })

  it('turns a missing resource, a too-large read, an unknown server and bad input into results', async () => {
    const tools = createResourceTools(world.client, { maxReadBytes: 100 })
    expect(
      (await run(tools, 'read_resource', { uri: 'file:///workspace/nope.md' })).error,
    ).toMatchObject({
      kind: 'not_found',
      uri: 'file:///workspace/nope.md',
      hint: expect.stringContaining('search_resources'),
    })
    expect(
      (
        await run(tools, 'read_resource', {
          uri: 'file:///workspace/scripts/agent/plan-duplicate.sh',
        })
      ).error,
    ).toMatchObject({
      kind: 'too_large',
      message: expect.stringContaining('over the limit of 100 bytes'),
    })
    expect(
      (await run(tools, 'read_resource', { uri: 'x:y', server: 'other' })).error,
    ).toMatchObject({
      kind: 'invalid_input',
      message: 'no server "other" (servers: demo)',
    })
    expect((await run(tools, 'read_resource', { offset: 3 })).error?.kind).toBe('invalid_input')
    expect((await run(tools, 'read_resource', '{not json')).error?.kind).toBe('invalid_input')
    expect((await run(tools, 'no_such_tool', {})).error?.hint).toContain('read_resource')
    expect(
      (
        await run(tools, 'fill_resource_template', {
          template: 'db://{schema}/{table}',
          arguments: { nope: 'x' },
        })
      ).error,
    ).toMatchObject({ kind: 'invalid_input', message: expect.stringContaining('not variables of') })
  })

  it('maps to the JSON tool formats of model APIs with the same schema', () => {
    const tools = createResourceTools(world.client)
    const openAi = toOpenAiTools(tools)
    const anthropic = toAnthropicTools(tools)
    expect(openAi.map((tool) => tool.function.name)).toEqual([
      'list_servers',
      'list_resources',
      'search_resources',
      'read_resource',
      'complete_resource_template',
      'fill_resource_template',
    ])
    expect(anthropic[3]).toEqual({
      name: 'read_resource',
      description: tools.read.description,
      input_schema: tools.read.inputSchema,
    })
    expect(openAi[3]?.function.parameters).toBe(tools.read.inputSchema)
  })

  it('takes what a strict schema makes a model send: nulls for left out, maps as pairs', async () => {
    const tools = createResourceTools(world.client)
    const listed = await run(tools, 'list_resources', {
      server: null,
      cursor: null,
      templates: null,
    })
    expect(listed).toMatchObject({ ok: true, nextCursor: expect.any(String) })
    const found = await run(tools, 'search_resources', {
      query: 'users',
      server: null,
      limit: null,
    })
    expect(found.ok).toBe(true)
    const read = await run(tools, 'read_resource', {
      uri: listed.resources![0]!.uri,
      server: null,
      item: null,
      offset: null,
    })
    expect(read.ok).toBe(true)
    const filling = await run(tools, 'fill_resource_template', {
      server: null,
      template: 'db://{schema}/{table}',
      arguments: [{ name: 'schema', value: 'prod' }],
    })
    expect(filling).toMatchObject({
      ok: true,
      filled: false,
      missing: ['table'],
      suggestions: { variable: 'table', values: expect.arrayContaining(['users']) },
    })
    const completed = await run(tools, 'complete_resource_template', {
      server: null,
      template: 'db://{schema}/{table}',
      variable: 'table',
      value: null,
      arguments: [{ name: 'schema', value: 'prod' }],
    })
    expect(completed).toMatchObject({ ok: true, values: expect.arrayContaining(['users']) })
  })

  it('lists servers with their status and what they offer', async () => {
    const tools = createResourceTools(world.client)
    expect(await run(tools, 'list_servers', {})).toEqual({
      ok: true,
      servers: [
        expect.objectContaining({
          id: 'demo',
          status: 'ready',
          protocolVersion: '2026-07-28',
          offers: { resources: true, subscriptions: true, completion: true },
        }),
      ],
    })
  })
})

describe('a host with no input handler', () => {
  it('reports a consent-gated read as input_required, with a hint to ask the user', async () => {
    const bare = await connectDemo()
    try {
      const tools = createResourceTools(bare.client)
      const result = await run(tools, 'read_resource', { uri: 'db://prod/users' })
      expect(result).toMatchObject({
        ok: false,
        error: {
          kind: 'input_required',
          server: 'demo',
          uri: 'db://prod/users',
          message: expect.stringContaining('needs input from the user'),
          hint: expect.stringContaining('Ask the user'),
        },
      })
    } finally {
      await bare.close()
    }
  })
})
