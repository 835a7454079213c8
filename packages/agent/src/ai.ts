// @resource-kit/agent/ai: the tools as a Vercel AI SDK tool set (`ai` 6, an optional peer
// dependency). `generateText({ model, tools: toAiSdkTools(createResourceTools(client)) })`.
import { jsonSchema, type Tool, tool } from 'ai'
import { strictSchema } from './strictSchema.ts'
import type { JsonSchema, ToolDefinition, ToolResult } from './types.ts'

/** A tool set keyed by tool name, for `generateText` / `streamText` / agents. */
export function toAiSdkTools(
  tools: Iterable<ToolDefinition> | Record<string, ToolDefinition>,
  options: {
    /** Strict tool calling, with the strict form of each schema (see `toOpenAiTools`). @default false */
    strict?: boolean
  } = {},
): Record<string, Tool<Record<string, unknown>, ToolResult>> {
  const strict = options.strict === true
  const list =
    Symbol.iterator in tools ? [...(tools as Iterable<ToolDefinition>)] : Object.values(tools)
  const set: Record<string, Tool<Record<string, unknown>, ToolResult>> = {}
  for (const definition of list) {
    set[definition.name] = tool<Record<string, unknown>, ToolResult>({
      description: definition.description,
      inputSchema: jsonSchema<Record<string, unknown>>(
        (strict ? strictSchema(definition.inputSchema) : definition.inputSchema) as JsonSchema &
          object,
      ),
      ...(strict && { strict: true }),
      execute: (input, { abortSignal }) =>
        definition.execute(input, abortSignal ? { signal: abortSignal } : {}),
    })
  }
  return set
}
