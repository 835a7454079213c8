import { describe, expect, it } from 'vitest'
import { parseCliArgs } from '../args.ts'
import { UsageError } from '../cliError.ts'

describe('parseCliArgs', () => {
  it('reads the command, its positionals and options in any order', () => {
    const parsed = parseCliArgs([
      '--json',
      'read',
      'file:///a.txt',
      '-o',
      'out.bin',
      '--url',
      'http://h/mcp',
    ])
    expect(parsed.command).toBe('read')
    expect(parsed.positionals).toEqual(['file:///a.txt'])
    expect(parsed.options).toMatchObject({ json: true, output: 'out.bin', url: 'http://h/mcp' })
  })

  it('takes everything after -- as the stdio command, options included', () => {
    const parsed = parseCliArgs(['ls', '--all', '--', 'node', 'server.js', '--all', '--json'])
    expect(parsed.stdioCommand).toEqual(['node', 'server.js', '--all', '--json'])
    expect(parsed.options.all).toBe(true)
    expect(parsed.options.json).toBe(false)
  })

  it('collects repeatable options', () => {
    const parsed = parseCliArgs([
      'complete',
      't://{a}/{b}',
      'b',
      'x',
      '--arg',
      'a=1',
      '--arg',
      'c=2',
      '-i',
      'k=v',
    ])
    expect(parsed.options.arg).toEqual(['a=1', 'c=2'])
    expect(parsed.options.input).toEqual(['k=v'])
  })

  it('reads --no-color as color false and leaves it undefined when absent', () => {
    expect(parseCliArgs(['info', '--no-color']).options.color).toBe(false)
    expect(parseCliArgs(['info', '--color']).options.color).toBe(true)
    expect(parseCliArgs(['info']).options.color).toBeUndefined()
  })

  it('rejects an unknown command, option, or an option of another command', () => {
    expect(() => parseCliArgs(['lst'])).toThrow(/unknown command "lst"/)
    expect(() => parseCliArgs(['ls', '--bogus'])).toThrow(UsageError)
    expect(() => parseCliArgs(['read', 'x://y', '--templates'])).toThrow(
      /--templates does not apply to "read"/,
    )
  })

  it('checks the number of positionals and hints at --url for a stray URL', () => {
    expect(() => parseCliArgs(['read'])).toThrow(/missing URI/)
    expect(() => parseCliArgs(['complete', 'a', 'b'])).toThrow(/missing TEMPLATE VARIABLE VALUE/)
    expect(() => parseCliArgs(['ls', 'http://host/mcp'])).toThrow(/--url/)
  })

  it('wants a URI or --list for watch', () => {
    expect(() => parseCliArgs(['watch'])).toThrow(/at least one URI, or --list/)
    expect(parseCliArgs(['watch', '--list']).options.list).toBe(true)
    expect(parseCliArgs(['watch', 'a://1', 'a://2']).positionals).toEqual(['a://1', 'a://2'])
  })

  it('validates numbers', () => {
    expect(parseCliArgs(['ls', '--max-pages', '3']).options.maxPages).toBe(3)
    expect(parseCliArgs(['ls', '--timeout', '1.5']).options.timeout).toBe(1.5)
    expect(() => parseCliArgs(['ls', '--max-pages', '0'])).toThrow(/positive integer/)
    expect(() => parseCliArgs(['ls', '--max-items', '2.5'])).toThrow(/positive integer/)
    expect(() => parseCliArgs(['ls', '--timeout', 'soon'])).toThrow(/positive number/)
  })

  it('lets --help through without checking arguments', () => {
    const parsed = parseCliArgs(['read', '--help'])
    expect(parsed).toMatchObject({ command: 'read', help: true })
  })

  it('rejects a bare -- with nothing after it', () => {
    expect(() => parseCliArgs(['ls', '--'])).toThrow(/nothing after "--"/)
  })
})
