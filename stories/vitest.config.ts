// Runs every story's play function as a test in real Chromium (Storybook's Vitest addon,
// browser mode). Debian's Chromium is used: Playwright's own download is never fetched.
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin'
import { playwright } from '@vitest/browser-playwright'
import { defineProject } from 'vitest/config'
import { sourceResolve } from '../vitest.shared.ts'

const dirname = path.dirname(fileURLToPath(import.meta.url))

export default defineProject({
  ...sourceResolve,
  plugins: [storybookTest({ configDir: path.join(dirname, '.storybook') })],
  // Pre-bundle everything the stories import, so Vite never reloads the page mid-run.
  optimizeDeps: {
    include: [
      'react',
      'react/jsx-runtime',
      'react/jsx-dev-runtime',
      'react-dom',
      'react-dom/client',
      '@floating-ui/react',
      '@tanstack/react-query',
      '@tanstack/query-core',
      '@tanstack/react-virtual',
      'zustand',
      'zustand/vanilla',
      'react-markdown',
      'fuse.js',
      '@modelcontextprotocol/client',
      '@modelcontextprotocol/server',
    ],
  },
  test: {
    name: 'storybook',
    testTimeout: 30_000,
    browser: {
      enabled: true,
      headless: true,
      provider: playwright({
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--no-first-run',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
          ],
        },
      }),
      instances: [{ browser: 'chromium' }],
    },
  },
})
