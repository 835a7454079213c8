// Turning text typed by a person (a prompt answer, or `--input key=value`) into the value
// an elicitation form field expects. The CLI only reads what a terminal user types (y/n,
// a choice by label or number, a comma-separated list); the checking is the client's
// `validateElicitationContent`, the rule's one owner, so the CLI says the same sentence
// the React form shows and never accepts what the client would then refuse.
import { type FormField, validateElicitationContent } from '@resource-kit/client'

export type FieldValue = string | number | boolean | string[]

export type Parsed = { ok: true; value: FieldValue } | { ok: false; message: string }

const yes = new Set(['y', 'yes', 'true', '1', 'on'])
const no = new Set(['n', 'no', 'false', '0', 'off'])

/** Parses `text` for `field`: booleans take y/n/true/false, choices take a value, a label or a 1-based number. */
export function parseFieldValue(field: FormField, text: string): Parsed {
  const result = validateElicitationContent([field], { [field.name]: readTyped(field, text) })
  if (!result.ok) return { ok: false, message: `${field.name}: ${result.errors[field.name]}` }
  const value = result.content[field.name]
  // An optional field left empty has no value: the client leaves it out.
  if (value === undefined) return { ok: false, message: `${field.name}: This field is required.` }
  return { ok: true, value }
}

/** What the person meant, before any check: words for booleans, labels and numbers for choices. */
function readTyped(field: FormField, text: string): unknown {
  const trimmed = text.trim()
  if (field.type === 'boolean') {
    const lower = trimmed.toLowerCase()
    return yes.has(lower) ? true : no.has(lower) ? false : trimmed
  }
  if (field.type === 'number' || field.type === 'integer') return trimmed
  if (!field.options) return text
  const options = field.options
  if (!field.multiple) return matchOption(options, trimmed) ?? trimmed
  return trimmed
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => matchOption(options, part) ?? part)
}

function matchOption(
  options: { value: string; label: string }[],
  text: string,
): string | undefined {
  const byValue = options.find((option) => option.value === text)
  if (byValue) return byValue.value
  const lower = text.toLowerCase()
  const byLabel = options.find((option) => option.label.toLowerCase() === lower)
  if (byLabel) return byLabel.value
  const index = /^\d+$/.test(text) ? Number(text) - 1 : -1
  return options[index]?.value
}

/** A short description of what a field takes, for prompts and error messages. */
export function describeField(field: FormField): string {
  if (field.type === 'boolean') return 'yes/no'
  if (field.options)
    return field.multiple ? 'one or more of the choices, comma-separated' : 'one of the choices'
  const range =
    field.minimum !== undefined || field.maximum !== undefined
      ? ` ${field.minimum ?? '…'}–${field.maximum ?? '…'}`
      : ''
  return `${field.type === 'integer' ? 'whole number' : field.type}${range}${field.format ? ` (${field.format})` : ''}`
}
