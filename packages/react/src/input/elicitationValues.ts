// Pure form logic for ElicitationForm: initial values from defaults, and the answer checked
// by the client's validation (the rule's one owner).
import {
  type ElicitationValidation,
  type FormField,
  validateElicitationContent,
} from '@resource-kit/client'

/** What a form input holds: text, a checkbox, or a multi-select's choices. */
export type FieldInput = string | boolean | string[]

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

/**
 * Checks and coerces form values with the client's `validateElicitationContent`, the one
 * owner of the rule (the CLI calls it too), so the form never accepts what the client
 * then refuses and every surface shows the same sentence. The form only says what an
 * empty input means: no answer (so a required field reports "This field is required.").
 */
export function coerceValues(
  fields: readonly FormField[],
  values: Readonly<Record<string, FieldInput>>,
): ElicitationValidation {
  const answered: [string, FieldInput][] = []
  for (const f of fields) {
    const raw = Object.hasOwn(values, f.name) ? values[f.name] : undefined
    if (raw === undefined || raw === '' || (Array.isArray(raw) && raw.length === 0)) continue
    answered.push([f.name, raw])
  }
  // fromEntries keeps a field named `__proto__` as plain data.
  return validateElicitationContent(fields, Object.fromEntries(answered))
}
