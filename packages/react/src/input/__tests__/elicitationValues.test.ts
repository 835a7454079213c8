import type { FormField } from '@resource-kit/client'
import { describe, expect, it } from 'vitest'
import { coerceValues, initialValues } from '../elicitationValues.ts'

const fields: FormField[] = [
  { name: 'token', type: 'string', required: true, minLength: 3 },
  { name: 'count', type: 'integer', required: false, minimum: 1, maximum: 5 },
  { name: 'ok', type: 'boolean', required: false, default: true },
  {
    name: 'tags',
    type: 'string',
    required: false,
    multiple: true,
    options: [{ value: 'a', label: 'A' }],
  },
]

describe('elicitation values', () => {
  it('starts from the defaults', () => {
    expect(initialValues(fields)).toEqual({ token: '', count: '', ok: true, tags: [] })
  })

  it('coerces numbers and booleans and drops empty optional fields', () => {
    const result = coerceValues(fields, { token: ' abc ', count: '3', ok: false, tags: [] })
    expect(result).toEqual({ ok: true, content: { token: 'abc', count: 3, ok: false } })
  })

  it('reports a sentence per bad field', () => {
    const result = coerceValues(fields, { token: '', count: '2.5', ok: true, tags: [] })
    expect(result).toEqual({
      ok: false,
      errors: { token: 'This field is required.', count: 'Enter a whole number.' },
    })
    expect(coerceValues(fields, { token: 'ab', count: '9' })).toEqual({
      ok: false,
      errors: { token: 'Use at least 3 characters.', count: 'Must be at most 5.' },
    })
  })

  it('keeps a field named __proto__ as plain data', () => {
    const evil: FormField[] = [{ name: '__proto__', type: 'string', required: true }]
    const values = initialValues(evil)
    expect(Object.getPrototypeOf(values)).toBe(Object.prototype)
    const result = coerceValues(evil, JSON.parse('{"__proto__":"x"}'))
    expect(result.ok && Object.hasOwn(result.content, '__proto__')).toBe(true)
  })
})
