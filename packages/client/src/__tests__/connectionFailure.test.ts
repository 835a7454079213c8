import { describe, expect, it } from 'vitest'
import { describeConnectionFailure } from '../connectionFailure.ts'
import { AuthRequiredError, ConnectionError, CorsBlockedError } from '../errors.ts'

// What a browser's fetch rejects with, wrapped the way the SDK and our connect wrap it.
function browserNetworkError(message = 'Failed to fetch') {
  const sdk = Object.assign(new Error(`Version negotiation probe failed: ${message}`), {
    name: 'SdkError',
    code: 'ERA_NEGOTIATION_FAILED',
    cause: new TypeError(message),
  })
  return new ConnectionError(`Could not connect to server "x": ${sdk.message}`, { cause: sdk })
}

describe('describeConnectionFailure', () => {
  it('reads a bare browser network error as CORS when a no-cors probe got an answer', () => {
    const failure = describeConnectionFailure(browserNetworkError(), {
      url: 'https://mcp.example.com/mcp',
      origin: 'http://localhost:5173',
      probe: 'reachable',
    })
    expect(failure.cause).toBe('cors')
    expect(failure.summary).toBe(
      "Blocked by CORS: the server at mcp.example.com does not allow this page's origin (http://localhost:5173). Allow it on the server, or connect through a bridge.",
    )
    expect(failure.detail.split('\n')).toEqual([
      'Could not connect to server "x": Version negotiation probe failed: Failed to fetch',
      'Version negotiation probe failed: Failed to fetch',
      'Failed to fetch',
    ])
  })

  it('names CORS from a CorsBlockedError alone (the picker has no URL or probe to give)', () => {
    const error = new CorsBlockedError(
      new URL('http://127.0.0.1:4000/mcp'),
      'http://127.0.0.1:5173',
      {
        serverId: 'x',
        cause: browserNetworkError(),
      },
    )
    Object.defineProperty(error, 'name', { value: 'e' }) // a minified build: known by class
    const failure = describeConnectionFailure(error)
    expect(failure.cause).toBe('cors')
    expect(failure.summary).toBe(
      "Blocked by CORS: the server at 127.0.0.1:4000 does not allow this page's origin (http://127.0.0.1:5173). Allow it on the server, or connect through a bridge.",
    )
  })

  it('reads it as refused for an IP address nothing answers, and as unreachable for a name', () => {
    expect(
      describeConnectionFailure(browserNetworkError(), {
        url: 'http://127.0.0.1:4000/mcp',
        probe: 'unreachable',
      }).cause,
    ).toBe('refused')
    const named = describeConnectionFailure(browserNetworkError('Load failed'), {
      url: 'https://mcp.example.com/mcp',
      probe: 'unreachable',
    })
    expect(named.cause).toBe('unreachable')
    expect(named.summary).toMatch(/^Could not reach mcp\.example\.com: /)
  })

  it('puts sign-in first, whatever else the chain says', () => {
    const error = new AuthRequiredError('Connecting to server "x" needs authorization', {
      cause: new TypeError('Failed to fetch'),
    })
    expect(describeConnectionFailure(error).cause).toBe('needs-sign-in')
  })

  it('knows an AuthRequiredError by its class when a minified build renamed it', () => {
    const error = new AuthRequiredError(
      'Could not connect to server "x": client registration at the authorization server failed (HTTP 401)',
    )
    Object.defineProperty(error, 'name', { value: 'e' }) // what `new.target.name` gives then
    expect(describeConnectionFailure(error).cause).toBe('needs-sign-in')
  })

  it('reads a timeout from an AbortSignal.timeout reason', () => {
    const reason = new DOMException('The operation timed out.', 'TimeoutError')
    expect(describeConnectionFailure(new ConnectionError('x', { cause: reason })).cause).toBe(
      'timed-out',
    )
  })

  it('falls back to the first line of an unknown error, and survives odd values and cycles', () => {
    expect(describeConnectionFailure(new Error('boom\nstack-ish second line'))).toEqual({
      cause: 'unknown',
      summary: 'Could not connect: boom',
      detail: 'boom\nstack-ish second line',
    })
    const a: Record<string, unknown> = { message: 'a' }
    a.cause = a
    expect(describeConnectionFailure(a).cause).toBe('unknown')
    expect(describeConnectionFailure(undefined).summary).toBe('Could not connect: unknown error')
    expect(describeConnectionFailure('text').detail).toBe('text')
  })

  it('caps the detail', () => {
    const failure = describeConnectionFailure(new Error('x'.repeat(10_000)))
    expect(failure.detail.length).toBe(4000)
    expect(failure.summary.length).toBeLessThan(230)
  })
})
