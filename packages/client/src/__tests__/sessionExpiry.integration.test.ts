// A 2025-era HTTP server that forgot the session (it restarted): the request that meets
// the 404 is sent again on a new session, for every request that is safe to repeat.
import { createLegacyHttpHandler, type LegacyHttpHandler } from '@resource-kit/test-utils'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createResourceClient } from '../createResourceClient.ts'
import type { ResourceClient } from '../resourceClient.ts'

describe('a forgotten 2025 HTTP session', () => {
  let handler: LegacyHttpHandler
  let client: ResourceClient
  beforeEach(async () => {
    handler = createLegacyHttpHandler({ resourceCount: 3, pageSize: 0 })
    client = createResourceClient()
    client.addServer('legacy', {
      url: 'http://legacy.invalid/mcp',
      fetch: (input, init) => handler.fetch(new Request(input, init)),
    })
    await client.ready('legacy')
  })
  afterEach(async () => {
    await client.close()
    await handler.close()
  })

  it('complete() starts a new session and answers, as lists and reads do', async () => {
    const template = 'fixture://users/{owner}/repos/{repo}'
    await handler.restart()
    const completion = await client.complete('legacy', {
      template,
      argument: { name: 'owner', value: 'al' },
    })
    expect(completion.values).toEqual(['alice', 'albert'])
    expect(client.getServer('legacy')?.status).toBe('ready')
    expect(handler.sessions).toBe(1)
  })
})
