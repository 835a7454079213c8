import { describe, expect, it } from 'vitest'
import { parseMentionQuery } from '../mentionQuery.ts'

const servers = [
  { serverId: 'demo', serverName: 'Demo workspace' },
  { serverId: 'gh', serverName: 'GitHub' },
]

describe('parseMentionQuery', () => {
  it('searches every server without a scope', () => {
    expect(parseMentionQuery('readme', servers)).toEqual({ text: 'readme' })
  })

  it('scopes to a server named by id or by display name, ignoring case', () => {
    expect(parseMentionQuery('demo:read', servers)).toEqual({ serverId: 'demo', text: 'read' })
    expect(parseMentionQuery('GH:', servers)).toEqual({ serverId: 'gh', text: '' })
    expect(parseMentionQuery('demo-workspace:x', servers)).toEqual({ serverId: 'demo', text: 'x' })
  })

  it('keeps a colon that names no server as search text (URIs have colons)', () => {
    expect(parseMentionQuery('file:///a', servers)).toEqual({ text: 'file:///a' })
    expect(parseMentionQuery(':x', servers)).toEqual({ text: ':x' })
  })
})
