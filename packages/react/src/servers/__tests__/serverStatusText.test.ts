// The card's sentence reads as written: a failure's summary keeps its own end.
import { describe, expect, it } from 'vitest'
import { readySnapshot } from '../../__tests__/fakeClient.ts'
import { serverStatusText } from '../serverStatusText.ts'

const offline = (summary: string) =>
  serverStatusText({ ...readySnapshot('demo'), status: 'offline' }, undefined, {
    state: 'offline',
    failure: { cause: 'unreachable', summary, detail: '' },
  })

describe('serverStatusText', () => {
  it('ends an offline summary with one stop, whatever it ends in', () => {
    expect(offline('Nothing is listening at 127.0.0.1:9. Is the server running?')).toBe(
      'Offline: Nothing is listening at 127.0.0.1:9. Is the server running? Trying again on its own.',
    )
    expect(offline('The server closed the connection.')).toBe(
      'Offline: The server closed the connection. Trying again on its own.',
    )
    expect(offline('not answering')).toBe('Offline: not answering. Trying again on its own.')
  })
})
