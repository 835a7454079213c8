import type { FormField } from '@resource-kit/client'
import { describe, expect, it } from 'vitest'
import { describeField, parseFieldValue } from '../formValues.ts'

const field = (extra: Partial<FormField>): FormField => ({
  name: 'f',
  type: 'string',
  required: true,
  ...extra,
})

describe('parseFieldValue', () => {
  it('reads yes/no words as booleans', () => {
    const flag = field({ type: 'boolean' })
    expect(parseFieldValue(flag, 'Y')).toEqual({ ok: true, value: true })
    expect(parseFieldValue(flag, 'false')).toEqual({ ok: true, value: false })
    expect(parseFieldValue(flag, 'maybe')).toEqual({ ok: false, message: 'f: Choose yes or no.' })
  })

  it('checks numbers, whole numbers and their range', () => {
    expect(parseFieldValue(field({ type: 'number' }), '2.5')).toEqual({ ok: true, value: 2.5 })
    expect(parseFieldValue(field({ type: 'integer' }), '2.5')).toMatchObject({ ok: false })
    expect(parseFieldValue(field({ type: 'number', minimum: 1, maximum: 5 }), '9')).toEqual({
      ok: false,
      message: 'f: Enter at most 5.',
    })
    expect(parseFieldValue(field({ type: 'number' }), '')).toMatchObject({ ok: false })
  })

  it('matches a choice by value, label or number', () => {
    const choice = field({
      options: [
        { value: 'dev', label: 'Development' },
        { value: 'prod', label: 'Production' },
      ],
    })
    expect(parseFieldValue(choice, 'prod')).toEqual({ ok: true, value: 'prod' })
    expect(parseFieldValue(choice, 'development')).toEqual({ ok: true, value: 'dev' })
    expect(parseFieldValue(choice, '2')).toEqual({ ok: true, value: 'prod' })
    expect(parseFieldValue(choice, 'qa')).toEqual({
      ok: false,
      message: 'f: Choose a value from the list.',
    })
  })

  it('reads a multi-select as a comma-separated list', () => {
    const multi = field({
      multiple: true,
      options: [
        { value: 'a', label: 'A' },
        { value: 'b', label: 'B' },
      ],
    })
    expect(parseFieldValue(multi, 'a, 2')).toEqual({ ok: true, value: ['a', 'b'] })
  })

  it('checks through the client, with the sentences the React form shows', () => {
    const multi = field({ multiple: true, options: [{ value: 'a', label: 'A' }] })
    expect(parseFieldValue(multi, 'a, z')).toEqual({
      ok: false,
      message: 'f: Choose only values from the list.',
    })
    expect(parseFieldValue(multi, ' , ')).toEqual({
      ok: false,
      message: 'f: This field is required.',
    })
    expect(parseFieldValue(field({ format: 'email' }), 'nobody')).toEqual({
      ok: false,
      message: 'f: Enter an email address.',
    })
    expect(parseFieldValue(field({}), '')).toEqual({
      ok: false,
      message: 'f: This field is required.',
    })
    expect(parseFieldValue(field({ required: false }), '')).toEqual({ ok: true, value: '' })
  })

  it('checks string length', () => {
    expect(parseFieldValue(field({ minLength: 3 }), 'ab')).toMatchObject({ ok: false })
    expect(parseFieldValue(field({ maxLength: 3 }), 'abc')).toEqual({ ok: true, value: 'abc' })
  })
})

describe('describeField', () => {
  it('says what a field takes', () => {
    expect(describeField(field({ type: 'boolean' }))).toBe('yes/no')
    expect(describeField(field({ type: 'integer', minimum: 1, maximum: 9 }))).toBe(
      'whole number 1–9',
    )
    expect(describeField(field({ format: 'email' }))).toBe('string (email)')
  })
})
