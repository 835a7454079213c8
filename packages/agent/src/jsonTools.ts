// The neutral definitions in the JSON tool formats model APIs take, and the dispatch of a
// model's tool call by name. The input schema is the same JSON Schema everywhere; only
// the wrapper differs.
import type { JsonSchema, ToolDefinition, ToolResult } from './types.ts'

type Tools = Iterable<ToolDefinition> | Record<string, ToolDefinition>

function toolList(tools: Tools): ToolDefinition[] {
  return Symbol.iterator in tools ? [...(tools as Iterable<ToolDefinition>)] : Object.values(tools)
}

/** OpenAI Chat Completions (and compatible APIs): `{ type: 'function', function: { name, description, parameters } }`. */
export function toOpenAiTools(
  tools: Tools,
): { type: 'function'; function: { name: string; description: string; parameters: JsonSchema } }[] {
  return toolList(tools).map((tool) => ({
    type: 'function',
    function: { name: tool.name, description: tool.description, parameters: tool.inputSchema },
  }))
}

/** Anthropic Messages: `{ name, description, input_schema }`. */
export function toAnthropicTools(
  tools: Tools,
): { name: string; description: string; input_schema: JsonSchema }[] {
  return toolList(tools).map((tool) => ({
    name: tool.name,
    description: tool.description,
    input_schema: tool.inputSchema,
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
