import {
  AuthRequiredError,
  ConnectionError,
  InputDeclinedError,
  McpRequestError,
  NotSupportedError,
  RequestTimeoutError,
  ResourceNotFoundError,
  ResourceTooLargeError,
  UnknownServerError,
} from '@resource-kit/client'
import { describe, expect, it } from 'vitest'
import { defaultToolNames } from '../resourceTools.ts'
import { toToolError } from '../toolError.ts'

const scope = { server: 'docs', uri: 'file:///a.md', tools: defaultToolNames }

describe('toToolError', () => {
  it.each([
    [
      new ResourceNotFoundError('file:///a.md', { serverId: 'docs' }),
      'not_found',
      /search_resources/,
    ],
    [
      new ResourceTooLargeError('file:///a.md', 9_000_000, 1_000_000, 'docs'),
      'too_large',
      /9000000 bytes, over the 1000000 bytes/,
    ],
    [new AuthRequiredError('HTTP 401', { serverId: 'docs' }), 'needs_sign_in', /sign in/],
    [
      new InputDeclinedError('decline', 'Reading file:///a.md', { serverId: 'docs', rounds: 0 }),
      'input_declined',
      /declined/,
    ],
    [new NotSupportedError('completions', 'docs'), 'not_supported', /list_servers/],
    [new UnknownServerError('docs'), 'unknown_server', /list_servers/],
    [new ConnectionError('spawn ENOENT', { serverId: 'docs' }), 'not_connected', /not connected/],
    [
      new McpRequestError(-32601, 'Method not found', { serverId: 'docs' }),
      'not_supported',
      /list_servers/,
    ],
    [new McpRequestError(-32603, 'boom', { serverId: 'docs' }), 'server_error', /try again once/],
    [new DOMException('aborted', 'AbortError'), 'aborted', /cancelled/],
    [new DOMException('no answer within 5 s', 'TimeoutError'), 'timed_out', /in time/],
    [
      new RequestTimeoutError('resources/read', 15_000, { serverId: 'docs' }),
      'timed_out',
      /in time/,
    ],
    ['a string thrown', 'server_error', /try again/],
  ])('maps %s to %s with a hint', (error, kind, hint) => {
    const mapped = toToolError(error, scope)
    expect(mapped.kind).toBe(kind)
    expect(mapped.hint).toMatch(hint)
    expect(mapped).toMatchObject({ server: 'docs', uri: 'file:///a.md' })
    expect(mapped.message.length).toBeGreaterThan(0)
  })

  it('names the URI of a missing resource', () => {
    const mapped = toToolError(
      new ResourceNotFoundError('file:///b.md', { serverId: 'docs' }),
      scope,
    )
    expect(mapped).toMatchObject({
      uri: 'file:///b.md',
      message: 'Resource not found: file:///b.md on server "docs"',
    })
  })

  it('uses the tool names the host chose', () => {
    const names = { ...defaultToolNames, search: 'find' }
    const mapped = toToolError(new ResourceNotFoundError('x:y', {}), { tools: names })
    expect(mapped.hint).toContain('find')
  })
})
