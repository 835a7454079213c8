import { describe, expect, it, vi } from 'vitest'
import type { ElicitationAnswer, ElicitationRequest } from '../inputHandler.ts'
import { answerLegacyElicitation } from '../sdkElicitation.ts'

const signal = new AbortController().signal
const form = {
  mode: 'form',
  message: 'How many?',
  requestedSchema: {
    type: 'object',
    properties: { count: { type: 'integer', maximum: 10 }, ok: { type: 'boolean' } },
    required: ['count'],
  },
}

function answering(answer: unknown) {
  return vi.fn(
    async (_request: ElicitationRequest, _signal: AbortSignal) => answer as ElicitationAnswer,
  )
}

describe('answerLegacyElicitation', () => {
  it('sends an accepted form answer validated and coerced, without unknown keys', async () => {
    const handler = answering({ action: 'accept', content: { count: '7', ok: 'false', x: 1 } })
    expect(await answerLegacyElicitation(form, handler, signal)).toEqual({
      action: 'accept',
      content: { count: 7, ok: false },
    })
    expect(handler.mock.calls[0]?.[0]).toMatchObject({
      mode: 'form',
      message: 'How many?',
      fields: [
        { name: 'count', type: 'integer', required: true, maximum: 10 },
        { name: 'ok', type: 'boolean', required: false },
      ],
    })
    expect(handler.mock.calls[0]?.[1]).toBe(signal)
  })

  it('refuses an answer that does not fit the form with -32602, naming each field', async () => {
    const refused = await answerLegacyElicitation(
      form,
      answering({ action: 'accept', content: { count: 11 } }),
      signal,
    ).catch((error: unknown) => error)
    expect(refused).toMatchObject({
      code: -32602,
      message: 'The answer is not valid (count: Enter at most 10.)',
    })
  })

  it.each(['decline', 'cancel'] as const)('passes %s on to the server', async (action) => {
    expect(await answerLegacyElicitation(form, answering({ action }), signal)).toEqual({ action })
  })

  it('refuses an answer without a known action', async () => {
    for (const answer of [undefined, {}, { action: 'maybe' }, 'accept']) {
      await expect(answerLegacyElicitation(form, answering(answer), signal)).rejects.toMatchObject({
        code: -32602,
        message: 'The input handler returned no action (accept, decline or cancel)',
      })
    }
  })

  it('accepts an http(s) URL elicitation without content', async () => {
    const handler = answering({ action: 'accept', content: { anything: 'x' } })
    const params = { mode: 'url', message: 'Sign in', url: 'https://example.com/auth' }
    expect(await answerLegacyElicitation(params, handler, signal)).toEqual({ action: 'accept' })
    expect(handler.mock.calls[0]?.[0]).toEqual({
      mode: 'url',
      message: 'Sign in',
      url: 'https://example.com/auth',
    })
  })

  it.each([
    'javascript:alert(1)',
    'data:text/html,<script>1</script>',
    'file:///etc/passwd',
    'not a url',
  ])('refuses to show the URL %s, before calling the handler', async (url) => {
    const handler = answering({ action: 'accept' })
    await expect(
      answerLegacyElicitation({ mode: 'url', message: 'Open', url }, handler, signal),
    ).rejects.toMatchObject({ code: -32602, message: expect.stringContaining('non-http(s) URL') })
    expect(handler).not.toHaveBeenCalled()
  })

  it('refuses params that are not an elicitation at all', async () => {
    const handler = answering({ action: 'accept' })
    for (const params of [undefined, 'x', { mode: 'telepathy', message: 'hi' }]) {
      await expect(answerLegacyElicitation(params, handler, signal)).rejects.toMatchObject({
        code: -32602,
        message: expect.stringMatching(/^Refused elicitation\/create: /),
      })
    }
    expect(handler).not.toHaveBeenCalled()
  })
})
