import { describe, expect, it } from 'vitest'
import type { PickerSource } from '../../shared/sourceTypes.ts'
import { mentionAnnouncement } from '../mentionAnnouncement.ts'
import type { MentionOption } from '../mentionOptions.ts'

const readme = { uri: 'file:///ws/readme.md', name: 'readme.md' }
const option = {
  kind: 'resource',
  key: 'k',
  label: 'readme.md',
  serverId: 'files',
  serverName: 'Files',
  resource: readme,
} as MentionOption
const source = (serverId: string, status: PickerSource['status']): PickerSource => ({
  serverId,
  serverName: serverId,
  status,
  resources: [],
})

const announce = (sources: PickerSource[]) =>
  mentionAnnouncement({
    mode: 'resource',
    options: [option],
    total: 1,
    exact: true,
    suggestions: 0,
    draft: null,
    variable: undefined,
    sources,
    query: { text: 'read' },
  })

describe('mentionAnnouncement', () => {
  it('says a server needing sign-in is not a failure (it was "1 server could not be listed" after every key)', () => {
    const said = announce([source('files', 'ready'), source('mail', 'needs-auth')])
    expect(said).toBe('1 result. First: readme.md, resource, Files.')
  })

  it('still says how many servers failed', () => {
    const said = announce([source('files', 'ready'), source('down', 'error')])
    expect(said).toMatch(/1 server could not be listed\.$/)
  })
})
