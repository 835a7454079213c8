import { defineProject } from 'vitest/config'
import { sourceResolve } from '../../vitest.shared.ts'

export default defineProject({
  ...sourceResolve,
  test: {
    name: 'search',
    environment: 'node',
    include: ['src/**/*.test.ts'],
  },
})
