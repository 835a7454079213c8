// examples/vite: a Vite + React 19 page with the picker, built with `vite build` (the
// packages' dist, as an installed copy resolves them) and opened in Chromium against the
// demo server over Streamable HTTP (direct mode: the demo allows the page's origin, CORS).
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { type DemoHttpServer, startDemoHttpServer } from '@resource-kit/demo-server/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type StaticServer, serveStatic } from '../../apps/chat/scripts/serveStatic.ts'
import { screenshot } from '../browser/harness/artifacts.ts'
import { type LaunchedChromium, launchChromium } from '../browser/harness/launchChromium.ts'
import { collectPageProblems } from './pageProblems.ts'
import { runBuild } from './processes.ts'

const repoRoot = path.resolve(import.meta.dirname, '../..')
const app = path.join(repoRoot, 'examples/vite')
const vite = path.join(repoRoot, 'node_modules/.bin/vite')

describe('the Vite example', () => {
  let outDir: string
  let page: StaticServer
  let demo: DemoHttpServer
  let chromium: LaunchedChromium

  beforeAll(async () => {
    outDir = await mkdtemp(path.join(tmpdir(), 'rk-example-vite-'))
    // Served first (files are read per request), so the demo server can allow its origin.
    page = await serveStatic({ root: outDir, port: 0, config: () => ({}) })
    demo = await startDemoHttpServer({
      port: 0,
      count: 300,
      pageSize: 100,
      corsOrigins: [new URL(page.url).origin],
    })
    await runBuild(vite, ['build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], {
      cwd: app,
      env: { VITE_MCP_SERVER_URL: demo.url },
    })
    chromium = await launchChromium()
  }, 180_000)

  afterAll(async () => {
    await chromium?.close()
    await demo?.close()
    await page?.close()
    if (outDir) await rm(outDir, { recursive: true, force: true })
  })

  it('gives the demo experience from the parts: servers, picker, sized chip, Send, model input', async () => {
    const tab = await chromium.context.newPage()
    const problems = collectPageProblems(tab)
    await tab.goto(page.url)
    const server = tab.locator('[role="treeitem"][data-kind="server"]')
    await expect
      .poll(() => server.locator('.rk-count').textContent(), { timeout: 30_000 })
      .toBe('300 resources · 3 templates')
    // The server list reads the client's state.
    await expect(tab.locator('.rk-server').getAttribute('data-state')).resolves.toBe('live')
    // Search, then Alt+Enter mentions the highlighted row in the composer.
    await tab.getByRole('combobox', { name: 'Search resources' }).fill('readme')
    await tab
      .getByRole('treeitem', { name: /^readme/i })
      .first()
      .waitFor({ timeout: 30_000 })
    await tab.keyboard.press('Alt+Enter')
    const chip = tab.locator('.rk-attachment')
    await expect.poll(() => chip.count(), { timeout: 10_000 }).toBe(1)
    // Sized before Send, and the total against the host's budget.
    await expect.poll(() => chip.textContent(), { timeout: 10_000 }).toMatch(/tokens/)
    await expect(tab.locator('.rk-context-budget').textContent()).resolves.toMatch(/of 32,000/)
    await tab.locator('.rk-composer-input').click()
    await tab.keyboard.press('End')
    await tab.keyboard.type(' summarize')
    await tab.keyboard.press('Enter')
    const card = tab.locator('.message .rk-context-card')
    await expect.poll(() => card.getAttribute('data-status'), { timeout: 10_000 }).toBe('read')
    await expect(card.locator('.rk-context-uri').textContent()).resolves.toMatch(/README/i)
    // The sent message shows its mention as a chip, not as the stored token.
    await expect(tab.locator('.message .rk-mention').textContent()).resolves.toMatch(/^@readme/i)
    // The composed host as a person sees it, wide and narrow.
    await tab.setViewportSize({ width: 1440, height: 900 })
    await screenshot(tab, 'example-vite-1440')
    await tab.setViewportSize({ width: 390, height: 844 })
    await screenshot(tab, 'example-vite-390')
    expect(problems).toEqual([])
  }, 120_000)
})
