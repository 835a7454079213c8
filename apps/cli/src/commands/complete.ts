// `complete TEMPLATE VARIABLE VALUE [--arg name=value]…`: the server's suggestions for one
// variable of a resource template (`completion/complete` with a `ref/resource`). TEMPLATE is
// the template string as listed, or a template's name.
import { type ResourceTemplate, templateVariables } from '@resource-kit/client'
import type { CommandContext } from '../commandContext.ts'
import { ExitCode } from '../exitCodes.ts'
import { parsePairs } from '../keyValue.ts'
import { sanitizeLine } from '../sanitize.ts'
import { walkPages } from '../walk.ts'

export async function runComplete(context: CommandContext): Promise<number> {
  const { client, serverId, out } = context
  const [given, variable, value] = context.positionals as [string, string, string]
  const args = parsePairs(context.options.arg, '--arg')
  const template = given.includes('{') ? given : ((await findTemplate(context, given)) ?? given)

  const variables = templateVariables(template)
  if (variables.length > 0) {
    const unknown = [variable, ...Object.keys(args ?? {})].filter(
      (name) => !variables.includes(name),
    )
    if (unknown.length > 0) {
      out.warn(
        `${unknown.map(sanitizeLine).join(', ')} not in the template's variables (${variables.map(sanitizeLine).join(', ')})`,
      )
    }
  }
  const result = await client.complete(serverId, {
    template,
    argument: { name: variable, value },
    ...(args && { context: args }),
    signal: context.signal,
  })
  if (out.json) {
    out.document({
      server: serverId,
      template,
      argument: { name: variable, value },
      ...(args && { context: args }),
      values: result.values,
      ...(result.total !== undefined && { total: result.total }),
      ...(result.hasMore !== undefined && { hasMore: result.hasMore }),
    })
    return ExitCode.ok
  }
  for (const item of result.values) out.line(sanitizeLine(item))
  if (result.values.length === 0) out.note('(no suggestions)')
  if (result.hasMore || (result.total !== undefined && result.total > result.values.length)) {
    const of = result.total !== undefined ? ` of ${result.total}` : ''
    out.note(`showing ${result.values.length}${of}; type more of the value to narrow them`)
  }
  return ExitCode.ok
}

/** The uriTemplate of the template named (or titled) `name`, if the server lists one. */
async function findTemplate(context: CommandContext, name: string): Promise<string | undefined> {
  const { client, serverId } = context
  const walk = await walkPages<ResourceTemplate>(
    (cursor, { maxPages }) =>
      client.templatePages(serverId, { cursor, maxPages, signal: context.signal }),
    { maxPages: 20, signal: context.signal, label: 'templates', now: context.now },
  )
  const match = walk.items.find((template) => template.name === name || template.title === name)
  return match?.uriTemplate
}
