import { defineProject } from 'vitest/config'
import { sourceResolve } from '../../vitest.shared.ts'

export default defineProject({
  ...sourceResolve,
  test: {
    name: 'client',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    exclude: ['src/**/*.integration.test.ts'],
    // These publish a `source` export pointing at TypeScript: let Vite transform them
    // instead of handing the .ts file to Node (the SDK's HTTP transport imports them).
    server: { deps: { inline: [/@modelcontextprotocol\/client/, /eventsource/] } },
  },
})
