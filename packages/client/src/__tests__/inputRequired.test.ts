import { afterEach, describe, expect, it, vi } from 'vitest'
import { InputRequiredError, InvalidContentError } from '../errors.ts'
import type { ElicitationRequest, InputHandler } from '../inputHandler.ts'
import { InputDeclinedError, InputRoundsExceededError, requestWithInput } from '../inputRequired.ts'

type Call = { method: string; params: Record<string, unknown> }

/** A scripted stand-in for the Session's request(): answers with the next result, records each call. */
function scripted(...results: Record<string, unknown>[]) {
  const calls: Call[] = []
  const session = {
    calls,
    async request(method: string, params: Record<string, unknown>) {
      calls.push({ method, params: structuredClone(params) })
      const next = results.length > 1 ? results.shift() : results[0]
      if (!next) throw new Error('script ran out')
      return structuredClone(next)
    },
  }
  return session
}

const confirm = (key = 'confirm', message = 'Read prod config?') => ({
  [key]: {
    method: 'elicitation/create',
    params: {
      mode: 'form',
      message,
      requestedSchema: {
        type: 'object',
        properties: { ok: { type: 'boolean' } },
        required: ['ok'],
      },
    },
  },
})
const complete = {
  resultType: 'complete',
  contents: [{ uri: 'docs://secret', text: 'hi' }],
  ttlMs: 1000,
}
const accept: InputHandler = async () => ({ action: 'accept', content: { ok: true } })
const base = { serverId: 's1', uri: 'docs://secret' }

describe('requestWithInput', () => {
  afterEach(() => vi.useRealTimers())

  it('returns a complete (or legacy, resultType-less) result untouched with rounds 0', async () => {
    const session = scripted({ contents: [] })
    await expect(requestWithInput(session, 'resources/read', { uri: 'a' }, base)).resolves.toEqual({
      result: { contents: [] },
      rounds: 0,
    })
    expect(session.calls).toEqual([{ method: 'resources/read', params: { uri: 'a' } }])
  })

  it('answers one confirmation and retries with the same keys and the exact requestState', async () => {
    const session = scripted(
      {
        resultType: 'input_required',
        inputRequests: confirm('c-1'),
        requestState: ' opaque\u0000blob ',
      },
      complete,
    )
    const asked: ElicitationRequest[] = []
    const handler: InputHandler = async (request, context) => {
      asked.push(request)
      expect(context).toMatchObject({ serverId: 's1', uri: 'docs://secret' })
      expect(context.signal).toBeInstanceOf(AbortSignal)
      return { action: 'accept', content: { ok: true } }
    }
    const outcome = await requestWithInput(
      session,
      'resources/read',
      { uri: 'docs://secret' },
      {
        ...base,
        handler,
      },
    )
    expect(outcome).toEqual({ result: complete, rounds: 1 })
    expect(asked).toEqual([
      {
        mode: 'form',
        message: 'Read prod config?',
        fields: [{ name: 'ok', type: 'boolean', required: true }],
        schema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
      },
    ])
    expect(session.calls[1]).toEqual({
      method: 'resources/read',
      params: {
        uri: 'docs://secret',
        inputResponses: { 'c-1': { action: 'accept', content: { ok: true } } },
        requestState: ' opaque\u0000blob ',
      },
    })
  })

  it('loops over two rounds, never carrying one round’s answers or state into the next', async () => {
    const session = scripted(
      { resultType: 'input_required', inputRequests: confirm('first'), requestState: 's1' },
      {
        resultType: 'input_required',
        inputRequests: {
          second: {
            method: 'elicitation/create',
            params: { mode: 'url', message: 'Sign in', url: 'https://auth.test/x' },
          },
        },
      },
      complete,
    )
    const handler = vi.fn<InputHandler>(async (request) =>
      request.mode === 'url' ? { action: 'accept' } : { action: 'accept', content: { ok: true } },
    )
    const outcome = await requestWithInput(
      session,
      'resources/read',
      { uri: 'u' },
      { ...base, handler },
    )
    expect(outcome.rounds).toBe(2)
    expect(handler).toHaveBeenCalledTimes(2)
    expect(handler.mock.calls[1]?.[0]).toEqual({
      mode: 'url',
      message: 'Sign in',
      url: 'https://auth.test/x',
    })
    expect(session.calls.map((c) => c.params)).toEqual([
      { uri: 'u' },
      {
        uri: 'u',
        inputResponses: { first: { action: 'accept', content: { ok: true } } },
        requestState: 's1',
      },
      // No requestState in round two: the server sent none, so none may be sent.
      { uri: 'u', inputResponses: { second: { action: 'accept' } } },
    ])
  })

  it('answers several requests of one round in the server’s order', async () => {
    const session = scripted(
      {
        resultType: 'input_required',
        inputRequests: { ...confirm('b', 'B?'), ...confirm('a', 'A?') },
      },
      complete,
    )
    const order: string[] = []
    const handler: InputHandler = async (request) => {
      order.push(request.message)
      return { action: 'accept', content: { ok: request.message === 'A?' } }
    }
    await requestWithInput(session, 'resources/read', { uri: 'u' }, { ...base, handler })
    expect(order).toEqual(['B?', 'A?'])
    expect(session.calls[1]?.params.inputResponses).toEqual({
      b: { action: 'accept', content: { ok: false } },
      a: { action: 'accept', content: { ok: true } },
    })
  })

  it('gives up after the round cap with the last result', async () => {
    const endless = {
      resultType: 'input_required',
      inputRequests: confirm(),
      requestState: 'again',
    }
    const session = scripted(endless)
    const error = await requestWithInput(
      session,
      'resources/read',
      { uri: 'u' },
      {
        ...base,
        handler: accept,
        maxRounds: 3,
      },
    ).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(InputRoundsExceededError)
    expect(error).toBeInstanceOf(InputRequiredError)
    expect((error as InputRoundsExceededError).lastResult).toEqual(endless)
    expect((error as InputRoundsExceededError).rounds).toBe(3)
    expect((error as Error).message).toContain('after 3 rounds')
    expect(session.calls).toHaveLength(4)
  })

  it('caps at 10 rounds by default', async () => {
    const session = scripted({ resultType: 'input_required', inputRequests: confirm() })
    await expect(
      requestWithInput(session, 'resources/read', { uri: 'u' }, { ...base, handler: accept }),
    ).rejects.toBeInstanceOf(InputRoundsExceededError)
    expect(session.calls).toHaveLength(11)
  })

  it.each(['decline', 'cancel'] as const)(
    'ends in InputDeclinedError when the handler answers %s',
    async (action) => {
      const session = scripted({ resultType: 'input_required', inputRequests: confirm() }, complete)
      const error = await requestWithInput(
        session,
        'resources/read',
        { uri: 'docs://secret' },
        {
          ...base,
          handler: async () => ({ action }),
        },
      ).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(InputDeclinedError)
      expect((error as InputDeclinedError).action).toBe(action)
      expect((error as Error).message).toMatch(
        /^Input declined: Reading docs:\/\/secret on server "s1"/,
      )
      expect(session.calls).toHaveLength(1)
    },
  )

  it('retries a requestState-only result after a 250 ms pause, with no inputResponses', async () => {
    vi.useFakeTimers()
    const session = scripted({ resultType: 'input_required', requestState: 'come-back' }, complete)
    const pending = requestWithInput(session, 'resources/read', { uri: 'u' }, base)
    await vi.advanceTimersByTimeAsync(249)
    expect(session.calls).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    await expect(pending).resolves.toEqual({ result: complete, rounds: 1 })
    expect(session.calls[1]?.params).toEqual({ uri: 'u', requestState: 'come-back' })
  })

  it('cancels the whole loop on abort, even while a handler ignores the signal', async () => {
    const controller = new AbortController()
    const session = scripted({ resultType: 'input_required', inputRequests: confirm() }, complete)
    let handlerSignal: AbortSignal | undefined
    const handler: InputHandler = (_request, context) => {
      handlerSignal = context.signal
      setTimeout(() => controller.abort(), 0)
      return new Promise(() => {})
    }
    const error = await requestWithInput(
      session,
      'resources/read',
      { uri: 'u' },
      {
        ...base,
        handler,
        signal: controller.signal,
      },
    ).catch((e: unknown) => e)
    expect((error as Error).name).toBe('AbortError')
    expect(handlerSignal?.aborted).toBe(true)
    expect(session.calls).toHaveLength(1)
  })

  it('cancels during a requestState pause and never starts when already aborted', async () => {
    vi.useFakeTimers()
    const controller = new AbortController()
    const session = scripted({ resultType: 'input_required', requestState: 'x' })
    const pending = requestWithInput(
      session,
      'resources/read',
      { uri: 'u' },
      { ...base, signal: controller.signal },
    )
    const settled = pending.catch((e: unknown) => e)
    await vi.advanceTimersByTimeAsync(100)
    controller.abort()
    expect(((await settled) as Error).name).toBe('AbortError')
    expect(session.calls).toHaveLength(1)
    await expect(
      requestWithInput(
        session,
        'resources/read',
        { uri: 'u' },
        { ...base, signal: controller.signal },
      ),
    ).rejects.toMatchObject({ name: 'AbortError' })
    expect(session.calls).toHaveLength(1)
  })

  it('fails clearly without a handler, or for kinds the host did not declare', async () => {
    await expect(
      requestWithInput(
        scripted({ resultType: 'input_required', inputRequests: confirm() }),
        'resources/read',
        { uri: 'u' },
        base,
      ),
    ).rejects.toThrow('needs input, but no input handler is registered')
    const sampling = {
      s: { method: 'sampling/createMessage', params: { messages: [], maxTokens: 5 } },
    }
    await expect(
      requestWithInput(
        scripted({ resultType: 'input_required', inputRequests: sampling }),
        'resources/read',
        { uri: 'u' },
        {
          ...base,
          handler: accept,
        },
      ),
    ).rejects.toThrow('asks for "sampling/createMessage", which this client does not provide')
  })

  it('answers sampling and roots through their handlers when the host declared them', async () => {
    const session = scripted(
      {
        resultType: 'input_required',
        inputRequests: {
          s: { method: 'sampling/createMessage', params: { messages: [], maxTokens: 5 } },
          r: { method: 'roots/list' },
        },
      },
      complete,
    )
    const created = { role: 'assistant', content: { type: 'text', text: 'ok' }, model: 'm' }
    await requestWithInput(
      session,
      'resources/read',
      { uri: 'u' },
      {
        ...base,
        sampling: async (params) => {
          expect(params).toEqual({ messages: [], maxTokens: 5 })
          return created
        },
        roots: async () => ({ roots: [{ uri: 'file:///w' }] }),
      },
    )
    expect(session.calls[1]?.params.inputResponses).toEqual({
      s: created,
      r: { roots: [{ uri: 'file:///w' }] },
    })
  })

  it('checks the handler’s form answer against the requested schema', async () => {
    const session = scripted({ resultType: 'input_required', inputRequests: confirm() }, complete)
    await expect(
      requestWithInput(
        session,
        'resources/read',
        { uri: 'u' },
        {
          ...base,
          handler: async () => ({ action: 'accept', content: { ok: 'maybe' } }),
        },
      ),
    ).rejects.toThrow('is not valid (ok: Choose yes or no.)')
    await expect(
      requestWithInput(
        scripted({ resultType: 'input_required', inputRequests: confirm() }),
        'resources/read',
        { uri: 'u' },
        {
          ...base,
          handler: async () => undefined as never,
        },
      ),
    ).rejects.toThrow(TypeError)
  })

  it('strips stale inputResponses/requestState from the caller’s params', async () => {
    const session = scripted(complete)
    await requestWithInput(
      session,
      'resources/read',
      { uri: 'u', inputResponses: {}, requestState: 'x' },
      base,
    )
    expect(session.calls[0]?.params).toEqual({ uri: 'u' })
  })

  it.each([
    ['a non-object result', 'nope', /not an object/],
    ['an unknown resultType', { resultType: 'task' }, /unsupported resultType "task"/],
    ['neither field', { resultType: 'input_required' }, /neither inputRequests nor requestState/],
    [
      'a non-string requestState',
      { resultType: 'input_required', requestState: 5 },
      /requestState is not a string/,
    ],
    [
      'inputRequests as an array',
      { resultType: 'input_required', inputRequests: [] },
      /not an object/,
    ],
    [
      'an empty inputRequests',
      { resultType: 'input_required', inputRequests: {} },
      /empty inputRequests/,
    ],
    [
      'a request without method',
      { resultType: 'input_required', inputRequests: { k: {} } },
      /"k" has no method/,
    ],
    [
      'a javascript: URL elicitation',
      {
        resultType: 'input_required',
        inputRequests: {
          k: {
            method: 'elicitation/create',
            params: { mode: 'url', message: 'x', url: 'javascript:1' },
          },
        },
      },
      /non-http/,
    ],
  ])('rejects %s with InvalidContentError', async (_name, result, message) => {
    const error = await requestWithInput(
      scripted(result as Record<string, unknown>),
      'resources/read',
      { uri: 'u' },
      {
        ...base,
        handler: accept,
      },
    ).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(InvalidContentError)
    expect((error as Error).message).toMatch(message)
  })
})
