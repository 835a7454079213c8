import type { ElicitationRequest, FormField } from '@resource-kit/client'
import { describe, expect, it } from 'vitest'
import { createCliInput } from '../cliInputHandler.ts'
import { ExitCode } from '../exitCodes.ts'

const fields: FormField[] = [
  { name: 'reason', type: 'string', required: true, title: 'Why' },
  { name: 'confirm', type: 'boolean', required: true },
  { name: 'copies', type: 'integer', required: false, default: 1 },
]
const form: ElicitationRequest = { mode: 'form', message: 'Read the secret?', fields, schema: {} }
const context = { serverId: 'demo', uri: 'secret://x', signal: new AbortController().signal }

describe('createCliInput', () => {
  it('accepts with --input values, typed by field, and defaults for the rest', async () => {
    const input = createCliInput({ inputs: { reason: 'audit', confirm: 'yes' }, yes: false })
    await expect(input.handler(form, context)).resolves.toEqual({
      action: 'accept',
      content: { reason: 'audit', confirm: true, copies: 1 },
    })
    expect(input.failure).toBeUndefined()
  })

  it('with --yes fills yes/no fields with true but still needs required text', async () => {
    const input = createCliInput({ inputs: {}, yes: true })
    await expect(input.handler(form, context)).rejects.toThrow(/missing reason/)
    expect(input.failure?.exitCode).toBe(ExitCode.inputRequired)
    const confirmOnly: ElicitationRequest = { ...form, fields: [fields[1] as FormField] }
    const other = createCliInput({ inputs: {}, yes: true })
    await expect(other.handler(confirmOnly, context)).resolves.toEqual({
      action: 'accept',
      content: { confirm: true },
    })
  })

  it('fails with exit 4, the message and the wanted fields when nothing was given', async () => {
    const input = createCliInput({ inputs: {}, yes: false })
    await expect(input.handler(form, context)).rejects.toThrow(
      'server "demo" needs input to read secret://x: Read the secret?',
    )
    expect(input.failure?.exitCode).toBe(ExitCode.inputRequired)
    expect(input.failure?.message).toContain('--input name=value')
    expect(input.failure?.message).toContain('reason: string — Why')
    expect(input.failure?.details.fields).toEqual(fields)
  })

  it('reports a bad --input value as a usage error', async () => {
    const input = createCliInput({ inputs: { reason: 'x', confirm: 'perhaps' }, yes: false })
    await expect(input.handler(form, context)).rejects.toThrow('--input confirm: Choose yes or no.')
    expect(input.failure?.exitCode).toBe(ExitCode.usage)
  })

  it('accepts a URL request only with --yes, and shows the URL otherwise', async () => {
    const url: ElicitationRequest = {
      mode: 'url',
      message: 'Sign in',
      url: 'https://auth.example/\u001b[2J',
    }
    await expect(createCliInput({ inputs: {}, yes: true }).handler(url, context)).resolves.toEqual({
      action: 'accept',
    })
    const input = createCliInput({ inputs: {}, yes: false })
    await expect(input.handler(url, context)).rejects.toThrow(
      'open https://auth.example/\\x1b[2J and run again with --yes',
    )
  })

  it('passes prefilled answers to the prompt and records a decline', async () => {
    const seen: unknown[] = []
    const input = createCliInput({
      inputs: { reason: 'because' },
      yes: false,
      prompt: async (_request, heading, prefilled) => {
        seen.push(heading, prefilled)
        return { action: 'decline' }
      },
    })
    await expect(input.handler(form, context)).resolves.toEqual({ action: 'decline' })
    expect(seen).toEqual(['server "demo" needs input to read secret://x', { reason: 'because' }])
    expect(input.failure?.kind).toBe('input_declined')
    expect(input.failure?.exitCode).toBe(ExitCode.inputRequired)
  })

  it('asks one question at a time', async () => {
    const order: string[] = []
    const input = createCliInput({
      inputs: {},
      yes: false,
      prompt: async (request) => {
        order.push(`start ${request.message}`)
        await new Promise((resolve) => setImmediate(resolve))
        order.push(`end ${request.message}`)
        return { action: 'accept', content: {} }
      },
    })
    await Promise.all([
      input.handler({ ...form, message: 'one' }, context),
      input.handler({ ...form, message: 'two' }, context),
    ])
    expect(order).toEqual(['start one', 'end one', 'start two', 'end two'])
  })
})
