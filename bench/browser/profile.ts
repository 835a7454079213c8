// `npm run bench:browser:profile -- --count=100000`: where the main thread of the chat
// app spends its time (the CPU profile's top functions by self time, and the long tasks).
// A tool for finding what blocks, not a benchmark: it prints no ratios and runs nothing else.
// Phases (`--phase=`):
// - `load` (default): one server's list loads and a query is typed (`--type-after=MS` from
//   the search's first showing, each key timed key → paint), over `--seconds`;
// - `views`: after the whole list has loaded (the server's periodic `list_changed` is off),
//   Tree ↔ List, arrow keys in both views and through the hits of `--query`, each timed
//   key → paint; only that is profiled.
// - `keys`: after the whole list has loaded, `--query` is typed in the side search and then
//   in the @ popup (`--in=side` or `--in=popup`: only there), each key timed key → paint;
//   only that is profiled.
// - `add`: the chat app starts with no server; the first demo server is added by its URL in
//   the server list (as `bench:browser -- --only=add-by-url` does) and the `--seconds`
//   after the click are profiled.
// `--trace` prints the trace's self time by thread; `--trace-out=FILE` also saves it
// (`--trace-samples` adds every thread's CPU samples, the worker's too), and
// `--profile-out=FILE` the page's CPU profile of the phase. `load` also prints how the
// walk's pages arrived (the first pass's resources per second, the gaps between replies).
// `--servers=N` serves N demo servers of `--count` resources each (as the 20×10k run does).
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { startDemoHttpServer } from '@resource-kit/demo-server/node'
import { type CDPSession, chromium, type Page } from 'playwright-core'
import { build } from 'vite'
import { serveStatic } from '../../apps/chat/scripts/serveStatic.ts'
import { installProbe, type Probe, type ProbeListPage } from './pageProbe.ts'
import { quantile } from './quantile.ts'
import { timedKey, typeTimed } from './timedKeys.ts'

const arg = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback
const count = Number(arg('count', '20000'))
const seconds = Number(arg('seconds', '30'))
const query = arg('query', 'config')
const servers = Number(arg('servers', '1'))
const phase = arg('phase', 'load')
/** `--type-after=MS`: the load phase types `--query` this long after the search shows. */
const typeAfterMs = Number(arg('type-after', String((seconds * 1000) / 2)))
/** `--find=NAME` (`add`): typed in the side search after the phase; its rows are printed. */
const findName = arg('find', '')
/** `--in=side` or `--in=popup`: the keys phase types in that picker only. */
const typedIn = arg('in', 'both')
/** `--trace-out=FILE`: also write the Chromium trace there (open it in DevTools' Performance). */
const traceOut = arg('trace-out', '')
/** `--profile-out=FILE`: also write the CPU profile there (a `.cpuprofile`, same clock as the trace). */
const profileOut = arg('profile-out', '')
if (!['load', 'views', 'keys', 'add'].includes(phase))
  throw new Error(`--phase=${phase}: load, views, keys or add`)
if (!['both', 'side', 'popup'].includes(typedIn)) throw new Error(`--in=${typedIn}: side or popup`)
if (!(typeAfterMs >= 0))
  throw new Error(`--type-after=${arg('type-after', '')}: milliseconds, 0 or more`)

const SIDE = 'aside[aria-label="Resource picker and preview"]'
const INPUT = `${SIDE} [aria-label="Search resources"]`
const LIVE = '[aria-live], [role="status"], [role="log"]'
/** The longest setInterval delay: the demo server's list never changes while profiled. */
const NEVER_MS = 2 ** 31 - 1

interface ProfileNode {
  id: number
  children?: number[]
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
  const callers = arg('callers', '')
  if (callers) printCallers(profile, self, callers)
  console.log(`top self time ${what} (${servers} × ${count} resources):`)
  for (const [name, time] of top) console.log(`${time.toFixed(0).padStart(7)} ms  ${name}`)
}

/** The stacks (innermost 12 frames) under which functions named `name` ran, by time. */
function printCallers(profile: Profile, self: Map<number, number>, name: string): void {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]))
  const parent = new Map<number, number>()
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parent.set(child, node.id)
  const under = new Map<number, number>()
  const total = (id: number): number => {
    const known = under.get(id)
    if (known !== undefined) return known
    const node = byId.get(id)!
    const sum = (self.get(id) ?? 0) + (node.children ?? []).reduce((n, c) => n + total(c), 0)
    under.set(id, sum)
    return sum
  }
  const stacks = new Map<string, number>()
  for (const node of profile.nodes) {
    if (node.callFrame.functionName !== name) continue
    // Only the outermost call of `name` on each stack.
    const frames: string[] = []
    let nested = false
    for (let id = parent.get(node.id); id !== undefined; id = parent.get(id)) {
      const frame = byId.get(id)!.callFrame
      if (frame.functionName === name) nested = true
      if (frames.length < 12)
        frames.push(`${frame.functionName || '(anonymous)'}:${frame.lineNumber}`)
    }
    if (nested) continue
    const key = frames.join(' < ')
    stacks.set(key, (stacks.get(key) ?? 0) + total(node.id))
  }
  console.log(`callers of ${name}:`)
  for (const [stack, time] of [...stacks].sort((a, b) => b[1] - a[1]).slice(0, 8))
    console.log(`${time.toFixed(0).padStart(7)} ms  ${stack}`)
}

/** The median of `values` in ms, as printed. */
function median(values: readonly number[]): string {
  return quantile(values, 0.5).toFixed(1)
}

/**
 * How the walk's pages arrived (`load`): the first pass over every server (resources per
 * second) and the gaps between consecutive `resources/list` replies. A walk that waits
 * between pages (idle periods, a busy main thread) shows gaps beside the wire's round trip.
 */
function printPageGaps(pages: readonly ProbeListPage[]): void {
  const gaps = pages.slice(1).map((p, i) => p.at - pages[i]!.at)
  let received = 0
  const end = pages.findIndex((p) => {
    received += p.count
    return received >= count * servers
  })
  if (end > 0) {
    const ms = pages[end]!.at - pages[0]!.at
    console.log(
      `first pass: ${received} resources in ${(ms / 1000).toFixed(1)} s ` +
        `(${((received / ms) * 1000).toFixed(0)}/s), gap p50 ${median(gaps.slice(0, end))} ms`,
    )
  } else console.log(`first pass: not over (${received} of ${count * servers} resources)`)
  const long = gaps.filter((g) => g > 50)
  const seconds = (ms: number) => (ms / 1000).toFixed(1)
  console.log(
    `pages: ${pages.length} in ${seconds(gaps.reduce((n, g) => n + g, 0))} s; gap p50 ${median(gaps)} ms; ` +
      `${long.length} gaps over 50 ms (${seconds(long.reduce((n, g) => n + g, 0))} s)`,
  )
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
    if (pages.filter((p) => p.last).length >= servers || Date.now() - lastChange > 6000) break
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
    for (let i = 0; i < 15; i++)
      each.push(await timedKey(page, 'ArrowDown', SIDE, { attributes: true, ignore: LIVE }))
    const sorted = [...each].sort((a, b) => a - b)
    times.push(
      `${label} arrows: max ${sorted.at(-1)?.toFixed(0)} ms, median ${sorted[7]?.toFixed(0)} ms`,
    )
  }
  const toggle = async (view: 'List' | 'Tree') => {
    await page.focus(`${SIDE} [role="group"][aria-label="View"] button:text-is("${view}")`)
    times.push(
      `→ ${view}: ${(await timedKey(page, 'Enter', SIDE, { ignore: LIVE })).toFixed(0)} ms`,
    )
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

interface TraceEvent {
  name: string
  ph: string
  ts: number
  dur?: number
  pid: number
  tid: number
  args?: { name?: string; data?: { functionName?: string; url?: string; lineNumber?: number } }
}

/** An event's name, with the function a FunctionCall ran. */
function eventName(e: TraceEvent): string {
  const data = e.args?.data
  if (e.name !== 'FunctionCall' || !data?.functionName) return e.name
  return `FunctionCall ${data.functionName} ${data.url?.split('/').pop() ?? ''}:${data.lineNumber ?? ''}`
}

/**
 * Self time by event name on each named thread of a Chromium trace (`--trace`): where the
 * time goes that a CPU profile calls "(program)" (style, layout, paint, IPC).
 */
function printTrace(events: TraceEvent[]): void {
  const threads = new Map<string, string>()
  for (const e of events)
    if (e.ph === 'M' && e.name === 'thread_name')
      threads.set(`${e.pid}:${e.tid}`, e.args?.name ?? '')
  const byThread = new Map<string, TraceEvent[]>()
  for (const e of events) {
    if (e.ph !== 'X' || e.dur === undefined) continue
    const name = threads.get(`${e.pid}:${e.tid}`) ?? ''
    if (!/CrRendererMain|DedicatedWorker/.test(name)) continue
    const key = `${name} ${e.pid}:${e.tid}`
    const known = byThread.get(key)
    if (known) known.push(e)
    else byThread.set(key, [e])
  }
  for (const [thread, list] of byThread) {
    list.sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0))
    const self = new Map<string, number>()
    const stack: { end: number; name: string }[] = []
    let busy = 0
    // Each long task (a top-level event over 50 ms): its start and its events by self time.
    const long: { ts: number; dur: number; self: Map<string, number> }[] = []
    let task: (typeof long)[number] | undefined
    for (const e of list) {
      while (stack.length > 0 && stack.at(-1)!.end <= e.ts) stack.pop()
      const parent = stack.at(-1)
      const name = eventName(e)
      const dur = e.dur ?? 0
      if (parent) {
        self.set(parent.name, (self.get(parent.name) ?? 0) - dur)
        task?.self.set(parent.name, (task.self.get(parent.name) ?? 0) - dur)
      } else {
        busy += dur
        task = dur > 50_000 ? { ts: e.ts, dur, self: new Map() } : undefined
        if (task) long.push(task)
      }
      self.set(name, (self.get(name) ?? 0) + dur)
      task?.self.set(name, (task.self.get(name) ?? 0) + dur)
      stack.push({ end: e.ts + dur, name })
    }
    for (const t of long) {
      const top = [...t.self].sort((a, b) => b[1] - a[1]).slice(0, 6)
      console.log(
        `  long task ${(t.dur / 1000).toFixed(0)} ms: ${top.map(([n, d]) => `${n} ${(d / 1000).toFixed(0)}`).join('; ')}`,
      )
    }
    console.log(`trace ${thread}: busy ${(busy / 1000).toFixed(0)} ms; self time by event:`)
    for (const [name, time] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 15))
      console.log(`${(time / 1000).toFixed(0).padStart(7)} ms  ${name}`)
  }
}

/** Types `name` in the side search and prints the rows it shows, every 2 s for 20 s. */
async function findInSide(page: Page, name: string): Promise<void> {
  await page.click(INPUT)
  await page.keyboard.type(name, { delay: 30 })
  for (let waited = 0; waited <= 20_000; waited += 2000) {
    const rows = await page.$$eval(`${SIDE} [role="treeitem"], ${SIDE} [role="option"]`, (found) =>
      found.slice(0, 8).map((row) => row.textContent?.slice(0, 90) ?? ''),
    )
    console.log(`"${name}" after ${waited / 1000} s: ${JSON.stringify(rows)}`)
    await page.waitForTimeout(2000)
  }
}

/** The query typed in the side search, then in the composer's @ popup. */
async function typeQueries(page: Page): Promise<void> {
  const times = async (root: string, ignore: string) =>
    (await typeTimed(page, query, root, ignore)).map((time) => time.toFixed(0)).join(', ')
  if (typedIn !== 'popup') {
    await page.click(INPUT)
    console.log(`side search "${query}": ${await times(SIDE, LIVE)} ms`)
    await page.fill(INPUT, '')
  }
  if (typedIn === 'side') return
  const composer = '[aria-label="Message"]'
  await page.click(composer)
  await page.keyboard.press('@')
  await page.waitForTimeout(300)
  console.log(`@ popup "${query}": ${await times('body', `${LIVE}, ${composer}, ${SIDE}`)} ms`)
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
const demos = await Promise.all(
  Array.from({ length: servers }, (_, i) =>
    startDemoHttpServer({
      port: 0,
      count,
      pageSize: 100,
      seed: i + 1,
      logIntervalMs: 60_000,
      ...(phase === 'load' ? {} : { fileIntervalMs: NEVER_MS }),
      corsOrigins: [new URL(app.url).origin],
    }),
  ),
)
if (phase !== 'add')
  config = {
    servers: demos.map((demo, i) => ({ id: `s${i}`, url: demo.url, name: `Server ${i + 1}` })),
  }
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
  const tracing = process.argv.includes('--trace') || traceOut !== ''
  const startTracing = () =>
    browser.startTracing(page, {
      categories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'toplevel',
        'v8.execute',
        'blink',
        'loading',
        // The worker's own CPU samples (`--trace-samples`): a CPU profile sees the page only.
        ...(process.argv.includes('--trace-samples')
          ? ['disabled-by-default-v8.cpu_profiler']
          : []),
      ],
    })
  const stopTracing = async () => {
    const buffer = await browser.stopTracing()
    if (traceOut) await writeFile(traceOut, buffer)
    printTrace((JSON.parse(buffer.toString()) as { traceEvents: TraceEvent[] }).traceEvents)
  }
  if (phase === 'add') {
    await page.goto(app.url)
    const urlInput = '.chat-add-server input[type="url"]'
    await page.waitForSelector(urlInput, { timeout: 60_000 })
    await page.fill(urlInput, demos[0]!.url)
    from = await page.evaluate(() => performance.now())
    if (tracing) await startTracing()
    profile = await profiled(cdp, async () => {
      await page.click('.chat-add-server button[type="submit"]')
      await page.waitForTimeout(seconds * 1000)
    })
    if (tracing) await stopTracing()
    printTop(profile, `over ${seconds} s after the add`)
    if (findName) await findInSide(page, findName)
    printPageGaps(
      await page.evaluate(() => (window as unknown as { __probe: Probe }).__probe.pages),
    )
  } else if (phase === 'load') {
    if (tracing) await startTracing()
    profile = await profiled(cdp, async () => {
      await page.goto(app.url)
      await page.waitForSelector(INPUT, { timeout: 120_000 })
      await page.waitForTimeout(typeAfterMs)
      await page.click(INPUT)
      const times = await typeTimed(page, query, SIDE, LIVE)
      console.log(
        `side search "${query}" while loading: ${times.map((t) => t.toFixed(0)).join(', ')} ms`,
      )
      await page.waitForTimeout(Math.max(0, seconds * 1000 - typeAfterMs))
    })
    if (tracing) await stopTracing()
    printTop(profile, `over ${seconds} s`)
    printPageGaps(
      await page.evaluate(() => (window as unknown as { __probe: Probe }).__probe.pages),
    )
  } else {
    await page.goto(app.url)
    await page.waitForSelector(INPUT, { timeout: 120_000 })
    console.log(`listed ${await waitForWholeList(page)} before switching`)
    from = await page.evaluate(() => performance.now())
    if (tracing) await startTracing()
    profile = await profiled(cdp, () =>
      phase === 'keys' ? typeQueries(page) : switchAndArrow(page),
    )
    if (tracing) await stopTracing()
    printTop(profile, phase === 'keys' ? 'typing' : 'switching views and pressing arrows')
  }
  if (profileOut) await writeFile(profileOut, JSON.stringify(profile))
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
  await Promise.all([app.close(), ...demos.map((demo) => demo.close())])
  await rm(work, { recursive: true, force: true })
}
