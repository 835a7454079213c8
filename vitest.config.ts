import { defineConfig } from 'vitest/config'
import { sourceConditions, sourceResolve } from './vitest.shared.ts'

export default defineConfig({
  ...sourceResolve,
  test: {
    projects: [
      'packages/*/vitest.config.ts',
      'packages/react/vitest.react18.config.ts',
      'apps/*/vitest.config.ts',
      'stories/vitest.config.ts',
      {
        // No 'import' condition here: Vitest hands the conditions to Node, and with 'import'
        // Node's require() picks packages' ESM builds (express's router then gets
        // is-promise's namespace instead of its function: the demo's authorization server).
        resolve: { conditions: sourceConditions.filter((c) => c !== 'import') },
        ssr: {
          ...sourceResolve.ssr,
          resolve: {
            ...sourceResolve.ssr.resolve,
            conditions: sourceConditions.filter((c) => c !== 'import'),
          },
        },
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
