import { ProtocolError } from '@modelcontextprotocol/server'
import { describe, expect, it } from 'vitest'
import { decodeCursor, encodeCursor } from '../cursor.ts'

describe('cursor', () => {
  it('round-trips the URI it names, in a URL- and header-safe form', () => {
    for (const uri of ['db://prod/users', 'file:///workspace/src/a b/ü?.ts', '']) {
      const cursor = encodeCursor(uri)
      expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/)
      expect(decodeCursor(cursor)).toBe(uri)
    }
  })

  it.each([
    ['not base64', '!!!'],
    ['empty', ''],
    ['base64 of non-JSON', btoa('hello')],
    ['JSON of the wrong shape', btoa(JSON.stringify({ after: 3 }))],
    ['another version', btoa(JSON.stringify({ v: 2, after: 'x' }))],
  ])('rejects a cursor that is %s with -32602 "Invalid cursor"', (_name, cursor) => {
    let error: unknown
    try {
      decodeCursor(cursor)
    } catch (caught) {
      error = caught
    }
    expect(error).toBeInstanceOf(ProtocolError)
    expect(error).toMatchObject({
      code: -32602,
      message: expect.stringContaining('Invalid cursor'),
    })
  })
})
