// The demo server in-process (its fetch handler, no socket), and a client connected to it,
// for the agent tests.
import { createResourceClient, type InputHandler, type ResourceClient } from '@resource-kit/client'
import { createDemoFetchHandler, type DemoFetchHandler } from '@resource-kit/demo-server'

export interface DemoWorld {
  client: ResourceClient
  handler: DemoFetchHandler
  close(): Promise<void>
}

export async function connectDemo(
  options: { inputHandler?: InputHandler; logIntervalMs?: number; count?: number } = {},
): Promise<DemoWorld> {
  const handler = createDemoFetchHandler({
    count: options.count ?? 300,
    logIntervalMs: options.logIntervalMs ?? 60_000,
    fileIntervalMs: 3_600_000,
  })
  const client = createResourceClient(
    options.inputHandler ? { inputHandler: options.inputHandler } : {},
  )
  client.addServer('demo', {
    url: 'http://demo.invalid/mcp',
    fetch: (input, init) => handler.fetch(new Request(input, init)),
  })
  await client.ready('demo')
  return {
    client,
    handler,
    async close() {
      await client.close()
      await handler.close()
    },
  }
}
