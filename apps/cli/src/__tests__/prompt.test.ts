import { PassThrough } from 'node:stream'
import type { ElicitationRequest } from '@resource-kit/client'
import { describe, expect, it } from 'vitest'
import { createStyles } from '../output.ts'
import { promptElicitation } from '../prompt.ts'

const form: ElicitationRequest = {
  mode: 'form',
  message: 'Confirm\u001b[2J the read',
  schema: {},
  fields: [
    {
      name: 'env',
      type: 'string',
      required: true,
      title: 'Environment',
      options: [
        { value: 'dev', label: 'Dev' },
        { value: 'prod', label: 'Prod' },
      ],
    },
    { name: 'count', type: 'integer', required: true, minimum: 1 },
    { name: 'note', type: 'string', required: false },
    { name: 'sure', type: 'boolean', required: true, default: false },
  ],
}

/** Runs a prompt, feeding one scripted line each time the prompt asks a question. */
async function run(request: ElicitationRequest, lines: string[], prefilled = {}) {
  const input = new PassThrough()
  const output = new PassThrough()
  let text = ''
  let fed = 0
  output.on('data', (chunk) => {
    text += String(chunk)
    // Each question ends with ': ' or '] ' and waits for a line.
    while (fed < lines.length && text.match(/(: |\] |\) )$/) !== null) {
      const line = lines[fed++] as string
      setImmediate(() => (line === '<EOF>' ? input.end() : input.write(`${line}\n`)))
      break
    }
  })
  const answer = await promptElicitation(request, {
    input,
    output,
    style: createStyles(false),
    heading: 'server "demo" needs input',
    prefilled,
  })
  return { answer, text }
}

describe('promptElicitation', () => {
  it('asks each field, re-asks after a bad answer, and accepts', async () => {
    const { answer, text } = await run(form, ['', 'Prod', '0', '3', '', 'y'])
    expect(answer).toEqual({ action: 'accept', content: { env: 'prod', count: 3, sure: true } })
    expect(text).toContain('Confirm\\x1b[2J the read')
    expect(text).toContain('1) Dev (dev)')
    expect(text).toContain('count: Enter at least 1.')
  })

  it('skips fields already given with --input', async () => {
    const { answer, text } = await run(form, ['y', '5', 'hi', 'n'], { env: 'dev' })
    expect(answer).toEqual({
      action: 'accept',
      content: { env: 'dev', count: 5, note: 'hi', sure: false },
    })
    expect(text).not.toContain('Environment')
  })

  it('declines on n at the start', async () => {
    expect((await run(form, ['n'])).answer).toEqual({ action: 'decline' })
  })

  it('cancels when the input ends mid-form', async () => {
    expect((await run(form, ['y', '<EOF>'])).answer).toEqual({ action: 'cancel' })
  })

  it('shows a URL request sanitized and accepts on Enter', async () => {
    const { answer, text } = await run(
      { mode: 'url', message: 'Sign in', url: 'https://a.example/\u0007' },
      [''],
    )
    expect(answer).toEqual({ action: 'accept' })
    expect(text).toContain('Open: https://a.example/\\x07')
  })
})
