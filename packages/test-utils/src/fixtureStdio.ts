// Entry script: serves the fixture over real stdio. Options come as JSON in the
// RK_FIXTURE environment variable (see FixtureOptions). Spawn it with
// `node --conditions=@resource-kit/source --import tsx packages/test-utils/src/fixtureStdio.ts`.
// Changes are driven by signals: SIGUSR1 adds a resource (→ `list_changed`), SIGUSR2
// sends `updated` for the first resource, SIGTERM ends every listen gracefully and exits.
import { serveStdio } from '@modelcontextprotocol/server/stdio'
import { createFixtureMcpServer } from './fixtureMcpServer.ts'
import { type FixtureOptions, FixtureWorld } from './fixtureWorld.ts'

const options = JSON.parse(process.env.RK_FIXTURE ?? '{}') as FixtureOptions
const world = new FixtureWorld(options)
const handle = serveStdio(({ era }) => createFixtureMcpServer(world, { era, live: true }), {
  onerror: (error) => process.stderr.write(`fixture: ${error.message}\n`),
})
// SIGTERM shuts down gracefully: open listen streams get their closing result first.
process.on('SIGTERM', () => {
  void handle.close().finally(() => process.exit(0))
})
let added = 0
process.on('SIGUSR1', () => {
  added += 1
  world.addResource({ uri: `fixture://added/${added}`, name: `added-${added}` })
})
process.on('SIGUSR2', () => {
  const first = world.resources[0]
  if (first) world.emit({ type: 'updated', uri: first.uri })
})
