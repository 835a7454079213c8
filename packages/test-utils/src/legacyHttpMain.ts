// Entry script: the sdk 1.x fixture over 2025-11-25 Streamable HTTP with sessions
// (legacyHttp.ts) on 127.0.0.1. Options as JSON in RK_FIXTURE, the port in RK_PORT (0: any
// free port); prints `listening <url>` once it accepts connections. SIGUSR2 sends
// `updated` for the first resource to the sessions subscribed to it.

import type { FixtureOptions } from './fixtureWorld.ts'
import { createLegacyHttpHandler } from './legacyHttp.ts'
import { serveFetch } from './serveFetch.ts'

const handler = createLegacyHttpHandler(
  JSON.parse(process.env.RK_FIXTURE ?? '{}') as FixtureOptions,
)
const served = await serveFetch((request) => handler.fetch(request), {
  port: Number(process.env.RK_PORT ?? 0),
})
process.stdout.write(`listening ${served.url}\n`)
process.on('SIGTERM', () => {
  void handler.close().finally(() => process.exit(0))
})
process.on('SIGUSR2', () => {
  const first = handler.world.resources[0]
  if (first) handler.world.emit({ type: 'updated', uri: first.uri })
})
