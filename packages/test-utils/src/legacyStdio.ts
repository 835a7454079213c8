// Entry script: the legacy (sdk 1.x) fixture over real stdio; options as JSON in RK_FIXTURE.
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js'
import { type FixtureOptions, FixtureWorld } from './fixtureWorld.ts'
import { createLegacyMcpServer } from './legacyFixture.ts'

const world = new FixtureWorld(JSON.parse(process.env.RK_FIXTURE ?? '{}') as FixtureOptions)
await createLegacyMcpServer(world).connect(new StdioServerTransport())
process.on('SIGUSR1', () => world.addResource({ uri: 'fixture://added/1', name: 'added-1' }))
process.on('SIGUSR2', () => {
  const first = world.resources[0]
  if (first) world.emit({ type: 'updated', uri: first.uri })
})
