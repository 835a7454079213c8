// suggestResources against the demo server in-process (its 10,000-resource workspace): what a
// draft is about, with reasons; the lists read through the client's shared pass only (list
// calls counted on the wire); a model choosing through the AI SDK adapter, with a deadline.
import { createResourceClient, type ResourceClient } from '@resource-kit/client'
import { createDemoFetchHandler, type DemoFetchHandler } from '@resource-kit/demo-server'
import { MockLanguageModelV3 } from 'ai/test'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { selectContextWithModel } from '../ai.ts'
import { createResourceSuggester, suggestionId, suggestResources } from '../suggestResources.ts'

const REFRESH_TOKEN = 'file:///workspace/src/refund/sidebar/refreshToken.ts'

interface Demo {
  client: ResourceClient
  handler: DemoFetchHandler
  /** `resources/list` and `resources/templates/list` requests the server received. */
  listCalls: () => number
}

function connect(count: number): Demo {
  const handler = createDemoFetchHandler({
    count,
    logIntervalMs: 60_000,
    fileIntervalMs: 3_600_000,
  })
  let lists = 0
  const client = createResourceClient()
  client.addServer('demo', {
    url: 'http://demo.invalid/mcp',
    fetch: async (input, init) => {
      const request = new Request(input, init)
      const body = request.method === 'POST' ? await request.clone().text() : ''
      lists += (body.match(/"method":"resources\/(templates\/)?list"/g) ?? []).length
      return handler.fetch(request)
    },
  })
  return { client, handler, listCalls: () => lists }
}

let demo: Demo

beforeAll(async () => {
  demo = connect(10_000)
  await demo.client.ready('demo')
}, 60_000)
afterAll(async () => {
  await demo?.client.close()
  await demo?.handler.close()
})

describe('suggestResources', { timeout: 120_000 }, () => {
  it('reads no list and indexes nothing for a draft with nothing to look for', async () => {
    // A host suggests as the user types, from the first render: an empty draft must not
    // walk a 100,000-resource server and index it on the page's main thread.
    const idle = connect(300)
    try {
      await idle.client.ready('demo')
      const suggester = createResourceSuggester(idle.client)
      for (const text of ['', '   ', 'Thanks!']) {
        expect(await suggester.suggest(text)).toMatchObject({ suggestions: [], servers: [] })
      }
      expect(idle.listCalls()).toBe(0)
    } finally {
      await idle.client.close()
      await idle.handler.close()
    }
  })

  it('finds what a draft is about; the first call loads the lists, later calls walk nothing', async () => {
    const suggester = createResourceSuggester(demo.client)
    const first = await suggester.suggest('Can you look at how we refresh the token?')
    const walked = demo.listCalls()
    expect(walked).toBe(100 + 1) // 100 pages of resources, 1 of templates
    expect(first.strong).toHaveLength(1)
    expect(first.strong[0]).toMatchObject({
      server: 'demo',
      uri: REFRESH_TOKEN,
      kind: 'resource',
      strength: 'strong',
      reasons: {
        words: ['refresh', 'token'],
        priority: expect.any(Number),
        lastModified: expect.any(String),
        audience: expect.any(Array),
        attached: false,
        chosenBy: 'heuristic',
      },
    })
    expect(first.strong[0]!.reasons.matched).toContainEqual({
      field: 'title',
      snippet: '«Refresh» «token»',
    })
    expect(first.servers).toEqual([{ server: 'demo', items: 10_003, complete: true }])

    // Any order, partial words, a small typo: what is loaded is searched, nothing is walked.
    expect((await suggester.suggest('tok refr')).suggestions[0]?.uri).toBe(REFRESH_TOKEN)
    const typo = await suggester.suggest('how does offlien sync work?')
    expect(typo.strong.map((suggestion) => suggestion.uri)).toEqual(['ticket://web/183'])
    // A one-shot call on the same client reads the same shared lists.
    const live = await suggestResources(demo.client, 'what is in the live log right now')
    expect(live.strong[0]).toMatchObject({ uri: 'log://app/tail', label: 'Application log (live)' })
    expect(demo.listCalls()).toBe(walked)
  })

  it('suggests a template as fillable, with its variables', async () => {
    const { suggestions } = await suggestResources(demo.client, 'open a database table for me')
    expect(suggestions[0]).toMatchObject({
      kind: 'template',
      uri: 'db://{schema}/{table}',
      variables: ['schema', 'table'],
      label: 'Database table',
    })
    const none = await suggestResources(demo.client, 'open a database table', { templates: false })
    expect(none.suggestions.every((suggestion) => suggestion.kind === 'resource')).toBe(true)
  })

  it('says when nothing is strong: small talk, or words many resources share', async () => {
    const thanks = await suggestResources(demo.client, 'Thanks, that looks good to me!')
    expect(thanks).toMatchObject({ suggestions: [], strong: [] })
    const vague = await suggestResources(demo.client, 'please update the docs for the route')
    expect(vague.suggestions.length).toBeGreaterThan(0)
    expect(vague.strong).toEqual([])
  })

  it('marks what is already attached and never calls it strong', async () => {
    const text = 'Can you look at how we refresh the token?'
    const result = await suggestResources(demo.client, text, {
      attached: [{ server: 'demo', uri: REFRESH_TOKEN }],
    })
    const attached = result.suggestions.find((suggestion) => suggestion.uri === REFRESH_TOKEN)!
    expect(attached.reasons.attached).toBe(true)
    expect(attached.strength).toBe('weak')
    expect(result.strong.map((suggestion) => suggestion.uri)).not.toContain(REFRESH_TOKEN)
  })

  it('lets a model choose through the AI SDK, and falls back at its deadline', async () => {
    const prompts: string[] = []
    const model = new MockLanguageModelV3({
      doGenerate: async (options) => {
        prompts.push(JSON.stringify(options.prompt))
        return {
          content: [
            { type: 'text', text: JSON.stringify({ ids: [suggestionId('demo', REFRESH_TOKEN)] }) },
          ],
          finishReason: { unified: 'stop', raw: 'stop' },
          usage: {
            inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 },
            outputTokens: { total: 5, text: 5, reasoning: 0 },
          },
          warnings: [],
        }
      },
    })
    const text = 'the token we refresh in the sidebar'
    const chosen = await suggestResources(demo.client, text, {
      selectContext: selectContextWithModel(model),
    })
    expect(chosen.selectedBy).toBe('model')
    expect(chosen.strong.map((suggestion) => suggestion.uri)).toEqual([REFRESH_TOKEN])
    expect(chosen.strong[0]!.reasons.chosenBy).toBe('model')
    expect(prompts[0]).toContain(REFRESH_TOKEN)
    expect(prompts[0]).toContain('the token we refresh in the sidebar')

    const heuristic = await suggestResources(demo.client, text)
    const late = await suggestResources(demo.client, text, {
      selectContext: ({ signal }) =>
        new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason))),
      selectTimeoutMs: 30,
    })
    expect(late.selectedBy).toBe('heuristic')
    expect(late.selectError?.name).toBe('TimeoutError')
    expect(late.suggestions).toEqual(heuristic.suggestions)
    const failing = await suggestResources(demo.client, text, {
      selectContext: async () => {
        throw new Error('model unavailable')
      },
    })
    expect(failing).toMatchObject({
      selectedBy: 'heuristic',
      selectError: { message: 'model unavailable' },
    })
  })
})

describe('suggestResources loading within its signal', { timeout: 120_000 }, () => {
  it('stops with the signal; the next call goes on with the same shared pass', async () => {
    const small = connect(300)
    try {
      await small.client.ready('demo')
      const controller = new AbortController()
      const aborted = suggestResources(small.client, 'button offline', {
        signal: controller.signal,
      })
      controller.abort(new Error('typed on'))
      await expect(aborted).rejects.toThrow('typed on')
      const result = await suggestResources(small.client, 'button offline')
      expect(result.strong[0]?.uri).toBe('file:///workspace/docs/button-offline.md')
      // 3 resource pages and 1 template page, each asked at most twice (one aborted in flight).
      expect(small.listCalls()).toBeLessThanOrEqual(8)
      const again = small.listCalls()
      await suggestResources(small.client, 'offline button')
      expect(small.listCalls()).toBe(again)
    } finally {
      await small.client.close()
      await small.handler.close()
    }
  })
})
