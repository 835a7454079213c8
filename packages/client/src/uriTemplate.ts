// RFC 6570 URI templates, Level 4 (every operator, explode `*` and prefix `:N`): list a
// template's variables, expand it, and match a concrete URI back to the values that
// expand to it. Two small libraries, each for what it does right (both checked against
// the RFC's own examples): `@hyperjump/uri-template` parses by the RFC's grammar (so an
// invalid template is refused), `uri-templates` expands and matches (de-substitutes).
// Never hand-written regexes: every operator has its own encoding rules.
import { parse } from '@hyperjump/uri-template'
import UriTemplates from 'uri-templates'
import type { ResourceTemplate } from './types.ts'

/** Variable values: a string, or a list (`{/segs*}`, `{?list*}`, `{.ext}`…). */
export type TemplateVariables = Record<string, string | string[]>

/** An RFC 6570 expression operator; `''` is simple string expansion. */
export type TemplateOperator = '' | '+' | '#' | '.' | '/' | ';' | '?' | '&'

/** One variable of a template, as the RFC's grammar reads it. */
export interface TemplateVariableSpec {
  name: string
  /** The operator of its expression: `?` and `&` are query parameters. */
  operator: TemplateOperator
  /** `*`: a list expands one item per segment / parameter. */
  explode: boolean
  /** `:N`: only the first N characters are expanded. */
  maxLength?: number
}

/** A parsed template. */
export interface ParsedTemplate {
  readonly template: string
  /** Every variable in order of appearance (a name used twice appears twice). */
  readonly variables: readonly TemplateVariableSpec[]
  /** The distinct variable names, in order. */
  readonly variableNames: readonly string[]
  expand(values: TemplateVariables): string
  match(uri: string): TemplateVariables | undefined
}

/** A parsed template; `undefined` when the string is not a valid RFC 6570 template. */
export function parseTemplate(template: string): ParsedTemplate | undefined {
  let nodes: ReturnType<typeof parse>
  try {
    nodes = parse(template)
  } catch {
    return undefined
  }
  const variables: TemplateVariableSpec[] = []
  for (const node of nodes) {
    if (!('variables' in node)) continue
    for (const variable of node.variables) {
      variables.push({
        name: variable.name,
        operator: node.type as TemplateOperator,
        explode: variable.explode,
        ...(variable.maxLength !== undefined && { maxLength: Number(variable.maxLength) }),
      })
    }
  }
  const engine = new UriTemplates(template)
  // Reserved expansion (`+`, `#`) leaves percent-encoded triplets as they are, so the
  // matcher returns those values still encoded; every other operator's come back decoded.
  const reserved = new Set(
    variables.filter((v) => v.operator === '+' || v.operator === '#').map((v) => v.name),
  )
  return {
    template,
    variables,
    variableNames: [...new Set(variables.map((variable) => variable.name))],
    expand: (values) => engine.fillFromObject(values),
    match(uri) {
      const matched = engine.fromUri(uri)
      if (!matched) return undefined
      const result: TemplateVariables = {}
      for (const [name, value] of Object.entries(matched)) {
        const decode = reserved.has(name) ? decodeReserved : (text: string) => text
        if (typeof value === 'string') result[name] = decode(value)
        else if (Array.isArray(value)) result[name] = value.map(decode)
        // An associative value ({?keys*} with name=value pairs) has no place in TemplateVariables.
      }
      return result
    },
  }
}

/** The distinct variable names of a template, in order (empty for an invalid template). */
export function templateVariables(template: string): string[] {
  return [...(parseTemplate(template)?.variableNames ?? [])]
}

/** Expands the template with the given values (missing variables expand to nothing). */
export function expandTemplate(template: string, variables: TemplateVariables): string {
  const parsed = parseTemplate(template)
  if (!parsed) throw new TypeError(`Not a valid URI template: ${template}`)
  return parsed.expand(variables)
}

/**
 * The variables that expand `template` to `uri`, or `undefined` when it does not match.
 * Values come back percent-decoded, so matching undoes expanding.
 */
export function matchTemplate(template: string, uri: string): TemplateVariables | undefined {
  return parseTemplate(template)?.match(uri)
}

function decodeReserved(value: string): string {
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
