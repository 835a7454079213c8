import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  flattenElicitationSchema,
  parseElicitationParams,
  validateElicitationContent,
} from '../elicitationForm.ts'

describe('flattenElicitationSchema', () => {
  it('maps every primitive kind of the spec to a field', () => {
    const fields = flattenElicitationSchema({
      type: 'object',
      properties: {
        ok: { type: 'boolean', title: 'Proceed?', default: true },
        name: { type: 'string', minLength: 1, maxLength: 20, format: 'email', default: 'a@b.c' },
        age: { type: 'integer', minimum: 0, maximum: 150 },
        ratio: { type: 'number', default: 0.5 },
        color: { type: 'string', enum: ['r', 'g'], enumNames: ['Red', 'Green'] },
        size: {
          type: 'string',
          oneOf: [
            { const: 's', title: 'Small' },
            { const: 'l', title: 'Large' },
          ],
        },
        plain: { type: 'string', enum: ['x', 'y'], default: 'y' },
        tags: { type: 'array', items: { type: 'string', enum: ['a', 'b'] }, default: ['b', 'zz'] },
        picks: { type: 'array', items: { anyOf: [{ const: '1', title: 'One' }] } },
      },
      required: ['ok', 'age', 'nope'],
    })
    expect(fields).toEqual([
      { name: 'ok', type: 'boolean', required: true, title: 'Proceed?', default: true },
      {
        name: 'name',
        type: 'string',
        required: false,
        format: 'email',
        minLength: 1,
        maxLength: 20,
        default: 'a@b.c',
      },
      { name: 'age', type: 'integer', required: true, minimum: 0, maximum: 150 },
      { name: 'ratio', type: 'number', required: false, default: 0.5 },
      {
        name: 'color',
        type: 'string',
        required: false,
        options: [
          { value: 'r', label: 'Red' },
          { value: 'g', label: 'Green' },
        ],
      },
      {
        name: 'size',
        type: 'string',
        required: false,
        options: [
          { value: 's', label: 'Small' },
          { value: 'l', label: 'Large' },
        ],
      },
      {
        name: 'plain',
        type: 'string',
        required: false,
        options: [
          { value: 'x', label: 'x' },
          { value: 'y', label: 'y' },
        ],
        default: 'y',
      },
      {
        name: 'tags',
        type: 'string',
        required: false,
        multiple: true,
        options: [
          { value: 'a', label: 'a' },
          { value: 'b', label: 'b' },
        ],
        default: ['b'],
      },
      {
        name: 'picks',
        type: 'string',
        required: false,
        multiple: true,
        options: [{ value: '1', label: 'One' }],
      },
    ])
  })

  it('skips what a form cannot show and keeps what it can from odd schemas', () => {
    const fields = flattenElicitationSchema({
      properties: {
        nested: { type: 'object', properties: { a: { type: 'string' } } },
        list: { type: 'array', items: { type: 'number' } },
        unknown: { type: 'date' },
        none: {},
        notObject: 'string',
        '': { type: 'string' },
        nullable: { type: ['null', 'string'] },
        enumOnly: { enum: ['a', 1, 'a', null] },
        badDefault: { type: 'integer', minimum: 5, default: 1 },
        badEnumDefault: { type: 'string', enum: ['a'], default: 'b' },
        weird: { type: 'string', format: 'javascript', minLength: -1, maxLength: 2.5 },
        __proto__: { type: 'boolean' },
      },
      required: 'ok',
    })
    expect(fields.map((f) => f.name)).toEqual([
      'nullable',
      'enumOnly',
      'badDefault',
      'badEnumDefault',
      'weird',
    ])
    expect(fields[1]?.options).toEqual([{ value: 'a', label: 'a' }])
    expect(fields[2]).not.toHaveProperty('default')
    expect(fields[3]).not.toHaveProperty('default')
    expect(fields[4]).toEqual({ name: 'weird', type: 'string', required: false })
  })

  it('caps hostile sizes', () => {
    const properties = Object.fromEntries(
      Array.from({ length: 1000 }, (_, i) => [
        `f${i}`,
        { type: 'string', title: 'x'.repeat(10_000) },
      ]),
    )
    const fields = flattenElicitationSchema({ type: 'object', properties })
    expect(fields).toHaveLength(100)
    expect(fields[0]?.title).toHaveLength(2000)
    const many = flattenElicitationSchema({
      properties: { e: { type: 'string', enum: Array.from({ length: 5000 }, (_, i) => `v${i}`) } },
    })
    expect(many[0]?.options).toHaveLength(500)
  })

  it('never throws, whatever the server sends', () => {
    fc.assert(
      fc.property(fc.anything(), (schema) => {
        const fields = flattenElicitationSchema(schema)
        expect(Array.isArray(fields)).toBe(true)
      }),
    )
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.anything()), (properties) => {
        for (const field of flattenElicitationSchema({ type: 'object', properties })) {
          expect(['string', 'number', 'integer', 'boolean']).toContain(field.type)
        }
      }),
    )
  })
})

describe('parseElicitationParams', () => {
  it('reads form and url modes', () => {
    expect(
      parseElicitationParams({
        message: 'Read it?',
        requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } } },
      }),
    ).toEqual({
      mode: 'form',
      message: 'Read it?',
      fields: [{ name: 'ok', type: 'boolean', required: false }],
      schema: { type: 'object', properties: { ok: { type: 'boolean' } } },
    })
    expect(
      parseElicitationParams({ mode: 'url', message: 'Sign in', url: 'https://x.test/a' }),
    ).toEqual({
      mode: 'url',
      message: 'Sign in',
      url: 'https://x.test/a',
    })
  })

  it('refuses unsafe or unusable params with a TypeError', () => {
    expect(() =>
      parseElicitationParams({ mode: 'url', message: 'm', url: 'javascript:alert(1)' }),
    ).toThrow(/non-http/)
    expect(() => parseElicitationParams({ mode: 'url', message: 'm' })).toThrow(/no url/)
    expect(() => parseElicitationParams({ mode: 'telepathy', message: 'm' })).toThrow(
      /unknown elicitation mode/,
    )
    expect(() => parseElicitationParams(null)).toThrow(TypeError)
  })
})

describe('validateElicitationContent', () => {
  const fields = flattenElicitationSchema({
    properties: {
      ok: { type: 'boolean' },
      n: { type: 'integer', minimum: 1, maximum: 9 },
      who: { type: 'string', format: 'email' },
      pick: { type: 'string', enum: ['a', 'b'] },
      many: { type: 'array', items: { type: 'string', enum: ['x', 'y'] } },
      note: { type: 'string', maxLength: 3 },
    },
    required: ['ok', 'n'],
  })

  it('coerces what a form produces and drops unknown keys', () => {
    expect(
      validateElicitationContent(fields, { ok: 'true', n: ' 4 ', many: 'x', extra: 1, note: '' }),
    ).toEqual({ ok: true, content: { ok: true, n: 4, many: ['x'], note: '' } })
  })

  it('reports each invalid field with a sentence', () => {
    const result = validateElicitationContent(fields, {
      n: 2.5,
      who: 'nobody',
      pick: 'c',
      many: ['x', 'z'],
      note: 'long',
    })
    expect(result).toEqual({
      ok: false,
      errors: {
        ok: 'This field is required.',
        n: 'Enter a whole number.',
        who: 'Enter an email address.',
        pick: 'Choose a value from the list.',
        many: 'Choose only values from the list.',
        note: 'Enter at most 3 characters.',
      },
    })
    expect(validateElicitationContent(fields, { ok: true, n: 10 })).toMatchObject({
      errors: { n: 'Enter at most 9.' },
    })
  })

  it('counts minLength and maxLength in characters, not UTF-16 units', () => {
    const name = flattenElicitationSchema({
      properties: { shop: { type: 'string', minLength: 3, maxLength: 3 } },
    })
    // Three characters, four UTF-16 units ("𠮷" is a surrogate pair).
    expect(validateElicitationContent(name, { shop: '𠮷野家' })).toEqual({
      ok: true,
      content: { shop: '𠮷野家' },
    })
    expect(validateElicitationContent(name, { shop: '😀😀' })).toEqual({
      ok: false,
      errors: { shop: 'Enter at least 3 characters.' },
    })
    expect(validateElicitationContent(name, { shop: '𠮷野家!' })).toEqual({
      ok: false,
      errors: { shop: 'Enter at most 3 characters.' },
    })
  })

  it('takes an empty text or an empty choice as no answer to a required field', () => {
    const required = flattenElicitationSchema({
      properties: {
        name: { type: 'string' },
        tags: { type: 'array', items: { type: 'string', enum: ['x', 'y'] } },
        note: { type: 'string' },
        more: { type: 'array', items: { type: 'string', enum: ['x'] } },
      },
      required: ['name', 'tags'],
    })
    expect(
      validateElicitationContent(required, { name: '', tags: [], note: '', more: [] }),
    ).toEqual({
      ok: false,
      errors: { name: 'This field is required.', tags: 'This field is required.' },
    })
    // Optional fields keep an empty answer as given.
    expect(
      validateElicitationContent(required, { name: 'a', tags: ['x'], note: '', more: [] }),
    ).toEqual({ ok: true, content: { name: 'a', tags: ['x'], note: '', more: [] } })
  })

  it('keeps a field named __proto__ as plain data', () => {
    const protoFields = flattenElicitationSchema(
      JSON.parse('{"properties":{"__proto__":{"type":"string"}}}'),
    )
    const result = validateElicitationContent(protoFields, JSON.parse('{"__proto__":"v"}'))
    expect(result.ok).toBe(true)
    if (result.ok) {
      expect(Object.getPrototypeOf(result.content)).toBe(Object.prototype)
      expect(JSON.stringify(result.content)).toBe('{"__proto__":"v"}')
    }
  })
})
