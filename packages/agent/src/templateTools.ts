// The template tools: complete one variable with the server's `completion/complete`
// (narrowed by the variables already chosen), and fill a template — expand it and read
// the result, or, while variables are missing, answer with the server's suggestions for
// the next one, so the model fills a template step by step.
import { expandTemplate, type ResourceTemplate, templateVariables } from '@resource-kit/client'
import { asInput, InvalidInput, optionalStringRecord, requiredString } from './toolInput.ts'
import { readResult, type ToolKit } from './toolKit.ts'
import type { ToolDefinition, ToolResult } from './types.ts'

/** Suggestions shown per variable. */
const MAX_SUGGESTIONS = 20
/** Templates named in the message of a template not found (the rest are counted). */
const MAX_NAMED = 20

export function createTemplateTools(
  kit: ToolKit,
  serverProperty: Record<string, unknown>,
): { complete: ToolDefinition; fillTemplate: ToolDefinition } {
  const { client, names } = kit
  const templateProperty = {
    type: 'string',
    description: `The URI template as listed (e.g. "db://{schema}/{table}") or its name; ${names.listResources} with templates: true lists them.`,
  }
  const argumentsProperty = {
    type: 'object',
    additionalProperties: { type: 'string' },
    description: 'Values of the variables chosen so far, by variable name.',
  }

  /**
   * The template named `wanted` (its URI template, else its name or title), looked for on
   * every page of the server's list, as `list_resources` pages it: a template the model saw
   * listed is always found.
   */
  async function findTemplate(server: string, wanted: string, signal?: AbortSignal) {
    let byName: ResourceTemplate | undefined
    const known: string[] = []
    let count = 0
    for await (const page of client.templatePages(server, { ...(signal && { signal }) })) {
      for (const template of page.items) {
        if (template.uriTemplate === wanted) return template
        if (!byName && (template.name === wanted || template.title === wanted)) byName = template
        count += 1
        if (known.length < MAX_NAMED) known.push(`${template.uriTemplate} (${template.name})`)
      }
    }
    if (byName) return byName
    const more = count > known.length ? ` and ${count - known.length} more` : ''
    throw new InvalidInput(
      `no template "${wanted}" on server "${server}"; its templates: ${known.join(', ') || 'none'}${more} (${names.listResources} with templates: true lists them all)`,
    )
  }

  async function suggest(
    server: string,
    template: ResourceTemplate,
    variable: string,
    value: string,
    context: Record<string, string>,
    signal?: AbortSignal,
  ) {
    const result = await client.complete(server, {
      template: template.uriTemplate,
      argument: { name: variable, value },
      context,
      ...(signal && { signal }),
    })
    const values = result.values.slice(0, MAX_SUGGESTIONS)
    const more = result.hasMore === true || result.values.length > values.length
    return {
      variable,
      values,
      ...(more && { more: true }),
      ...(result.total !== undefined && { total: result.total }),
    }
  }

  const complete: ToolDefinition = {
    name: names.complete,
    description: `Ask the server which values fit one variable of a resource template, given what was typed so far ("value") and the variables already chosen ("arguments"). Then call ${names.fillTemplate}.`,
    inputSchema: {
      type: 'object',
      properties: {
        server: serverProperty,
        template: templateProperty,
        variable: { type: 'string', description: 'The variable to complete.' },
        value: { type: 'string', description: 'What the value starts with (may be empty).' },
        arguments: argumentsProperty,
      },
      required: ['template', 'variable'],
      additionalProperties: false,
    },
    execute: (raw, call) =>
      kit.run({}, async () => {
        const input = asInput(raw)
        const server = kit.pickServer(input)
        const wanted = requiredString(input, 'template')
        const variable = requiredString(input, 'variable')
        const value = typeof input.value === 'string' ? input.value : ''
        const given = optionalStringRecord(input, 'arguments')
        return kit.run({ server }, async () => {
          const template = await findTemplate(server, wanted, call?.signal)
          const variables = templateVariables(template.uriTemplate)
          if (!variables.includes(variable))
            throw new InvalidInput(
              `"${variable}" is not a variable of ${template.uriTemplate} (${variables.join(', ')})`,
            )
          const { [variable]: _own, ...context } = given
          const suggestions = await suggest(
            server,
            template,
            variable,
            value,
            context,
            call?.signal,
          )
          return { ok: true, server, template: template.uriTemplate, ...suggestions }
        })
      }),
  }

  const fillTemplate: ToolDefinition = {
    name: names.fillTemplate,
    description: `Fill a resource template with variable values and read the resource it names. While variables are missing, it answers with the server's suggestions for the next one instead: choose one and call again with it added to "arguments".`,
    inputSchema: {
      type: 'object',
      properties: {
        server: serverProperty,
        template: templateProperty,
        arguments: argumentsProperty,
      },
      required: ['template'],
      additionalProperties: false,
    },
    execute: (raw, call) =>
      kit.run({}, async () => {
        const input = asInput(raw)
        const server = kit.pickServer(input)
        const wanted = requiredString(input, 'template')
        const given = optionalStringRecord(input, 'arguments')
        return kit.run({ server }, async (): Promise<ToolResult> => {
          const template = await findTemplate(server, wanted, call?.signal)
          const variables = templateVariables(template.uriTemplate)
          const unknown = Object.keys(given).filter((name) => !variables.includes(name))
          if (unknown.length > 0)
            throw new InvalidInput(
              `not variables of ${template.uriTemplate}: ${unknown.join(', ')} (its variables: ${variables.join(', ')})`,
            )
          const missing = variables.filter((name) => given[name] === undefined)
          const next = missing[0]
          if (next !== undefined) {
            // Variables complete in order: later ones narrow to earlier choices.
            const canComplete = client.getServer(server)?.capabilities?.completions !== undefined
            return {
              ok: true,
              filled: false,
              server,
              template: template.uriTemplate,
              missing,
              ...(canComplete && {
                suggestions: await suggest(server, template, next, '', given, call?.signal),
              }),
              hint: `Call ${names.fillTemplate} again with "${next}" in arguments${canComplete ? ' (one of the suggestions, or another value)' : ''}.`,
            }
          }
          const uri = expandTemplate(template.uriTemplate, given)
          const filled = { filled: true, template: template.uriTemplate, arguments: given }
          return kit.run({ server, uri }, async () =>
            readResult(
              await kit.read(server, uri, { item: 0, offset: 0 }, call?.signal, filled),
              filled,
            ),
          )
        })
      }),
  }

  return { complete, fillTemplate }
}
