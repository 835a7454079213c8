import { expandTemplate, templateVariables } from '@resource-kit/client'
import { describe, expect, it } from 'vitest'
import {
  answerDraft,
  backDraft,
  currentVariable,
  draftMention,
  draftText,
  isDraftComplete,
  startDraft,
} from '../templateDraft.ts'

const table = {
  uriTemplate: 'db://{schema}/{table}',
  name: 'database-table',
  title: 'Database table',
}

describe('templateDraft', () => {
  it('asks each variable in turn and shows the answers in the chip', () => {
    let draft = startDraft('demo', table, templateVariables(table.uriTemplate), 'data')
    expect(currentVariable(draft)).toBe('schema')
    expect(draftText(draft)).toBe('@Database table › schema: ')
    draft = answerDraft(draft, 'prod')
    expect(currentVariable(draft)).toBe('table')
    expect(draftText(draft)).toBe('@Database table › schema: prod › table: ')
    draft = answerDraft(draft, 'users')
    expect(isDraftComplete(draft)).toBe(true)
    expect(draftMention(draft, expandTemplate)).toEqual({
      serverId: 'demo',
      uri: 'db://prod/users',
      label: 'Database table: prod / users',
    })
  })

  it('goes back one variable, and cancels from the first', () => {
    const start = startDraft('demo', table, ['schema', 'table'], 'data')
    const answered = answerDraft(start, 'prod')
    expect(backDraft(answered)).toEqual(start)
    expect(backDraft(start)).toBeNull()
  })

  it('expands reserved variables without escaping their slashes', () => {
    const file = { uriTemplate: 'file:///workspace/{+path}', name: 'workspace-file' }
    const draft = answerDraft(
      startDraft('demo', file, templateVariables(file.uriTemplate), ''),
      'src/a b.ts',
    )
    expect(draftMention(draft, expandTemplate).uri).toBe('file:///workspace/src/a%20b.ts')
  })

  it('leaves a skipped optional variable out of the URI', () => {
    const search = { uriTemplate: 'ticket://{project}/search{?q}', name: 'search', title: 'Search' }
    let draft = startDraft(
      'demo',
      search,
      templateVariables(search.uriTemplate),
      '',
      new Set(['q']),
    )
    draft = answerDraft(answerDraft(draft, 'api'), '')
    expect(draftMention(draft, expandTemplate)).toEqual({
      serverId: 'demo',
      uri: 'ticket://api/search',
      label: 'Search: api',
    })
  })
})
