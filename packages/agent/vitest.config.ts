import { defineProject } from 'vitest/config'
import { sourceResolve } from '../../vitest.shared.ts'

export default defineProject({
  ...sourceResolve,
  test: {
    name: 'agent',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    exclude: ['src/**/*.integration.test.ts'],
  },
})
