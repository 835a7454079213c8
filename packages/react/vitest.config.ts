import react from '@vitejs/plugin-react'
import { defineProject } from 'vitest/config'
import { sourceResolve } from '../../vitest.shared.ts'

export default defineProject({
  ...sourceResolve,
  plugins: [react()],
  test: {
    name: 'react',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    // Those run in the root `integration` project (node, real servers).
    exclude: ['src/**/*.integration.test.ts'],
    setupFiles: ['./src/__tests__/setup.ts'],
    // These publish a `source` export pointing at TypeScript: let Vite transform them
    // instead of handing the .ts file to Node (the client imports the SDK).
    server: { deps: { inline: [/@modelcontextprotocol\/client/, /eventsource/] } },
  },
})
