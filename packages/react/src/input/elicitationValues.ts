// Pure form logic for ElicitationForm: initial values from defaults, and coercion of what
// inputs produce (strings, booleans) into the typed answer, with a sentence per bad field.
import type { ElicitationAnswer, FormField } from '@resource-kit/client'

export type FieldInput = string | boolean | string[]
export type AnswerContent = NonNullable<Extract<ElicitationAnswer, { action: 'accept' }>['content']>

/** Values a fresh form starts with. */
export function initialValues(fields: readonly FormField[]): Record<string, FieldInput> {
  // fromEntries, not assignment: a field named `__proto__` must stay plain data.
  return Object.fromEntries(
    fields.map((f): [string, FieldInput] => {
      if (f.type === 'boolean') return [f.name, f.default === true]
      if (f.multiple) return [f.name, Array.isArray(f.default) ? f.default : []]
      return [f.name, f.default === undefined || Array.isArray(f.default) ? '' : String(f.default)]
    }),
  )
}

/** Checks and coerces form values; `errors` maps a field name to a sentence. */
export function coerceValues(
  fields: readonly FormField[],
  values: Readonly<Record<string, FieldInput>>,
): { ok: true; content: AnswerContent } | { ok: false; errors: Record<string, string> } {
  const content: [string, string | number | boolean | string[]][] = []
  const errors: [string, string][] = []
  for (const f of fields) {
    const raw = Object.hasOwn(values, f.name) ? values[f.name] : undefined
    if (f.type === 'boolean') {
      content.push([f.name, raw === true])
      continue
    }
    if (f.multiple) {
      const list = Array.isArray(raw) ? raw : []
      if (f.required && list.length === 0) errors.push([f.name, 'Choose at least one.'])
      else if (list.length > 0) content.push([f.name, list])
      continue
    }
    const text = typeof raw === 'string' ? raw.trim() : ''
    if (text === '') {
      if (f.required) errors.push([f.name, 'This field is required.'])
      continue
    }
    if (f.type === 'number' || f.type === 'integer') {
      const n = Number(text)
      if (!Number.isFinite(n) || (f.type === 'integer' && !Number.isInteger(n))) {
        errors.push([f.name, f.type === 'integer' ? 'Enter a whole number.' : 'Enter a number.'])
      } else if (f.minimum !== undefined && n < f.minimum) {
        errors.push([f.name, `Must be at least ${f.minimum}.`])
      } else if (f.maximum !== undefined && n > f.maximum) {
        errors.push([f.name, `Must be at most ${f.maximum}.`])
      } else content.push([f.name, n])
      continue
    }
    if (f.minLength !== undefined && text.length < f.minLength) {
      errors.push([f.name, `Use at least ${f.minLength} characters.`])
    } else if (f.maxLength !== undefined && text.length > f.maxLength) {
      errors.push([f.name, `Use at most ${f.maxLength} characters.`])
    } else content.push([f.name, text])
  }
  // fromEntries keeps a field named `__proto__` as plain data.
  if (errors.length > 0) return { ok: false, errors: Object.fromEntries(errors) }
  return { ok: true, content: Object.fromEntries(content) }
}
