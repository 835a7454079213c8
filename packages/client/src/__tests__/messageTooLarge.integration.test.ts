// Over stdio the SDK drops the connection when one message overflows its read buffer
// (10 MiB unless raised). That is reported as too large, naming the limit — not as a
// connection failure — and stdioServer({ maxBufferSize }) raises the limit.
import { fixtureStdioCommand, legacyStdioCommand } from '@resource-kit/test-utils'
import { afterEach, describe, expect, it } from 'vitest'
import { createResourceClient } from '../createResourceClient.ts'
import { MessageTooLargeError } from '../errors.ts'
import { stdioServer } from '../node.ts'
import type { ResourceClient } from '../resourceClient.ts'

// One page of 2,000 resources is about 200 KB on the wire.
const world = { resourceCount: 2000, pageSize: 0 }
const commands = {
  '2026-07-28 (v2 fixture)': () => fixtureStdioCommand(world, { compiled: true }),
  '2025-11-25 (sdk 1.x fixture)': () => legacyStdioCommand(world, { compiled: true }),
}

describe.each(Object.keys(commands) as (keyof typeof commands)[])(
  'a message over the stdio buffer (%s)',
  (name) => {
    let client: ResourceClient | undefined

    afterEach(async () => {
      await client?.close()
    })

    it('fails the request with MessageTooLargeError naming the limit, and a raised limit reads it', async () => {
      client = createResourceClient()
      const command = commands[name]()
      client.addServer(
        'small',
        stdioServer({ ...command, stderr: 'ignore', maxBufferSize: 65_536 }),
      )
      client.addServer(
        'big',
        stdioServer({ ...command, stderr: 'ignore', maxBufferSize: 1_048_576 }),
      )
      await Promise.all([client.ready('small'), client.ready('big')])
      const error = await client.listResources('small').catch((caught: unknown) => caught)
      expect(error).toBeInstanceOf(MessageTooLargeError)
      expect((error as MessageTooLargeError).limit).toBe(65_536)
      expect((error as Error).message).toMatch(/larger than the transport's limit of 65536 bytes/)
      expect((await client.listResources('big')).items.length).toBeGreaterThanOrEqual(2000)
    }, 60_000)
  },
)
