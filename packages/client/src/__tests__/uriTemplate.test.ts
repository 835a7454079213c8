import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  expandTemplate,
  findTemplate,
  matchTemplate,
  parseTemplate,
  templateVariables,
} from '../uriTemplate.ts'

describe('uriTemplate', () => {
  it('lists variables in order', () => {
    expect(templateVariables('repo://{owner}/{name}{?ref}')).toEqual(['owner', 'name', 'ref'])
    expect(templateVariables('file:///{+path}')).toEqual(['path'])
  })

  it('expands and matches simple, reserved and query expressions', () => {
    expect(expandTemplate('repo://{owner}/{name}', { owner: 'a b', name: 'x' })).toBe(
      'repo://a%20b/x',
    )
    expect(expandTemplate('file:///{+path}', { path: 'src/main.rs' })).toBe('file:///src/main.rs')
    expect(matchTemplate('repo://{owner}/{name}', 'repo://alice/alpha')).toEqual({
      owner: 'alice',
      name: 'alpha',
    })
    expect(matchTemplate('repo://{owner}/{name}', 'other://alice/alpha')).toBeUndefined()
  })

  it('finds the template a concrete URI came from', () => {
    const templates = [
      { uriTemplate: 'db://{table}', name: 'table' },
      { uriTemplate: 'repo://{owner}/{name}', name: 'repo' },
    ]
    expect(findTemplate(templates, 'repo://bob/beta')).toEqual({
      template: templates[1],
      variables: { owner: 'bob', name: 'beta' },
    })
    expect(findTemplate(templates, 'file:///x')).toBeUndefined()
  })

  it('treats an invalid template as having no variables and matching nothing', () => {
    expect(parseTemplate('repo://{owner')).toBeUndefined()
    expect(templateVariables('repo://{owner')).toEqual([])
    expect(matchTemplate('repo://{owner', 'repo://x')).toBeUndefined()
    expect(() => expandTemplate('repo://{owner', {})).toThrow(/Not a valid URI template/)
  })

  // Values of the simple operator: anything but an empty string survives percent-encoding.
  const value = fc.string({ minLength: 1, maxLength: 20, unit: 'grapheme' })

  it('matches back what it expanded (simple expressions, property)', () => {
    fc.assert(
      fc.property(value, value, (owner, name) => {
        const template = 'repo://{owner}/{name}'
        const uri = expandTemplate(template, { owner, name })
        expect(matchTemplate(template, uri)).toEqual({ owner, name })
      }),
    )
  })

  it('matches back what it expanded (query expressions, property)', () => {
    fc.assert(
      fc.property(value, value, (id, ref) => {
        const template = 'item://{id}{?ref}'
        const uri = expandTemplate(template, { id, ref })
        expect(matchTemplate(template, uri)).toEqual({ id, ref })
      }),
    )
  })
})
