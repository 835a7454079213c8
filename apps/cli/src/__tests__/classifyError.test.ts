import { describe, expect, it } from 'vitest'
import { classifyError } from '../classifyError.ts'
import { CliError } from '../cliError.ts'
import { ExitCode } from '../exitCodes.ts'

const named = (name: string, fields: Record<string, unknown> = {}) =>
  Object.assign(new Error((fields.message as string) ?? name), { name, ...fields })

describe('classifyError', () => {
  it('gives not-found its own exit code and names the server and URI', () => {
    const error = classifyError(
      named('ResourceNotFoundError', { uri: 'file:///gone', code: -32602 }),
      { serverId: 'demo' },
    )
    expect(error.exitCode).toBe(ExitCode.notFound)
    expect(error.message).toBe('server "demo": resource not found: file:///gone')
    expect(error.details).toMatchObject({
      server: 'demo',
      uri: 'file:///gone',
      error: 'ResourceNotFoundError',
    })
  })

  it('maps each client error to its exit code', () => {
    const code = (error: unknown) => classifyError(error, { serverId: 's' }).exitCode
    expect(code(named('ConnectionError'))).toBe(ExitCode.connectionFailed)
    expect(code(named('AuthRequiredError'))).toBe(ExitCode.connectionFailed)
    expect(code(named('NotSupportedError', { feature: 'completions' }))).toBe(ExitCode.unsupported)
    expect(code(named('McpRequestError', { code: -32601 }))).toBe(ExitCode.unsupported)
    expect(code(named('InputRequiredError'))).toBe(ExitCode.inputRequired)
    expect(code(named('McpRequestError', { code: -32603 }))).toBe(ExitCode.error)
    expect(code(named('Error', { code: 'ENOENT' }))).toBe(ExitCode.connectionFailed)
    expect(code('a string')).toBe(ExitCode.error)
    expect(code(named('ResourceTooLargeError', { uri: 'a://b' }))).toBe(ExitCode.tooLarge)
    expect(code(named('MessageTooLargeError'))).toBe(ExitCode.tooLarge)
  })

  it('sanitizes what the server wrote into the message', () => {
    const error = classifyError(
      named('McpRequestError', { code: -32603, message: 'bad\u001b[2J' }),
      { serverId: 's' },
    )
    expect(error.message).toBe('server "s": bad\\x1b[2J (error -32603)')
  })

  it('lets the abort reason (timeout, Ctrl-C) win over the error it caused', () => {
    const timeout = new CliError('timed out', ExitCode.timeout, 'timeout')
    expect(classifyError(named('AbortError'), { abortReason: timeout })).toBe(timeout)
  })

  it('names the URI of a failed read', () => {
    const error = classifyError(new Error('socket hang up'), { serverId: 's', uri: 'a://b' })
    expect(error.message).toBe('server "s": socket hang up (reading a://b)')
  })

  it('does not name the server twice when the client already did', () => {
    const error = classifyError(
      named('ConnectionError', { message: 'Server "s" did not answer' }),
      { serverId: 's' },
    )
    expect(error.message).toBe('cannot connect: Server "s" did not answer')
  })
})
