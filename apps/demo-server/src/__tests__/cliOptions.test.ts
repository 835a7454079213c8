import { describe, expect, it } from 'vitest'
import { parseOptions, usage } from '../cliOptions.ts'

describe('parseOptions', () => {
  it('maps every option onto the server and demo options', () => {
    const options = parseOptions([
      '--host',
      '0.0.0.0',
      '--port',
      '0',
      '--cors-origin',
      'http://a.test',
      '--cors-origin',
      'http://b.test',
      '--count',
      '100000',
      '--page-size',
      '250',
      '--seed',
      'abc',
      '--log-interval',
      '50',
      '--file-interval',
      '75',
    ])
    expect(options).toEqual({
      help: false,
      stdio: false,
      auth: false,
      http: { host: '0.0.0.0', port: 0, corsOrigins: ['http://a.test', 'http://b.test'] },
      demo: { count: 100_000, pageSize: 250, seed: 'abc', logIntervalMs: 50, fileIntervalMs: 75 },
    })
  })

  it('leaves unset options out so the defaults apply', () => {
    expect(parseOptions(['--stdio'])).toEqual({
      help: false,
      stdio: true,
      auth: false,
      http: {},
      demo: {},
    })
    expect(parseOptions(['--auth']).auth).toBe(true)
    expect(parseOptions(['-h']).help).toBe(true)
  })

  it('rejects unknown options and malformed numbers', () => {
    expect(() => parseOptions(['--nope'])).toThrow()
    expect(() => parseOptions(['--port', 'eighty'])).toThrow(/--port/)
    expect(() => parseOptions(['--page-size', '0'])).toThrow(/--page-size/)
  })

  it('documents every option in the usage text', () => {
    for (const option of [
      '--stdio',
      '--host',
      '--port',
      '--cors-origin',
      '--count',
      '--page-size',
      '--seed',
      '--log-interval',
      '--file-interval',
      '--help',
    ]) {
      expect(usage).toContain(option)
    }
  })
})
