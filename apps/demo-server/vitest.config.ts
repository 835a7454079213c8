import { defineProject } from 'vitest/config'
import { sourceResolve } from '../../vitest.shared.ts'

export default defineProject({
  ...sourceResolve,
  test: {
    name: 'demo-server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    exclude: ['src/**/*.integration.test.ts'],
    // eventsource publishes a `source` export pointing at TypeScript: let Vite transform it
    // instead of handing the .ts file to Node (the SDK's HTTP transports import it).
    server: { deps: { inline: [/@modelcontextprotocol\/(client|server)/, /eventsource/] } },
  },
})
