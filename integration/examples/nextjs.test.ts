// examples/nextjs: a Next.js 16 App Router app whose server page renders the picker and
// the composer, built with `next build`, served by `next start`, opened in Chromium against
// the demo server over Streamable HTTP (direct mode: the demo allows the app's origin, CORS).
// Before "use client" on @resource-kit/react, `next build` failed: createContext is not a function.
import path from 'node:path'
import { type DemoHttpServer, startDemoHttpServer } from '@resource-kit/demo-server/node'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type LaunchedChromium, launchChromium } from '../browser/harness/launchChromium.ts'
import { freePort } from './freePort.ts'
import { collectPageProblems } from './pageProblems.ts'
import { runBuild, type StartedProcess, startProcess } from './processes.ts'

const repoRoot = path.resolve(import.meta.dirname, '../..')
const app = path.join(repoRoot, 'examples/nextjs')
const next = path.join(repoRoot, 'node_modules/.bin/next')
const env = { NEXT_TELEMETRY_DISABLED: '1' }

describe('the Next.js App Router example', () => {
  let demo: DemoHttpServer
  let server: StartedProcess
  let chromium: LaunchedChromium
  let origin: string

  beforeAll(async () => {
    await runBuild(next, ['build'], { cwd: app, env })
    const port = await freePort()
    origin = `http://127.0.0.1:${port}`
    demo = await startDemoHttpServer({ port: 0, count: 300, pageSize: 100, corsOrigins: [origin] })
    server = await startProcess(next, ['start', '-p', String(port), '-H', '127.0.0.1'], {
      cwd: app,
      env: { ...env, MCP_SERVER_URL: demo.url },
      ready: /Ready in/,
    })
    chromium = await launchChromium()
  }, 400_000)

  afterAll(async () => {
    await chromium?.close()
    await server?.stop()
    await demo?.close()
  })

  it('renders the parts into the server HTML, with a helper called on the server', async () => {
    const html = await (await fetch(origin)).text()
    expect(html).toContain('Search the demo server…')
    expect(html).toContain('rk-composer-input')
    expect(html).toContain('@[README](mcp://demo/file:///project/README.md)')
  })

  it('lists the demo server in Chromium, with no hydration warning or error', async () => {
    const page: Page = await chromium.context.newPage()
    const problems = collectPageProblems(page)
    await page.goto(origin)
    const server = page.locator('[role="treeitem"][data-kind="server"]')
    await expect.poll(() => server.getAttribute('data-status'), { timeout: 30_000 }).toBe('ready')
    await expect
      .poll(() => server.locator('.rk-count').textContent(), { timeout: 30_000 })
      .toBe('300 resources · 3 templates')
    await expect(
      page.locator('[role="treeitem"][data-kind="folder"]').count(),
    ).resolves.toBeGreaterThan(0)
    // The composer is live too: @ opens its popup over the same server.
    await page.locator('.rk-composer-input').click()
    await page.keyboard.type('@read')
    await expect
      .poll(() => page.locator('.rk-mention-listbox [role="option"]').count(), { timeout: 15_000 })
      .toBeGreaterThan(0)
    expect(problems).toEqual([])
  }, 120_000)
})
