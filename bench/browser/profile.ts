// `npm run bench:browser:profile -- --count=100000`: where the main thread of the chat
// app spends its time (the CPU profile's top functions by self time, and the long tasks).
// A tool for finding what blocks, not a benchmark: it prints no ratios and runs nothing else.
// Phases (`--phase=`):
// - `load` (default): one server's list loads and a query is typed, over `--seconds`;
// - `views`: after the whole list has loaded (the server's periodic `list_changed` is off),
//   Tree ↔ List, arrow keys in both views and through the hits of `--query`, each timed
//   key → paint; only that is profiled.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { startDemoHttpServer } from '@resource-kit/demo-server/node'
import { type CDPSession, chromium, type Page } from 'playwright-core'
import { build } from 'vite'
import { serveStatic } from '../../apps/chat/scripts/serveStatic.ts'
import { installProbe, type Probe } from './pageProbe.ts'

const arg = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback
const count = Number(arg('count', '20000'))
const seconds = Number(arg('seconds', '30'))
const query = arg('query', 'config')
const phase = arg('phase', 'load')
if (phase !== 'load' && phase !== 'views') throw new Error(`--phase=${phase}: load or views`)

const SIDE = 'aside[aria-label="Resource picker and preview"]'
const INPUT = `${SIDE} [aria-label="Search resources"]`
const LIVE = '[aria-live], [role="status"], [role="log"]'
/** The longest setInterval delay: the demo server's list never changes while profiled. */
const NEVER_MS = 2 ** 31 - 1

interface ProfileNode {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
}
interface Profile {
  nodes: ProfileNode[]
  samples: number[]
  timeDeltas: number[]
}

async function profiled(cdp: CDPSession, run: () => Promise<void>): Promise<Profile> {
  await cdp.send('Profiler.start')
  await run()
  const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile }
  return profile
}

function printTop(profile: Profile, what: string): void {
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
  console.log(`top self time ${what} (${count} resources):`)
  for (const [name, time] of top) console.log(`${time.toFixed(0).padStart(7)} ms  ${name}`)
}

/** Presses `key` and returns key → paint in ms (NaN when nothing under the picker changed). */
async function timedKey(page: Page, key: string): Promise<number> {
  await page.evaluate(
    ([root, ignore]) =>
      (window as unknown as { __probe: Probe }).__probe.armKey(root as string, {
        attributes: true,
        ignore,
      }),
    [SIDE, LIVE] as const,
  )
  await page.keyboard.press(key)
  return page.evaluate(() => (window as unknown as { __probe: Probe }).__probe.keyResult())
}

/** Waits until the walk reached its last page (or brought nothing new for 6 s). */
async function waitForWholeList(page: Page): Promise<number> {
  let listed = -1
  let lastChange = Date.now()
  for (;;) {
    const pages = await page.evaluate(() => (window as unknown as { __probe: Probe }).__probe.pages)
    const total = pages.reduce((n, p) => n + p.count, 0)
    if (total !== listed) {
      listed = total
      lastChange = Date.now()
    }
    if (pages.some((p) => p.last) || Date.now() - lastChange > 6000) break
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  await page.evaluate(() => (window as unknown as { __probe: Probe }).__probe.settled())
  return listed
}

/** Tree ↔ List on the view buttons, arrows from the search input in each view and in hits. */
async function switchAndArrow(page: Page): Promise<void> {
  const times: string[] = []
  const arrows = async (label: string) => {
    await page.click(INPUT)
    const each: number[] = []
    for (let i = 0; i < 15; i++) each.push(await timedKey(page, 'ArrowDown'))
    const sorted = [...each].sort((a, b) => a - b)
    times.push(
      `${label} arrows: max ${sorted.at(-1)?.toFixed(0)} ms, median ${sorted[7]?.toFixed(0)} ms`,
    )
  }
  const toggle = async (view: 'List' | 'Tree') => {
    await page.focus(`${SIDE} [role="group"][aria-label="View"] button:text-is("${view}")`)
    times.push(`→ ${view}: ${(await timedKey(page, 'Enter')).toFixed(0)} ms`)
  }
  await arrows('tree')
  await toggle('List')
  await arrows('list')
  await toggle('Tree')
  await toggle('List')
  await arrows('list')
  await toggle('Tree')
  // Arrows through search hits (as bench:browser measures them), once the hits are shown.
  await page.fill(INPUT, query)
  await page.evaluate(() => (window as unknown as { __probe: Probe }).__probe.settled())
  await arrows(`"${query}" hits`)
  for (const line of times) console.log(line)
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
  ...(phase === 'views' ? { fileIntervalMs: NEVER_MS } : {}),
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
  let from = 0
  let profile: Profile
  if (phase === 'load') {
    profile = await profiled(cdp, async () => {
      await page.goto(app.url)
      await page.waitForSelector(INPUT, { timeout: 120_000 })
      await page.waitForTimeout((seconds * 1000) / 2)
      await page.click(INPUT)
      for (const char of query) await page.keyboard.press(char)
      await page.waitForTimeout((seconds * 1000) / 2)
    })
    printTop(profile, `over ${seconds} s`)
  } else {
    await page.goto(app.url)
    await page.waitForSelector(INPUT, { timeout: 120_000 })
    console.log(`listed ${await waitForWholeList(page)} before switching`)
    from = await page.evaluate(() => performance.now())
    profile = await profiled(cdp, () => switchAndArrow(page))
    printTop(profile, 'switching views and pressing arrows')
  }
  const tasks = (
    await page.evaluate(() => (window as unknown as { __probe: Probe }).__probe.longTasks)
  ).filter((t) => t.start + t.duration > from)
  const listed = await page.evaluate(() =>
    (window as unknown as { __probe: Probe }).__probe.pages.reduce((n, p) => n + p.count, 0),
  )
  console.log(
    `listed ${listed}; long tasks: ${tasks.length}, max ${Math.max(0, ...tasks.map((t) => t.duration)).toFixed(0)} ms`,
  )
  console.log(
    `workers: ${
      page
        .workers()
        .map((w) => w.url().split('/').pop())
        .join(', ') || 'none'
    }`,
  )
  console.log(tasks.map((t) => `${t.start.toFixed(0)}+${t.duration.toFixed(0)}`).join(' '))
} finally {
  await browser.close()
  await Promise.all([app.close(), demo.close()])
  await rm(work, { recursive: true, force: true })
}
