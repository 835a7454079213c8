import { describe, expect, it, vi } from 'vitest'
import { corsRefusal } from '../corsProbe.ts'
import { ConnectionError, CorsBlockedError } from '../errors.ts'

const url = new URL('http://127.0.0.1:4000/mcp')
const page = 'http://127.0.0.1:5173'
const failedToFetch = () =>
  new ConnectionError('Could not connect to server "x": Failed to fetch', {
    cause: new TypeError('Failed to fetch'),
  })

describe('corsRefusal', () => {
  it('names CORS when a no-cors HEAD from another origin reaches the server', async () => {
    const fetch = vi.fn(async () => new Response(null, { status: 200 }))
    const error = failedToFetch()
    const refusal = await corsRefusal(error, url, { fetch, origin: page, serverId: 'x' })
    expect(refusal).toBeInstanceOf(CorsBlockedError)
    expect(refusal).toMatchObject({ url: url.href, origin: page, serverId: 'x', cause: error })
    expect(refusal?.message).toBe(
      "Blocked by CORS: the server at 127.0.0.1:4000 does not allow this page's origin (http://127.0.0.1:5173)",
    )
    expect(fetch).toHaveBeenCalledWith(
      url,
      expect.objectContaining({ method: 'HEAD', mode: 'no-cors', credentials: 'omit' }),
    )
  })

  it('leaves the failure as it was when nothing answers the probe either', async () => {
    const fetch = vi.fn(async () => Promise.reject(new TypeError('Failed to fetch')))
    expect(await corsRefusal(failedToFetch(), url, { fetch, origin: page })).toBeUndefined()
  })

  it('asks nothing on the page’s own origin, without a page, or for a failure that is not bare', async () => {
    const fetch = vi.fn(async () => new Response(null))
    expect(await corsRefusal(failedToFetch(), url, { fetch, origin: url.origin })).toBeUndefined()
    // Node: no location, so no page origin and no CORS.
    expect(await corsRefusal(failedToFetch(), url, { fetch })).toBeUndefined()
    const http500 = new ConnectionError('Could not connect', {
      cause: Object.assign(new Error('Server error'), { data: { status: 500 } }),
    })
    expect(await corsRefusal(http500, url, { fetch, origin: page })).toBeUndefined()
    expect(fetch).not.toHaveBeenCalled()
  })

  it('ends the probe with the connect’s signal', async () => {
    const controller = new AbortController()
    let probeSignal: AbortSignal | undefined
    const fetch = vi.fn(
      (_url: URL, init: RequestInit) =>
        new Promise((_resolve, reject) => {
          probeSignal = init.signal ?? undefined
          init.signal?.addEventListener('abort', () => reject(new Error('aborted')))
        }),
    )
    const probing = corsRefusal(failedToFetch(), url, {
      fetch,
      origin: page,
      signal: controller.signal,
    })
    controller.abort()
    expect(await probing).toBeUndefined()
    expect(probeSignal?.aborted).toBe(true)
  })
})
