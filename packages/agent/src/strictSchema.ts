// A tool's input schema in the form strict tool calling accepts, from OpenAI (Chat
// Completions and Responses) and Anthropic alike: every object closed
// (`additionalProperties: false`) with every property required, an optional property as a
// union with null, a map of names to values as a list of `{ name, value }` pairs, and
// number/length bounds moved into the description (Anthropic's strict mode refuses them).
// The tools read the strict shapes too: null is "left out", pairs are the map.
import type { JsonSchema } from './types.ts'

/** Bounds strict mode may refuse, said in the description instead. */
const BOUNDS: Record<string, string> = {
  minimum: 'at least',
  maximum: 'at most',
  exclusiveMinimum: 'more than',
  exclusiveMaximum: 'less than',
  minLength: 'length at least',
  maxLength: 'length at most',
  maxItems: 'items at most',
}

/** The strict form of `schema` (a new object; `schema` is left as it is). */
export function strictSchema(schema: JsonSchema): JsonSchema {
  return strictNode(schema)
}

function strictNode(schema: JsonSchema): JsonSchema {
  const out: JsonSchema = {}
  const bounds: string[] = []
  for (const [key, value] of Object.entries(schema)) {
    if (key in BOUNDS) bounds.push(`${BOUNDS[key]} ${String(value)}`)
    else if (key === 'minItems' && typeof value === 'number' && value > 1)
      bounds.push(`items at least ${value}`)
    else if (key !== 'properties' && key !== 'required' && key !== 'additionalProperties')
      out[key] = value
  }
  if (isSchema(schema.items)) out.items = strictNode(schema.items)
  if (Array.isArray(schema.anyOf))
    out.anyOf = schema.anyOf.map((option) => (isSchema(option) ? strictNode(option) : option))
  if (schema.type === 'object') {
    const properties = isSchema(schema.properties) ? schema.properties : {}
    const valueSchema = schema.additionalProperties
    if (Object.keys(properties).length === 0 && isSchema(valueSchema))
      return describeBounds(pairList(out, valueSchema), bounds)
    const required = new Set(Array.isArray(schema.required) ? schema.required : [])
    const strictProperties: JsonSchema = {}
    for (const [name, property] of Object.entries(properties)) {
      if (!isSchema(property)) continue
      const strict = strictNode(property)
      strictProperties[name] = required.has(name) ? strict : nullable(strict)
    }
    out.properties = strictProperties
    out.required = Object.keys(strictProperties)
    out.additionalProperties = false
  }
  return describeBounds(out, bounds)
}

/** `{ [name]: value }` as `[{ name, value }]`: strict mode has no open-ended objects. */
function pairList(map: JsonSchema, valueSchema: JsonSchema): JsonSchema {
  const { type: _type, description, ...rest } = map
  return {
    ...rest,
    type: 'array',
    ...(typeof description === 'string' && {
      description: `${description} A list of { name, value } pairs.`,
    }),
    items: {
      type: 'object',
      properties: { name: { type: 'string' }, value: strictNode(valueSchema) },
      required: ['name', 'value'],
      additionalProperties: false,
    },
  }
}

function nullable(schema: JsonSchema): JsonSchema {
  const type = schema.type
  if (typeof type === 'string')
    return type === 'null' ? schema : { ...schema, type: [type, 'null'] }
  if (Array.isArray(type))
    return type.includes('null') ? schema : { ...schema, type: [...type, 'null'] }
  const { description, ...rest } = schema
  return {
    ...(typeof description === 'string' && { description }),
    anyOf: [rest, { type: 'null' }],
  }
}

function describeBounds(schema: JsonSchema, bounds: string[]): JsonSchema {
  if (bounds.length === 0) return schema
  const said = `(${bounds.join(', ')})`
  const description =
    typeof schema.description === 'string' ? `${schema.description} ${said}` : said
  return { ...schema, description }
}

function isSchema(value: unknown): value is JsonSchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
