// Entry script: the v2 fixture over real HTTP on 127.0.0.1 (both eras; 2025 requests are
// served stateless). Options as JSON in RK_FIXTURE, the port in RK_PORT (0: any free
// port); prints `listening <url>` once it accepts connections. SIGTERM shuts down
// gracefully (every listen stream gets its closing result) and exits; SIGUSR2 sends
// `updated` for the first resource.
import { createFixtureServer } from './fixtureServer.ts'
import type { FixtureOptions } from './fixtureWorld.ts'

const fixture = createFixtureServer(JSON.parse(process.env.RK_FIXTURE ?? '{}') as FixtureOptions)
const served = await fixture.listenHttp({ port: Number(process.env.RK_PORT ?? 0) })
process.stdout.write(`listening ${served.url}\n`)
process.on('SIGTERM', () => {
  void fixture.close().finally(() => process.exit(0))
})
process.on('SIGUSR2', () => {
  const first = fixture.world.resources[0]
  if (first) fixture.notifyUpdated(first.uri)
})
