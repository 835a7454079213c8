import { defineConfig } from 'vitest/config'
import { sourceResolve } from './vitest.shared.ts'

export default defineConfig({
  ...sourceResolve,
  test: {
    projects: [
      'packages/*/vitest.config.ts',
      'apps/*/vitest.config.ts',
      'stories/vitest.config.ts',
      {
        ...sourceResolve,
        test: {
          name: 'integration',
          environment: 'node',
          include: ['{packages,apps}/*/src/**/*.integration.test.ts', 'integration/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
    ],
  },
})
