// Elicitation as a UI sees it: the server's restricted JSON schema flattened into form
// fields, and the person's answer checked and coerced against those fields before it goes
// back. The schema is untrusted: odd or hostile parts are skipped, never thrown on.
import type { ElicitationRequest, FormField } from './inputHandler.ts'
import { isPlainObject } from './isPlainObject.ts'

/** Caps that keep a hostile schema from producing an unusable form. */
const MAX_FIELDS = 100
const MAX_OPTIONS = 500
const MAX_NAME = 200
const MAX_TEXT = 2_000
const MAX_MESSAGE = 10_000
const FORMATS = new Set(['email', 'uri', 'date', 'date-time'])

type FieldValue = string | number | boolean | string[]

const REQUIRED = 'This field is required.'

/** Flattens an elicitation `requestedSchema` (an object of primitive properties) into form fields; anything else is skipped. */
export function flattenElicitationSchema(schema: unknown): FormField[] {
  if (!isPlainObject(schema) || !isPlainObject(schema.properties)) return []
  const required = new Set(
    Array.isArray(schema.required) ? schema.required.filter((r) => typeof r === 'string') : [],
  )
  const fields: FormField[] = []
  for (const [name, raw] of Object.entries(schema.properties)) {
    if (fields.length >= MAX_FIELDS) break
    if (name.length === 0 || name.length > MAX_NAME || !isPlainObject(raw)) continue
    const field = toField(name, raw, required.has(name))
    if (field) fields.push(field)
  }
  return fields
}

/**
 * Reads the params of an embedded or legacy `elicitation/create` into the plain request a
 * handler gets. Throws a TypeError naming the problem when the params are unusable
 * (no message, a URL that is not http(s), a form mode without a schema object).
 */
export function parseElicitationParams(params: unknown): ElicitationRequest {
  if (!isPlainObject(params)) throw new TypeError('elicitation params are not an object')
  const message = typeof params.message === 'string' ? params.message.slice(0, MAX_MESSAGE) : ''
  if (params.mode === 'url') {
    if (typeof params.url !== 'string') throw new TypeError('URL elicitation has no url')
    return { mode: 'url', message, url: safeUrl(params.url) }
  }
  if (params.mode !== undefined && params.mode !== 'form') {
    throw new TypeError(
      `unknown elicitation mode ${JSON.stringify(String(params.mode).slice(0, 40))}`,
    )
  }
  const schema = isPlainObject(params.requestedSchema) ? params.requestedSchema : {}
  return { mode: 'form', message, fields: flattenElicitationSchema(schema), schema }
}

/**
 * The one wording of a refused input request, for every surface: the form's buttons, the
 * error a read then fails with, the CLI. Decline: the person will not give this (the server
 * may go on without it). Cancel: the person stops the request without answering.
 */
export const inputRefusalWords = {
  decline: { button: "Don't share", outcome: 'you chose not to share it' },
  cancel: { button: 'Cancel request', outcome: 'you cancelled the request' },
} as const

export type ElicitationValidation =
  | { ok: true; content: Record<string, FieldValue> }
  /** `errors` maps a field name to a sentence a form can show beside it. */
  | { ok: false; errors: Record<string, string> }

/**
 * Checks a form answer against the fields and coerces what a form naturally produces
 * (`"42"` for a number, `"true"` for a boolean, one string for a multi-select). Unknown
 * keys are dropped; an absent optional field is left out.
 */
export function validateElicitationContent(
  fields: readonly FormField[],
  content: unknown,
): ElicitationValidation {
  const input = isPlainObject(content) ? content : {}
  const entries: [string, FieldValue][] = []
  const errors: [string, string][] = []
  for (const field of fields) {
    const raw = Object.hasOwn(input, field.name) ? input[field.name] : undefined
    if (raw === undefined || raw === null || (raw === '' && field.type !== 'string')) {
      if (field.required) errors.push([field.name, REQUIRED])
      continue
    }
    const checked = checkValue(field, raw)
    // An empty text or an empty choice is no answer to a required field.
    if (field.required && 'value' in checked && isEmptyAnswer(checked.value)) {
      errors.push([field.name, REQUIRED])
      continue
    }
    if ('error' in checked) errors.push([field.name, checked.error])
    else entries.push([field.name, checked.value])
  }
  // fromEntries defines own properties, so a field named `__proto__` stays plain data.
  if (errors.length > 0) return { ok: false, errors: Object.fromEntries(errors) }
  return { ok: true, content: Object.fromEntries(entries) }
}

/** The errors of a failed validation as one line (`ok: Choose yes or no.; count: Enter a number.`). */
export function describeElicitationErrors(errors: Record<string, string>): string {
  return Object.entries(errors)
    .map(([field, error]) => `${field}: ${error}`)
    .join('; ')
}

function toField(
  name: string,
  raw: Record<string, unknown>,
  required: boolean,
): FormField | undefined {
  const base: FormField = { name, type: 'string', required }
  if (typeof raw.title === 'string') base.title = raw.title.slice(0, MAX_TEXT)
  if (typeof raw.description === 'string') base.description = raw.description.slice(0, MAX_TEXT)
  const type = primitiveType(raw)
  if (type === 'boolean') {
    return { ...base, type, ...(typeof raw.default === 'boolean' && { default: raw.default }) }
  }
  if (type === 'number' || type === 'integer') {
    const field: FormField = { ...base, type }
    if (isFiniteNumber(raw.minimum)) field.minimum = raw.minimum
    if (isFiniteNumber(raw.maximum)) field.maximum = raw.maximum
    if (isFiniteNumber(raw.default) && !('error' in checkValue(field, raw.default))) {
      field.default = raw.default
    }
    return field
  }
  if (type === 'string') {
    const options = enumOptions(raw)
    const field: FormField = { ...base, type, ...(options && { options }) }
    if (typeof raw.format === 'string' && FORMATS.has(raw.format) && !options)
      field.format = raw.format
    if (isLength(raw.minLength)) field.minLength = raw.minLength
    if (isLength(raw.maxLength)) field.maxLength = raw.maxLength
    if (
      typeof raw.default === 'string' &&
      (!options || options.some((o) => o.value === raw.default))
    ) {
      field.default = raw.default
    }
    return field
  }
  if (type === 'array' && isPlainObject(raw.items)) {
    const options = enumOptions(raw.items)
    if (!options) return undefined
    const field: FormField = { ...base, type: 'string', multiple: true, options }
    if (Array.isArray(raw.default)) {
      const allowed = new Set(options.map((o) => o.value))
      field.default = raw.default.filter(
        (v): v is string => typeof v === 'string' && allowed.has(v),
      )
    }
    return field
  }
  return undefined
}

/** The first usable `type` (a list like `["string", "null"]` counts as its first primitive); an enum without a type is a string. */
function primitiveType(raw: Record<string, unknown>): string | undefined {
  const known = ['string', 'number', 'integer', 'boolean', 'array']
  const types = Array.isArray(raw.type) ? raw.type : [raw.type]
  const type = types.find((t): t is string => typeof t === 'string' && known.includes(t))
  if (type) return type
  if (raw.type === undefined && (Array.isArray(raw.enum) || Array.isArray(raw.oneOf)))
    return 'string'
  return undefined
}

function enumOptions(raw: Record<string, unknown>): { value: string; label: string }[] | undefined {
  const options: { value: string; label: string }[] = []
  const seen = new Set<string>()
  const add = (value: unknown, label: unknown) => {
    if (typeof value !== 'string' || seen.has(value) || options.length >= MAX_OPTIONS) return
    seen.add(value)
    options.push({ value, label: typeof label === 'string' ? label.slice(0, MAX_TEXT) : value })
  }
  if (Array.isArray(raw.enum)) {
    const names = Array.isArray(raw.enumNames) ? raw.enumNames : []
    for (const [index, value] of raw.enum.entries()) add(value, names[index])
  } else {
    const choices = Array.isArray(raw.oneOf) ? raw.oneOf : Array.isArray(raw.anyOf) ? raw.anyOf : []
    for (const choice of choices) if (isPlainObject(choice)) add(choice.const, choice.title)
    if (choices.length === 0) return undefined
  }
  return options.length > 0 ? options : undefined
}

function checkValue(field: FormField, raw: unknown): { value: FieldValue } | { error: string } {
  if (field.type === 'boolean') {
    if (typeof raw === 'boolean') return { value: raw }
    if (raw === 'true' || raw === 'false') return { value: raw === 'true' }
    return { error: 'Choose yes or no.' }
  }
  if (field.type === 'number' || field.type === 'integer') {
    const n =
      typeof raw === 'number'
        ? raw
        : typeof raw === 'string' && raw.trim()
          ? Number(raw)
          : Number.NaN
    if (!Number.isFinite(n)) return { error: 'Enter a number.' }
    if (field.type === 'integer' && !Number.isInteger(n)) return { error: 'Enter a whole number.' }
    if (field.minimum !== undefined && n < field.minimum)
      return { error: `Enter at least ${field.minimum}.` }
    if (field.maximum !== undefined && n > field.maximum)
      return { error: `Enter at most ${field.maximum}.` }
    return { value: n }
  }
  const allowed = field.options && new Set(field.options.map((o) => o.value))
  if (field.multiple) {
    const list = typeof raw === 'string' ? [raw] : raw
    if (!Array.isArray(list) || !list.every((v) => typeof v === 'string'))
      return { error: 'Choose from the list.' }
    if (allowed && !list.every((v) => allowed.has(v)))
      return { error: 'Choose only values from the list.' }
    return { value: [...new Set(list)] }
  }
  if (typeof raw !== 'string') return { error: 'Enter text.' }
  if (allowed && !allowed.has(raw)) return { error: 'Choose a value from the list.' }
  const length = codePoints(raw)
  if (field.minLength !== undefined && length < field.minLength) {
    return { error: `Enter at least ${field.minLength} characters.` }
  }
  if (field.maxLength !== undefined && length > field.maxLength) {
    return { error: `Enter at most ${field.maxLength} characters.` }
  }
  const formatError = field.format ? checkFormat(field.format, raw) : undefined
  return formatError ? { error: formatError } : { value: raw }
}

function checkFormat(format: string, value: string): string | undefined {
  if (format === 'email' && !/^[^\s@]+@[^\s@]+$/.test(value)) return 'Enter an email address.'
  if (format === 'uri' && !URL.canParse(value)) return 'Enter a full URI.'
  if (format === 'date' && !/^\d{4}-\d{2}-\d{2}$/.test(value)) return 'Enter a date (YYYY-MM-DD).'
  if (format === 'date-time' && Number.isNaN(Date.parse(value))) return 'Enter a date and time.'
  return undefined
}

/** Only http(s) URLs may be offered to a person to open; anything else could run code. */
function safeUrl(raw: string): string {
  const url = URL.canParse(raw) ? new URL(raw) : undefined
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
    throw new TypeError(`URL elicitation asks to open a non-http(s) URL (${raw.slice(0, 60)})`)
  }
  return url.href
}

function isEmptyAnswer(value: FieldValue): boolean {
  return value === '' || (Array.isArray(value) && value.length === 0)
}

/** JSON Schema counts a string's length in characters (code points), not UTF-16 units: "𠮷" is one. */
function codePoints(text: string): number {
  let count = 0
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i)
    // A high surrogate followed by a low one is a single character.
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1)
      if (next >= 0xdc00 && next <= 0xdfff) i++
    }
    count++
  }
  return count
}

function isLength(value: unknown): value is number {
  return Number.isInteger(value) && (value as number) >= 0
}

function isFiniteNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value)
}
