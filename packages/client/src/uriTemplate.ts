// RFC 6570 URI templates through the SDK's `UriTemplate` (operators "" + # . / ? & and
// the `*` explode modifier), never hand-written regexes: list a template's variables,
// expand it, and match a concrete URI back to the template it came from.
import { UriTemplate } from '@modelcontextprotocol/client'
import type { ResourceTemplate } from './types.ts'

/** Variable values: a string, or a list for exploded variables. */
export type TemplateVariables = Record<string, string | string[]>

/** A parsed template; `undefined` when the string is not a valid template. */
export function parseTemplate(template: string): UriTemplate | undefined {
  try {
    return new UriTemplate(template)
  } catch {
    return undefined
  }
}

/** The variable names of a template, in order (empty for an invalid template). */
export function templateVariables(template: string): string[] {
  return parseTemplate(template)?.variableNames ?? []
}

/** Expands the template with the given values (missing variables expand to nothing). */
export function expandTemplate(template: string, variables: TemplateVariables): string {
  const parsed = parseTemplate(template)
  if (!parsed) throw new TypeError(`Not a valid URI template: ${template}`)
  return parsed.expand(variables)
}

/**
 * The variables that expand `template` to `uri`, or `undefined` when it does not match.
 * Values come back percent-decoded (the SDK's matcher returns them as they appear in
 * the URI), so matching undoes expanding.
 */
export function matchTemplate(template: string, uri: string): TemplateVariables | undefined {
  const matched = parseTemplate(template)?.match(uri)
  if (!matched) return undefined
  const variables: TemplateVariables = {}
  for (const [name, value] of Object.entries(matched)) {
    variables[name] = Array.isArray(value) ? value.map(decode) : decode(value)
  }
  return variables
}

function decode(value: string): string {
  try {
    return decodeURIComponent(value)
  } catch {
    return value // a stray `%` in the URI: keep it as it is
  }
}

/** The first template (in the given order) that `uri` matches, with its variables. */
export function findTemplate(
  templates: readonly ResourceTemplate[],
  uri: string,
): { template: ResourceTemplate; variables: TemplateVariables } | undefined {
  for (const template of templates) {
    const variables = matchTemplate(template.uriTemplate, uri)
    if (variables) return { template, variables }
  }
  return undefined
}
