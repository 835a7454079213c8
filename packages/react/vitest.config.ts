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
    setupFiles: ['./src/__tests__/setup.ts'],
  },
})
