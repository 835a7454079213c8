// Every tool, in every JSON tool shape with strict on, against OpenAI's and Anthropic's
// documented strict rules (strictRules.ts); the non-strict shapes keep the lenient schema.
import { createResourceClient } from '@resource-kit/client'
import { afterAll, describe, expect, it } from 'vitest'
import { toAiSdkTools } from '../ai.ts'
import { toAnthropicTools, toOpenAiResponsesTools, toOpenAiTools } from '../jsonTools.ts'
import { createResourceTools } from '../resourceTools.ts'
import { strictSchema } from '../strictSchema.ts'
import { asInput, optionalStringRecord } from '../toolInput.ts'
import { anthropicStrictProblems, openAiStrictProblems } from './strictRules.ts'

const client = createResourceClient()
afterAll(() => client.close())
const tools = createResourceTools(client)

describe('strict tool schemas', () => {
  it('pass OpenAI’s strict rules in the Chat Completions shape', () => {
    const openAi = toOpenAiTools(tools, { strict: true })
    expect(openAi).toHaveLength(6)
    for (const tool of openAi) {
      expect(tool.function.strict).toBe(true)
      expect(openAiStrictProblems(tool.function.parameters, tool.function.name)).toEqual([])
    }
  })

  it('pass OpenAI’s strict rules in the Responses shape, strict by default as that API is', () => {
    const responses = toOpenAiResponsesTools(tools)
    for (const tool of responses) {
      expect(tool).toMatchObject({ type: 'function', name: expect.any(String), strict: true })
      expect(openAiStrictProblems(tool.parameters, tool.name)).toEqual([])
    }
    // Not strict is said out loud: the API would take a missing `strict` as true.
    const lenient = toOpenAiResponsesTools(tools, { strict: false })
    expect(lenient.every((tool) => tool.strict === false)).toBe(true)
    expect(lenient[3]?.parameters).toBe(tools.read.inputSchema)
  })

  it('pass Anthropic’s strict rules, all six tools in one request', () => {
    const anthropic = toAnthropicTools(tools, { strict: true })
    expect(anthropic.every((tool) => tool.strict === true)).toBe(true)
    expect(anthropicStrictProblems(anthropic)).toEqual([])
  })

  it('pass both rule sets through the AI SDK adapter', () => {
    const set = toAiSdkTools(tools, { strict: true })
    for (const [name, tool] of Object.entries(set)) {
      expect(tool.strict).toBe(true)
      const schema = (tool.inputSchema as { jsonSchema: unknown }).jsonSchema
      expect(openAiStrictProblems(schema, name)).toEqual([])
      expect(anthropicStrictProblems([{ name, input_schema: schema, strict: true }])).toEqual([])
    }
  })

  it('finds what the lenient schemas break (the checkers are not blind)', () => {
    const lenient = toOpenAiTools(tools)
    const failing = lenient.filter(
      (tool) => openAiStrictProblems(tool.function.parameters).length > 0,
    )
    expect(failing.map((tool) => tool.function.name)).toEqual([
      'list_resources',
      'search_resources',
      'read_resource',
      'complete_resource_template',
      'fill_resource_template',
    ])
    const problems = anthropicStrictProblems(
      toAnthropicTools(tools).map((tool) => ({ ...tool, strict: true })),
    )
    expect(problems).toContainEqual('search_resources.limit: keyword "minimum" is not supported')
    expect(problems).toContainEqual(
      'fill_resource_template.arguments: additionalProperties must be false',
    )
  })

  it('keeps the meaning: optional as nullable, maps as pairs, bounds in the description', () => {
    expect(strictSchema(tools.search.inputSchema)).toEqual({
      type: 'object',
      properties: {
        query: { type: 'string', description: expect.any(String) },
        server: { type: ['string', 'null'], description: expect.any(String) },
        limit: {
          type: ['integer', 'null'],
          description: 'Most results (default 10). (at least 1, at most 50)',
        },
      },
      required: ['query', 'server', 'limit'],
      additionalProperties: false,
    })
    const fill = strictSchema(tools.fillTemplate.inputSchema) as {
      properties: { arguments: unknown }
    }
    expect(fill.properties.arguments).toMatchObject({
      type: ['array', 'null'],
      items: {
        type: 'object',
        properties: { name: { type: 'string' }, value: { type: 'string' } },
        required: ['name', 'value'],
        additionalProperties: false,
      },
    })
    expect(
      optionalStringRecord(
        asInput({
          arguments: [
            { name: 'schema', value: 'prod' },
            { name: 'table', value: 7 },
          ],
        }),
        'arguments',
      ),
    ).toEqual({ schema: 'prod', table: '7' })
  })
})
