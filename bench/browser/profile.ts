// `npm run bench:browser:profile -- --count=100000`: where the main thread of the chat
// app spends its time while one server's list loads and a query is typed (the CPU
// profile's top functions by self time, and the long tasks). A tool for finding what
// blocks, not a benchmark: it prints no ratios and runs nothing else.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { startDemoHttpServer } from '@resource-kit/demo-server/node'
import { chromium } from 'playwright-core'
import { build } from 'vite'
import { serveStatic } from '../../apps/chat/scripts/serveStatic.ts'
import { installProbe, type Probe } from './pageProbe.ts'

const arg = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback
const count = Number(arg('count', '20000'))
const seconds = Number(arg('seconds', '30'))
const query = arg('query', 'config')

interface ProfileNode {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
  children?: number[]
}

const work = await mkdtemp(path.join(tmpdir(), 'rk-profile-'))
const appDir = path.join(work, 'app')
// Not minified, so the profile names our functions.
const chatRoot = path.join(import.meta.dirname, '../../apps/chat')
await build({
  configFile: path.join(chatRoot, 'vite.config.ts'),
  root: chatRoot,
  logLevel: 'warn',
  build: { outDir: appDir, emptyOutDir: true, sourcemap: false, minify: false },
})
let config: unknown = { servers: [] }
const app = await serveStatic({ root: appDir, config: () => config })
const demo = await startDemoHttpServer({
  port: 0,
  count,
  pageSize: 100,
  seed: 1,
  logIntervalMs: 60_000,
  corsOrigins: [new URL(app.url).origin],
})
config = { servers: [{ id: 's0', url: demo.url, name: 'Server 1' }] }
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'],
})
try {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } })
  await context.addInitScript({
    content: `var __name = (target) => target;\n(${installProbe.toString()})()`,
  })
  const page = await context.newPage()
  page.on('pageerror', (error) => console.log(`page error: ${error.message}`))
  const cdp = await context.newCDPSession(page)
  await cdp.send('Profiler.enable')
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 })
  await cdp.send('Profiler.start')
  await page.goto(app.url)
  const input = 'aside[aria-label="Resource picker and preview"] [aria-label="Search resources"]'
  await page.waitForSelector(input, { timeout: 120_000 })
  await page.waitForTimeout((seconds * 1000) / 2)
  await page.click(input)
  for (const char of query) await page.keyboard.press(char)
  await page.waitForTimeout((seconds * 1000) / 2)
  const { profile } = (await cdp.send('Profiler.stop')) as {
    profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] }
  }
  const self = new Map<number, number>()
  profile.samples.forEach((id, i) => {
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000)
  })
  const byName = new Map<string, number>()
  for (const node of profile.nodes) {
    const { functionName, url, lineNumber } = node.callFrame
    const key = `${functionName || '(anonymous)'} ${url.split('/').pop()}:${lineNumber}`
    byName.set(key, (byName.get(key) ?? 0) + (self.get(node.id) ?? 0))
  }
  const top = [...byName].sort((a, b) => b[1] - a[1]).slice(0, 30)
  console.log(`top self time over ${seconds} s (${count} resources):`)
  for (const [name, time] of top) console.log(`${time.toFixed(0).padStart(7)} ms  ${name}`)
  const tasks = await page.evaluate(
    () => (window as unknown as { __probe: Probe }).__probe.longTasks,
  )
  const listed = await page.evaluate(() =>
    (window as unknown as { __probe: Probe }).__probe.pages.reduce((n, p) => n + p.count, 0),
  )
  console.log(
    `listed ${listed}; long tasks: ${tasks.length}, max ${Math.max(0, ...tasks.map((t) => t.duration)).toFixed(0)} ms`,
  )
  console.log(`workers: ${page.workers().map((w) => w.url().split('/').pop()).join(', ') || 'none'}`)
  console.log(tasks.map((t) => `${t.start.toFixed(0)}+${t.duration.toFixed(0)}`).join(' '))
} finally {
  await browser.close()
  await Promise.all([app.close(), demo.close()])
  await rm(work, { recursive: true, force: true })
}
