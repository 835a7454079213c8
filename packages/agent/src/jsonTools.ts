// The neutral definitions in the JSON tool formats model APIs take, and the dispatch of a
// model's tool call by name. The input schema is the same JSON Schema everywhere (its
// strict form when strict); only the wrapper differs.
import { strictSchema } from './strictSchema.ts'
import type { JsonSchema, ToolDefinition, ToolResult } from './types.ts'

type Tools = Iterable<ToolDefinition> | Record<string, ToolDefinition>

function toolList(tools: Tools): ToolDefinition[] {
  return Symbol.iterator in tools ? [...(tools as Iterable<ToolDefinition>)] : Object.values(tools)
}

/** Whether to send strict tool schemas (see `strictSchema`), and mark the tools `strict`. */
export interface JsonToolsOptions {
  /**
   * Strict tool calling: the model's input is held to the schema, which is then the strict
   * form (every property required, optional ones nullable, maps as `{ name, value }` lists).
   * @default what the API defaults to: false, except for the OpenAI Responses API (true)
   */
  strict?: boolean
}

function schemaOf(tool: ToolDefinition, strict: boolean): JsonSchema {
  return strict ? strictSchema(tool.inputSchema) : tool.inputSchema
}

/** OpenAI Chat Completions (and compatible APIs): `{ type: 'function', function: { name, description, parameters, strict? } }`. */
export function toOpenAiTools(
  tools: Tools,
  options: JsonToolsOptions = {},
): {
  type: 'function'
  function: { name: string; description: string; parameters: JsonSchema; strict?: boolean }
}[] {
  const strict = options.strict ?? false
  return toolList(tools).map((tool) => ({
    type: 'function',
    function: {
      name: tool.name,
      description: tool.description,
      parameters: schemaOf(tool, strict),
      ...(strict && { strict: true }),
    },
  }))
}

/**
 * OpenAI Responses API: `{ type: 'function', name, description, parameters, strict }`. That
 * API takes `strict` as true when it is left out, so it is always sent.
 */
export function toOpenAiResponsesTools(
  tools: Tools,
  options: JsonToolsOptions = {},
): {
  type: 'function'
  name: string
  description: string
  parameters: JsonSchema
  strict: boolean
}[] {
  const strict = options.strict ?? true
  return toolList(tools).map((tool) => ({
    type: 'function',
    name: tool.name,
    description: tool.description,
    parameters: schemaOf(tool, strict),
    strict,
  }))
}

/** Anthropic Messages: `{ name, description, input_schema, strict? }`. */
export function toAnthropicTools(
  tools: Tools,
  options: JsonToolsOptions = {},
): { name: string; description: string; input_schema: JsonSchema; strict?: boolean }[] {
  const strict = options.strict ?? false
  return toolList(tools).map((tool) => ({
    name: tool.name,
    description: tool.description,
    input_schema: schemaOf(tool, strict),
    ...(strict && { strict: true }),
  }))
}

/**
 * Runs the tool a model called, by name. `input` may be the parsed object or the model's
 * JSON text. An unknown name is a result too, listing the tools there are.
 */
export async function callTool(
  tools: Tools,
  name: string,
  input: unknown,
  options?: { signal?: AbortSignal },
): Promise<ToolResult> {
  const list = toolList(tools)
  const tool = list.find((candidate) => candidate.name === name)
  if (!tool) {
    return {
      ok: false,
      error: {
        kind: 'invalid_input',
        message: `no tool named "${name}"`,
        hint: `Call one of: ${list.map((candidate) => candidate.name).join(', ')}.`,
      },
    }
  }
  return tool.execute(input as Record<string, unknown>, options)
}
