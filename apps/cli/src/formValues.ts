// Turning text typed by a person (a prompt answer, or `--input key=value`) into the value
// an elicitation form field expects, with the field's own limits checked first, so a
// mistake gets a clear message here instead of a vague rejection from the server.
import type { FormField } from '@resource-kit/client'

export type FieldValue = string | number | boolean | string[]

export type Parsed = { ok: true; value: FieldValue } | { ok: false; message: string }

const yes = new Set(['y', 'yes', 'true', '1', 'on'])
const no = new Set(['n', 'no', 'false', '0', 'off'])

/** Parses `text` for `field`: booleans take y/n/true/false, choices take a value, a label or a 1-based number. */
export function parseFieldValue(field: FormField, text: string): Parsed {
  const trimmed = text.trim()
  if (field.type === 'boolean') {
    const lower = trimmed.toLowerCase()
    if (yes.has(lower)) return { ok: true, value: true }
    if (no.has(lower)) return { ok: true, value: false }
    return { ok: false, message: `${field.name} must be yes or no` }
  }
  if (field.type === 'number' || field.type === 'integer') {
    const value = Number(trimmed)
    if (trimmed === '' || !Number.isFinite(value)) {
      return { ok: false, message: `${field.name} must be a number` }
    }
    if (field.type === 'integer' && !Number.isInteger(value)) {
      return { ok: false, message: `${field.name} must be a whole number` }
    }
    if (field.minimum !== undefined && value < field.minimum) {
      return { ok: false, message: `${field.name} must be at least ${field.minimum}` }
    }
    if (field.maximum !== undefined && value > field.maximum) {
      return { ok: false, message: `${field.name} must be at most ${field.maximum}` }
    }
    return { ok: true, value }
  }
  if (field.options) {
    const parts = field.multiple
      ? trimmed
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean)
      : [trimmed]
    const values: string[] = []
    for (const part of parts) {
      const value = matchOption(field.options, part)
      if (value === undefined) {
        const allowed = field.options.map((option) => option.value).join(', ')
        return { ok: false, message: `${field.name}: "${part}" is not one of ${allowed}` }
      }
      values.push(value)
    }
    return field.multiple ? { ok: true, value: values } : { ok: true, value: values[0] as string }
  }
  if (field.minLength !== undefined && text.length < field.minLength) {
    return { ok: false, message: `${field.name} must be at least ${field.minLength} characters` }
  }
  if (field.maxLength !== undefined && text.length > field.maxLength) {
    return { ok: false, message: `${field.name} must be at most ${field.maxLength} characters` }
  }
  return { ok: true, value: text }
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
