// The providers' documented rules for strict tool schemas, as checkers that list every
// break (path: problem), so a test can show all of them at once.
//
// OpenAI Structured Outputs, "Supported schemas" (Chat Completions and Responses alike):
// the root is an object and not anyOf; every object has `additionalProperties: false` and
// lists every property in `required` (optional ones are unions with null); types are
// string, number, boolean, integer, object, array, null, with enum, const and anyOf; the
// other keywords allowed are description, $defs/$ref, string pattern/format, number
// minimum/maximum/exclusiveMinimum/exclusiveMaximum/multipleOf, array minItems/maxItems;
// allOf, not, if/then/else, dependent*, patternProperties and the rest are refused; at most
// 10 levels of nesting, 5,000 properties and 1,000 enum values.
//
// Anthropic structured outputs, "JSON Schema limitations" (strict tool use): basic types,
// enum of primitives, const, anyOf, allOf, $ref/$defs/definitions (local), default,
// required, `additionalProperties` only as false, string formats date-time, time, date,
// duration, email, hostname, uri, ipv4, ipv6, uuid, pattern, array minItems 0 or 1. No
// numeric bounds, no string length bounds, no other array bounds, no recursion. Per
// request: at most 20 strict tools, 24 optional parameters, 16 parameters with union types.

type Schema = Record<string, unknown>

const TYPES = new Set(['string', 'number', 'boolean', 'integer', 'object', 'array', 'null'])

const OPENAI_KEYWORDS = new Set([
  'type',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'enum',
  'const',
  'anyOf',
  'description',
  '$defs',
  '$ref',
  'pattern',
  'format',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minItems',
  'maxItems',
])
const OPENAI_FORMATS = new Set([
  'date-time',
  'time',
  'date',
  'duration',
  'email',
  'hostname',
  'ipv4',
  'ipv6',
  'uuid',
])

const ANTHROPIC_KEYWORDS = new Set([
  'type',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'enum',
  'const',
  'anyOf',
  'allOf',
  'description',
  '$defs',
  'definitions',
  '$ref',
  'default',
  'pattern',
  'format',
  'minItems',
])
const ANTHROPIC_FORMATS = new Set([...OPENAI_FORMATS, 'uri'])

interface Walked {
  problems: string[]
  properties: number
  enumValues: number
  depth: number
  optional: number
  unions: number
}

function walk(
  node: unknown,
  path: string,
  depth: number,
  rules: 'openai' | 'anthropic',
  out: Walked,
): void {
  if (typeof node !== 'object' || node === null || Array.isArray(node)) {
    out.problems.push(`${path}: not a schema object`)
    return
  }
  const schema = node as Schema
  const keywords = rules === 'openai' ? OPENAI_KEYWORDS : ANTHROPIC_KEYWORDS
  const formats = rules === 'openai' ? OPENAI_FORMATS : ANTHROPIC_FORMATS
  out.depth = Math.max(out.depth, depth)
  for (const key of Object.keys(schema))
    if (!keywords.has(key)) out.problems.push(`${path}: keyword "${key}" is not supported`)
  const types = Array.isArray(schema.type) ? schema.type : [schema.type]
  if (schema.type !== undefined)
    for (const type of types)
      if (typeof type !== 'string' || !TYPES.has(type))
        out.problems.push(`${path}: type ${JSON.stringify(type)} is not supported`)
  if (schema.format !== undefined && !formats.has(String(schema.format)))
    out.problems.push(`${path}: format "${String(schema.format)}" is not supported`)
  if (typeof schema.$ref === 'string' && !schema.$ref.startsWith('#'))
    out.problems.push(`${path}: external $ref`)
  if (Array.isArray(schema.enum)) {
    out.enumValues += schema.enum.length
    if (rules === 'anthropic' && schema.enum.some((v) => typeof v === 'object' && v !== null))
      out.problems.push(`${path}: enum values must be primitives`)
  }
  if (
    rules === 'anthropic' &&
    schema.minItems !== undefined &&
    ![0, 1].includes(schema.minItems as number)
  )
    out.problems.push(`${path}: minItems must be 0 or 1`)
  if (types.includes('object') || schema.properties !== undefined) {
    if (schema.additionalProperties !== false)
      out.problems.push(`${path}: additionalProperties must be false`)
    const properties = (schema.properties ?? {}) as Schema
    const required = Array.isArray(schema.required) ? (schema.required as string[]) : []
    for (const name of required)
      if (!(name in properties)) out.problems.push(`${path}: required "${name}" is not a property`)
    for (const [name, property] of Object.entries(properties)) {
      out.properties += 1
      const at = `${path}.${name}`
      if (!required.includes(name)) {
        if (rules === 'openai') out.problems.push(`${at}: every property must be required`)
        out.optional += 1
      }
      if (isUnion(property)) out.unions += 1
      walk(property, at, depth + 1, rules, out)
    }
  }
  if (schema.items !== undefined) walk(schema.items, `${path}[]`, depth + 1, rules, out)
  for (const [key, list] of [
    ['anyOf', schema.anyOf],
    ['allOf', schema.allOf],
  ] as const)
    if (Array.isArray(list))
      for (const [i, option] of list.entries())
        walk(option, `${path}.${key}[${i}]`, depth, rules, out)
}

function isUnion(schema: unknown): boolean {
  if (typeof schema !== 'object' || schema === null) return false
  const { type, anyOf } = schema as Schema
  return (Array.isArray(type) && type.length > 1) || Array.isArray(anyOf)
}

function fresh(): Walked {
  return { problems: [], properties: 0, enumValues: 0, depth: 0, optional: 0, unions: 0 }
}

/** What breaks OpenAI's strict rules in one tool's parameters schema. */
export function openAiStrictProblems(schema: unknown, name = 'parameters'): string[] {
  const out = fresh()
  const root = schema as Schema
  if (root?.type !== 'object') out.problems.push(`${name}: the root must be type "object"`)
  if (root?.anyOf !== undefined) out.problems.push(`${name}: the root must not be anyOf`)
  walk(schema, name, 1, 'openai', out)
  if (out.depth > 10) out.problems.push(`${name}: nested ${out.depth} levels (at most 10)`)
  if (out.properties > 5000)
    out.problems.push(`${name}: ${out.properties} properties (at most 5000)`)
  if (out.enumValues > 1000)
    out.problems.push(`${name}: ${out.enumValues} enum values (at most 1000)`)
  return out.problems
}

/** What breaks Anthropic's strict rules in one request's strict tools. */
export function anthropicStrictProblems(
  tools: readonly { name: string; input_schema: unknown; strict?: boolean }[],
): string[] {
  const strict = tools.filter((tool) => tool.strict === true)
  const problems: string[] = []
  if (strict.length > 20) problems.push(`${strict.length} strict tools (at most 20 per request)`)
  let optional = 0
  let unions = 0
  for (const tool of strict) {
    const out = fresh()
    if ((tool.input_schema as Schema)?.type !== 'object')
      out.problems.push(`${tool.name}: the root must be type "object"`)
    walk(tool.input_schema, tool.name, 1, 'anthropic', out)
    problems.push(...out.problems)
    optional += out.optional
    unions += out.unions
  }
  if (optional > 24) problems.push(`${optional} optional parameters (at most 24 per request)`)
  if (unions > 16) problems.push(`${unions} parameters with union types (at most 16 per request)`)
  return problems
}
