import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ConnectionError } from '../errors.ts'
import { createStdoutGuard } from '../stdoutGuard.ts'

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

describe('createStdoutGuard', () => {
  it('reports a server whose stdout holds stray lines and no answer, after the grace', () => {
    const onNotMcp = vi.fn()
    const guard = createStdoutGuard({ command: 'srv', onNotMcp, graceMs: 3000 })
    guard.data('Server listening on port 8080\n\u001b[31mred\u001b[0m\n')
    vi.advanceTimersByTime(2999)
    expect(onNotMcp).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(onNotMcp).toHaveBeenCalledOnce()
    const error = onNotMcp.mock.calls[0]![0] as ConnectionError
    expect(error).toBeInstanceOf(ConnectionError)
    expect(error.message).toContain(
      '"srv" wrote 2 lines to stdout that are not MCP (first: "Server listening on port 8080")',
    )
    expect(error.message).toContain('logs belong on stderr')
  })

  it('lets a server with a stray banner go on once it answers, even in pieces', () => {
    const onNotMcp = vi.fn()
    const guard = createStdoutGuard({ command: 'srv', onNotMcp })
    guard.data('starting…\n{"jsonrpc":"2.0","id":1,')
    guard.data('"result":{}}\n')
    guard.data('more logs\n')
    vi.advanceTimersByTime(60_000)
    expect(onNotMcp).not.toHaveBeenCalled()
  })

  it('says nothing about a server that is only slow', () => {
    const onNotMcp = vi.fn()
    createStdoutGuard({ command: 'srv', onNotMcp })
    vi.advanceTimersByTime(60_000)
    expect(onNotMcp).not.toHaveBeenCalled()
  })
})
