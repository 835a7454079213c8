import type { PendingInput } from '@resource-kit/react'
import { describe, expect, it } from 'vitest'
import { readingState } from '../conversation/readingState.ts'

const users = { serverId: 'demo', uri: 'db://prod/users', label: 'users' }
const readme = { serverId: 'demo', uri: 'file:///w/README.md', label: 'Readme' }
const request = (serverId: string, uri?: string): PendingInput => ({
  id: 1,
  serverId,
  ...(uri !== undefined && { uri }),
  request: { mode: 'form', message: 'Confirm', fields: [], schema: {} },
  respond: () => {},
})
const reading = { status: 'reading' as const, context: [] }

describe('readingState', () => {
  it('is waiting for the user while a read of one of its mentions has a pending request', () => {
    expect(readingState(reading, [readme, users], [request('demo', users.uri)], null)).toEqual({
      kind: 'waiting',
      mention: users,
      where: 'panel',
    })
  })

  it('points to the preview when the form for that resource shows there', () => {
    const state = readingState(reading, [users], [request('demo', users.uri)], users)
    expect(state).toEqual({ kind: 'waiting', mention: users, where: 'preview' })
  })

  it('is still reading when the pending requests are for other resources or servers', () => {
    const others = [
      request('demo', 'db://prod/orders'),
      request('other', users.uri),
      request('demo'),
    ]
    expect(readingState(reading, [users], others, null)).toEqual({ kind: 'reading' })
  })

  it('counts the context once the reads are done, pending requests or not', () => {
    const ready = { status: 'ready' as const, context: [] }
    expect(readingState(ready, [users], [request('demo', users.uri)], null)).toEqual({
      kind: 'ready',
      count: 0,
    })
  })
})
