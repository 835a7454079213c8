import { describe, expect, it } from 'vitest'
import { describeTemplateVariables } from '../templateVariables.ts'

describe('describeTemplateVariables', () => {
  it('lists variables in order; query-form variables are optional', () => {
    expect(describeTemplateVariables('repo://{owner}/{name}/issues{?state,limit}{&sort}')).toEqual([
      { name: 'owner', key: 'owner', required: true },
      { name: 'name', key: 'name', required: true },
      { name: 'state', key: 'state', required: false },
      { name: 'limit', key: 'limit', required: false },
      { name: 'sort', key: 'sort', required: false },
    ])
  })

  it('handles operators and modifiers, and yields nothing for an invalid template', () => {
    expect(describeTemplateVariables('file:///{+path}{/seg*}{?q:3}')).toEqual([
      { name: 'path', key: 'path', required: true },
      { name: 'seg', key: 'seg', required: true },
      { name: 'q', key: 'q', required: false },
    ])
    expect(describeTemplateVariables('no variables')).toEqual([])
  })
})
