// An agent loop end to end: the AI SDK's generateText drives a scripted model (ai/test)
// that calls our tools against the real demo server — search, then read what it found,
// then fill a template with the server's completion — and a context built from what it
// read. The script decides each step from the tool results it received, as a model would.
import { generateText, stepCountIs } from 'ai'
import { MockLanguageModelV3 } from 'ai/test'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { toAiSdkTools } from '../ai.ts'
import { createResourceContext } from '../resourceContext.ts'
import { createResourceTools } from '../resourceTools.ts'
import { connectDemo, type DemoWorld } from './demoWorld.ts'

type CallOptions = Parameters<MockLanguageModelV3['doGenerate']>[0]

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 5, text: 5, reasoning: undefined },
}

/** The output of the last tool result in the prompt (what the model just received). */
function lastToolOutput(options: CallOptions): Record<string, unknown> {
  for (const message of [...options.prompt].reverse()) {
    if (message.role !== 'tool') continue
    for (const part of [...message.content].reverse()) {
      if (part.type !== 'tool-result') continue
      const output = part.output
      if (output.type === 'json') return output.value as Record<string, unknown>
      if (output.type === 'text') return JSON.parse(output.value)
    }
  }
  throw new Error('no tool result in the prompt')
}

function call(step: number, toolName: string, input: unknown) {
  return {
    content: [
      {
        type: 'tool-call' as const,
        toolCallId: `call-${step}`,
        toolName,
        input: JSON.stringify(input),
      },
    ],
    finishReason: { unified: 'tool-calls' as const, raw: 'tool_use' },
    usage,
    warnings: [],
  }
}

/** The parts of tool results the test reads into. */
type ToolOutput = Record<string, unknown> & {
  results: { uri: string; matched: string[] }[]
  contents: { text: string }[]
}

let world: DemoWorld

beforeAll(async () => {
  world = await connectDemo()
})
afterAll(() => world?.close())

describe('an agent loop over the demo server', () => {
  it('searches, reads what it found, fills a template with completion, and builds its context', async () => {
    const tools = createResourceTools(world.client, { readBudget: { tokens: 400 } })
    let step = 0
    const model = new MockLanguageModelV3({
      doGenerate: async (options) => {
        step += 1
        switch (step) {
          case 1:
            return call(step, 'search_resources', { query: 'button offline' })
          case 2: {
            const found = lastToolOutput(options).results as { uri: string; server: string }[]
            return call(step, 'read_resource', { server: found[0]!.server, uri: found[0]!.uri })
          }
          case 3:
            return call(step, 'fill_resource_template', {
              template: 'db://{schema}/{table}',
              arguments: { schema: 'public' },
            })
          case 4: {
            const { suggestions } = lastToolOutput(options) as { suggestions: { values: string[] } }
            return call(step, 'fill_resource_template', {
              template: 'db://{schema}/{table}',
              arguments: { schema: 'public', table: suggestions.values[0] },
            })
          }
          default:
            return {
              content: [{ type: 'text' as const, text: 'Done.' }],
              finishReason: { unified: 'stop' as const, raw: 'end_turn' },
              usage,
              warnings: [],
            }
        }
      },
    })

    const result = await generateText({
      model,
      tools: toAiSdkTools(tools),
      stopWhen: stepCountIs(8),
      prompt:
        'What does the offline button doc say, and what columns has the public setting table?',
    })

    expect(result.text).toBe('Done.')
    const calls = result.steps
      .flatMap((s) => s.toolCalls)
      .map((c) => ({ tool: c.toolName, input: c.input }))
    const docUri = 'file:///workspace/docs/button-offline.md'
    expect(calls).toEqual([
      { tool: 'search_resources', input: { query: 'button offline' } },
      { tool: 'read_resource', input: { server: 'demo', uri: docUri } },
      {
        tool: 'fill_resource_template',
        input: { template: 'db://{schema}/{table}', arguments: { schema: 'public' } },
      },
      {
        tool: 'fill_resource_template',
        input: {
          template: 'db://{schema}/{table}',
          arguments: { schema: 'public', table: 'setting' },
        },
      },
    ])

    const outputs = result.steps.flatMap((s) => s.toolResults).map((r) => r.output as ToolOutput)
    // The search says where each hit is and why it matched.
    expect(outputs[0]).toMatchObject({ ok: true, query: 'button offline' })
    expect(outputs[0]!.results[0]).toMatchObject({
      server: 'demo',
      uri: docUri,
      name: 'Button offline',
    })
    expect(outputs[0]!.results[0]?.matched).toContain('name: «button»-«offline».md')
    // The read is cut to the budget, says how to go on, and where it came from.
    const read = outputs[1]!
    expect(read).toMatchObject({
      ok: true,
      source: {
        server: 'demo',
        uri: docUri,
        lastModified: '2025-09-04T12:11:03.000Z',
        fresh: true,
      },
      next: { item: 0 },
    })
    // The marker is the host's, beside the server's text, never inside it.
    expect(read.truncation).toMatch(
      /^\[… truncated: characters 0–\d+ of 2981 shown\. For the next part call read_resource with uri, server, item 0 and offset \d+\.\]$/,
    )
    expect(read.contents[0]?.text).not.toContain('[… truncated')
    // The first fill asks the server which tables the chosen schema has.
    expect(outputs[2]).toEqual({
      ok: true,
      filled: false,
      server: 'demo',
      template: 'db://{schema}/{table}',
      missing: ['table'],
      suggestions: { variable: 'table', values: ['setting'], total: 1 },
      hint: expect.stringContaining('"table"'),
    })
    // The second fill reads the table it names.
    expect(outputs[3]).toMatchObject({
      ok: true,
      filled: true,
      arguments: { schema: 'public', table: 'setting' },
      source: { server: 'demo', uri: 'db://public/setting', fresh: true },
      contents: [{ kind: 'text', uri: 'db://public/setting', mimeType: 'application/json' }],
    })

    // What the agent read becomes the next prompt's context, marked with URI and freshness.
    const context = createResourceContext(world.client, { budget: { tokens: 2000 } })
    context.attach('demo', docUri)
    context.attach('demo', 'db://public/setting')
    const built = await context.build()
    await context.close()
    expect(built.entries.map((entry) => [entry.source.uri, entry.status])).toEqual([
      // The doc's priority annotation is 0.11; the table's is higher.
      ['db://public/setting', 'new'],
      [docUri, 'new'],
    ])
    expect(built.used).toBeLessThanOrEqual(2000)
    expect(built.text).toContain(
      `<resource server="demo" uri="${docUri}" lastModified="2025-09-04T12:11:03.000Z"`,
    )
    expect(built.text).toContain('fresh="true" status="new">')
    expect(built.text).toContain(
      '- new: "db://public/setting", "file:///workspace/docs/button-offline.md"',
    )
  })
})
