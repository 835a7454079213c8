// `npm run bench:browser` (`-- --smoke` for a quick 2,000-resource pass): the built chat
// app's picker and @-mention composer in Debian Chromium against the demo server, at 10k
// and 100k resources on one server and 20 servers × 10k, with peers measured in the same
// run over the same items: a cmdk list, fuse.js alone and @resource-kit/search alone in a
// page (bench/browser/peer), and the Node client walking the same servers. Then the chat
// app as a person uses it (`--only=add-by-url`): a 100,000-resource server added by URL
// in its server list, the main thread's long tasks in the 60 s after, and the side search
// finding the server's last resource; beside it, the same list walked in a page by bare
// fetch calls and by the client alone (the machine's floor for those long tasks).
// Figures and how to read them: bench/README.md.
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { createResourceClient, type Resource } from '@resource-kit/client'
import { type DemoHttpServer, startDemoHttpServer } from '@resource-kit/demo-server/node'
import react from '@vitejs/plugin-react'
import { type Browser, chromium, type Page } from 'playwright-core'
import { build, defaultClientConditions } from 'vite'
import { buildChat } from '../../apps/chat/scripts/buildChat.ts'
import { serveStatic } from '../../apps/chat/scripts/serveStatic.ts'
import { installProbe, type Probe } from './pageProbe.ts'
import { walkAllWire } from './peer/walkWire.ts'
import { quantile } from './quantile.ts'
import { timedKey, typeTimed } from './timedKeys.ts'

const smoke = process.argv.includes('--smoke')
const only = process.argv.find((arg) => arg.startsWith('--only='))?.slice(7)
const PAGE_SIZE = 100
/** A walk that brings nothing new for this long has stopped (a batch cap, an error). */
const STALL_MS = 6000
/** The longest a load is watched: a walk that refetches stale pages forever ends here. */
const LOAD_LIMIT_MS = 180_000
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

interface Scenario {
  label: string
  servers: number
  count: number
  /** cmdk renders every item: past this many it is not run. */
  cmdk: boolean
}

const scenarios: Scenario[] = smoke
  ? [{ label: '2k', servers: 1, count: 2000, cmdk: true }]
  : [
      { label: '10k', servers: 1, count: 10_000, cmdk: true },
      { label: '100k', servers: 1, count: 100_000, cmdk: true },
      { label: '20×10k', servers: 20, count: 10_000, cmdk: false },
    ]

// ---------------------------------------------------------------- statistics

const ms = (value: number) => (Number.isFinite(value) ? `${value.toFixed(0)} ms` : 'n/a')
const ratio = (ours: number, peer: number) =>
  Number.isFinite(ours) && Number.isFinite(peer) && peer > 0
    ? `${(ours / peer).toFixed(2)}×`
    : 'n/a'

interface LongTasks {
  count: number
  max: number
  total: number
}

async function longTasksBetween(page: Page, from: number, to: number): Promise<LongTasks> {
  const tasks = await page.evaluate(
    () => (window as unknown as { __probe: Probe }).__probe.longTasks,
  )
  const inside = tasks.filter((task) => task.start + task.duration > from && task.start < to)
  return {
    count: inside.length,
    max: inside.reduce((most, task) => Math.max(most, task.duration), 0),
    total: inside.reduce((sum, task) => sum + task.duration, 0),
  }
}
const tasksText = (t: LongTasks) => `${t.count} long tasks, max ${ms(t.max)}, total ${ms(t.total)}`

// ---------------------------------------------------------------- page helpers

const now = (page: Page) => page.evaluate(() => performance.now())

const keysText = (times: number[]) => {
  const unchanged = times.filter((time) => !Number.isFinite(time)).length
  return `p50 ${ms(quantile(times, 0.5))} / p95 ${ms(quantile(times, 0.95))} (${times.length} keys${unchanged ? `, ${unchanged} changed nothing` : ''})`
}

async function heapBytes(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('HeapProfiler.collectGarbage')
  const { usedSize } = await cdp.send('Runtime.getHeapUsage')
  await cdp.detach()
  return usedSize
}

async function openPage(browser: Browser, url: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } })
  // tsx compiles with keepNames: its `__name` helper must exist in the page too.
  await context.addInitScript({
    content: `var __name = (target) => target;\n(${installProbe.toString()})()`,
  })
  const page = await context.newPage()
  page.on('pageerror', (error) => console.log(`  page error: ${error.message}`))
  await page.goto(url)
  return page
}

// ---------------------------------------------------------------- builds and servers

async function buildPeerPage(outDir: string): Promise<void> {
  await build({
    configFile: false,
    root: path.join(import.meta.dirname, 'peer'),
    logLevel: 'warn',
    plugins: [react()],
    resolve: { conditions: ['@resource-kit/source', ...defaultClientConditions] },
    build: { outDir, emptyOutDir: true, chunkSizeWarningLimit: 4000 },
  })
}

/** The Node client walking every server at once: items per second, and the items. */
async function nodeWalk(servers: DemoHttpServer[]) {
  const client = createResourceClient()
  try {
    for (const [i, server] of servers.entries()) client.addServer(`s${i}`, { url: server.url })
    await Promise.all(servers.map((_, i) => client.ready(`s${i}`)))
    const started = performance.now()
    const walks = await Promise.all(servers.map((_, i) => client.walkResources(`s${i}`)))
    const elapsed = performance.now() - started
    const items = walks.flatMap((walk, i) =>
      walk.items.map((resource: Resource) => ({
        id: `s${i}\u0000${resource.uri}`,
        name: resource.name,
        title: resource.title,
        uri: resource.uri,
        description: resource.description,
      })),
    )
    return { items, elapsed, perSecond: (items.length / elapsed) * 1000 }
  } finally {
    await client.close()
  }
}

/** Bare fetch calls walking every server at once in Node (peer/walkWire.ts): items per second. */
async function nodeWire(servers: DemoHttpServer[]) {
  const started = performance.now()
  const total = await walkAllWire(servers.map((server) => server.url))
  return { perSecond: (total / (performance.now() - started)) * 1000 }
}

// ---------------------------------------------------------------- the picker in the chat app

const SIDE = 'aside[aria-label="Resource picker and preview"]'
const SIDE_INPUT = `${SIDE} [aria-label="Search resources"]`
const LIVE = '[aria-live], [role="status"], [role="log"]'
/** A row of the side picker, in either view. */
const SIDE_ROW = `${SIDE} [role="treeitem"], ${SIDE} [role="option"]`

interface PickerFigures {
  firstRows: number
  allListed: number
  listed: number
  /** Resources received on the wire (more than listed when stale pages were refetched). */
  received: number
  complete: boolean
  perSecond: number
  /** Long tasks from the page's start to its first rows (the app's boot, whatever the count). */
  boot: LongTasks
  load: LongTasks
  heap: number
  typingWhileLoading: number[]
  side: number[]
  sideTasks: LongTasks
  arrows: number[]
  arrowTasks: LongTasks
  toggles: number[]
  toggleTasks: LongTasks
  popup: number[]
  popupTasks: LongTasks
}

interface WalkWatch {
  /** Resources received (more than listed when stale pages were refetched). */
  listed: number
  /** Every server's walk reached its last page. */
  complete: boolean
  firstAt: number
  firstCount: number
  lastAt: number
}

/** Watches the page's list replies until every server's walk ended, or stalled. */
async function watchWalk(
  page: Page,
  expected: { servers: number; total: number },
): Promise<WalkWatch> {
  let listed = 0
  let complete = false
  let firstAt = 0
  let firstCount = 0
  let lastAt = 0
  let lastChange = Date.now()
  const loadStarted = Date.now()
  while (Date.now() - lastChange < STALL_MS && Date.now() - loadStarted < LOAD_LIMIT_MS) {
    const pages = await page.evaluate(() => (window as unknown as { __probe: Probe }).__probe.pages)
    const total = pages.reduce((sum, p) => sum + p.count, 0)
    if (total !== listed) {
      listed = total
      lastChange = Date.now()
      lastAt = pages.at(-1)?.at ?? 0
      firstAt = pages[0]?.at ?? 0
      firstCount = pages[0]?.count ?? 0
    }
    // The first pass is over when every server's walk reached its last page, or when as
    // many resources arrived as the servers list (a walk that ends at the client's page
    // cap has no last page: the demo's live file makes 100,001).
    let sum = 0
    let ends = 0
    const done = pages.findIndex((p) => {
      sum += p.count
      if (p.last) ends++
      return ends >= expected.servers || sum >= expected.total
    })
    complete = done >= 0
    if (complete) {
      lastAt = pages[done]!.at
      listed = Math.min(sum, expected.total)
      break
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  return { listed, complete, firstAt, firstCount, lastAt }
}

/** From the first page received to the last: pages after the first, per second. */
function walkPerSecond(walk: WalkWatch): number {
  return ((walk.listed - walk.firstCount) / Math.max(1, walk.lastAt - walk.firstAt)) * 1000
}

/**
 * The picker's walk with nobody typing: the walk pauses while someone types (input quiet,
 * then an idle period), so the figure of the page that types while pages arrive is the
 * walk with those pauses in it.
 */
async function measureQuietWalk(
  browser: Browser,
  appUrl: string,
  expected: { servers: number; total: number },
): Promise<number> {
  const page = await openPage(browser, appUrl)
  try {
    await page.waitForSelector(SIDE_ROW, { timeout: 120_000 })
    return walkPerSecond(await watchWalk(page, expected))
  } finally {
    await page.context().close()
  }
}

async function measurePicker(
  browser: Browser,
  appUrl: string,
  expected: { servers: number; total: number },
  query: string,
): Promise<PickerFigures> {
  const page = await openPage(browser, appUrl)
  try {
    await page.waitForSelector(SIDE_ROW, { timeout: 120_000 })
    const firstRows = await now(page)
    // Typing while pages still arrive: the first half of the query, then deleted.
    await page.click(SIDE_INPUT)
    const typingWhileLoading = await typeTimed(page, query.slice(0, 4), SIDE, LIVE)
    for (let i = 0; i < 4; i++) await page.keyboard.press('Backspace')
    const walk = await watchWalk(page, expected)
    const { listed, complete } = walk
    const allListed = await page.evaluate(() =>
      (window as unknown as { __probe: Probe }).__probe.settled(),
    )
    const boot = await longTasksBetween(page, 0, firstRows)
    const load = await longTasksBetween(page, firstRows, allListed)
    const perSecond = walkPerSecond(walk)
    const heap = await heapBytes(page)

    // The side search: type the query, then arrows through the hits.
    await page.click(SIDE_INPUT)
    const typingFrom = await now(page)
    const side = await typeTimed(page, query, SIDE, LIVE)
    const sideTasks = await longTasksBetween(page, typingFrom, await now(page))
    const arrowsFrom = await now(page)
    const arrows: number[] = []
    for (let i = 0; i < 15; i++)
      arrows.push(await timedKey(page, 'ArrowDown', SIDE, { attributes: true, ignore: LIVE }))
    const arrowTasks = await longTasksBetween(page, arrowsFrom, await now(page))
    await page.fill(SIDE_INPUT, '')

    // Tree ↔ List with the keyboard on the view buttons.
    const togglesFrom = await now(page)
    const toggles: number[] = []
    for (const view of ['List', 'Tree', 'List', 'Tree']) {
      await page.focus(`${SIDE} [role="group"][aria-label="View"] button:text-is("${view}")`)
      toggles.push(await timedKey(page, 'Enter', SIDE, { ignore: LIVE }))
    }
    const toggleTasks = await longTasksBetween(page, togglesFrom, await now(page))

    // The @ popup of the composer.
    const composer = '[aria-label="Message"]'
    await page.click(composer)
    await page.keyboard.press('@')
    await page.waitForTimeout(300)
    const popupFrom = await now(page)
    const popup = await typeTimed(page, query, 'body', `${LIVE}, ${composer}, ${SIDE}`)
    const popupTasks = await longTasksBetween(page, popupFrom, await now(page))
    return {
      firstRows,
      allListed,
      listed: Math.min(listed, expected.total),
      received: listed,
      complete,
      perSecond,
      boot,
      load,
      heap,
      typingWhileLoading,
      side,
      sideTasks,
      arrows,
      arrowTasks,
      toggles,
      toggleTasks,
      popup,
      popupTasks,
    }
  } finally {
    await page.context().close()
  }
}

// ---------------------------------------------------------------- the peers

interface PeerFigures {
  allRows: number
  buildMs: number
  load: LongTasks
  keys: number[]
  arrows: number[]
  heap: number
}

/** The peer page's report, once it has shown all its rows (or walked its servers). */
async function peerReport(page: Page): Promise<Record<string, number>> {
  await page.waitForFunction(
    () => ((window as unknown as { __peer: Record<string, number> }).__peer.allRows ?? 0) > 0,
    undefined,
    { timeout: 300_000, polling: 200 },
  )
  return page.evaluate(() => (window as unknown as { __peer: Record<string, number> }).__peer)
}

async function measurePeer(
  browser: Browser,
  url: string,
  peer: 'cmdk' | 'fuse' | 'ours',
  query: string,
): Promise<PeerFigures> {
  const page = await openPage(browser, `${url}?peer=${peer}`)
  try {
    const report = await peerReport(page)
    const allRows = await page.evaluate(() =>
      (window as unknown as { __probe: Probe }).__probe.settled(),
    )
    const load = await longTasksBetween(page, 0, allRows)
    const heap = await heapBytes(page)
    await page.click('[aria-label="Search resources"]')
    const keys = await typeTimed(page, peer === 'cmdk' ? query.slice(0, 5) : query, '#list')
    const arrows: number[] = []
    if (peer === 'cmdk')
      for (let i = 0; i < 10; i++)
        arrows.push(await timedKey(page, 'ArrowDown', '#list', { attributes: true }))
    return { allRows, buildMs: report.buildMs ?? Number.NaN, load, keys, arrows, heap }
  } finally {
    await page.context().close()
  }
}

/**
 * The client alone (`client`), or bare fetch calls (`wire`; `wire-worker`: in a Web Worker
 * of the page), walking the servers in a page: items per second.
 */
async function measureWalkPeer(
  browser: Browser,
  url: string,
  peer: 'client' | 'wire' | 'wire-worker',
  servers: DemoHttpServer[],
) {
  const page = await openPage(
    browser,
    `${url}?peer=${peer}&servers=${servers.map((server) => encodeURIComponent(server.url)).join(',')}`,
  )
  try {
    const report = await peerReport(page)
    return { perSecond: ((report.walked ?? 0) / (report.walkMs ?? Number.NaN)) * 1000 }
  } finally {
    await page.context().close()
  }
}

// ---------------------------------------------------------------- a server added by URL

/** How long the main thread is watched after the add (the issue's figure). */
const ADD_WATCH_MS = Number(process.env.ADD_WATCH_MS ?? 60_000)
/** A task longer than this blocks a key press visibly (RAIL's 50 ms). */
const LONG_TASK_TARGET_MS = 50

/**
 * The chat app with no server configured: the person adds one of `count` resources by its
 * URL in the server list; the main thread's long tasks are recorded from the click for
 * ADD_WATCH_MS (the walk, the indexing in the worker, the tree, the publishes), then the
 * side search types the name of the server's last resource and must show its row.
 */
async function runAddByUrl(browser: Browser, dirs: { app: string; peer: string }, count: number) {
  console.log(
    `\n### add-by-url: a ${count.toLocaleString('en-US')}-resource server added by URL in the chat app, pages of ${PAGE_SIZE}\n`,
  )
  const app = await serveStatic({ root: dirs.app, config: () => ({ servers: [] }) })
  const peerSite = await serveStatic({ root: dirs.peer, config: () => ({}) })
  const server = await startDemoHttpServer({
    port: 0,
    count,
    pageSize: PAGE_SIZE,
    seed: 7,
    logIntervalMs: 60_000,
    corsOrigins: [new URL(app.url).origin, new URL(peerSite.url).origin],
  })
  try {
    const node = await nodeWalk([server])
    const last = node.items.at(-1)!
    const loadBefore = loadavg()
    const page = await openPage(browser, app.url)
    try {
      const urlInput = '.chat-add-server input[type="url"]'
      await page.waitForSelector(urlInput, { timeout: 60_000 })
      await page.fill(urlInput, server.url)
      const addedAt = await now(page)
      await page.click('.chat-add-server button[type="submit"]')
      await page.waitForTimeout(ADD_WATCH_MS)
      const tasks = await longTasksBetween(page, addedAt, addedAt + ADD_WATCH_MS)
      const durations = await page.evaluate(
        ({ from, to }) =>
          (window as unknown as { __probe: Probe }).__probe.longTasks
            .filter((task) => task.start + task.duration > from && task.start < to)
            .map((task) => ({ ms: Math.round(task.duration), at: (task.start - from) / 1000 }))
            .sort((a, b) => b.ms - a.ms),
        { from: addedAt, to: addedAt + ADD_WATCH_MS },
      )
      const received = await page.evaluate(() =>
        (window as unknown as { __probe: Probe }).__probe.pages.reduce(
          (sum, p) => sum + p.count,
          0,
        ),
      )
      // The side search: the last resource's name, typed; its row (title = its URI) must show.
      await page.click(SIDE_INPUT)
      const typedAt = await now(page)
      await page.keyboard.type(last.name, { delay: 30 })
      // A row of the side panel that shows the URI as a word of its own (not web/90).
      const found = await page
        .waitForFunction(
          ({ rows, uri }) =>
            [...document.querySelectorAll(rows)].some((row) =>
              (row.textContent ?? '').split(/\s+/).includes(uri),
            ),
          { rows: SIDE_ROW, uri: last.uri },
          { timeout: 30_000, polling: 50 },
        )
        .then(() => now(page))
        .catch(() => Number.NaN)
      // What the side panel showed instead (a miss is read, not only counted).
      const shown = Number.isFinite(found)
        ? []
        : await page.$$eval(SIDE_ROW, (rows) =>
            rows.slice(0, 5).map((row) => row.textContent?.slice(0, 120) ?? ''),
          )
      const loadAfter = loadavg()
      const line = (label: string, text: string) => console.log(`- ${label}: ${text}`)
      line(
        `long tasks in the ${ADD_WATCH_MS / 1000} s after the add`,
        `${tasksText(tasks)}; over ${LONG_TASK_TARGET_MS} ms: ${durations.filter((d) => d.ms > LONG_TASK_TARGET_MS).length} (target 0); longest (ms at s after the add): ${durations.map((d) => `${d.ms}@${d.at.toFixed(1)}`).join(', ') || 'none'}`,
      )
      line('resources received in that time', received.toLocaleString('en-US'))
      line(
        'last resource found by the side search',
        Number.isFinite(found)
          ? `yes, "${last.name}" (${last.uri}) ${ms(found - typedAt)} after the first key`
          : `NO: "${last.name}" (${last.uri}) not shown within 30 s; rows: ${JSON.stringify(shown)}`,
      )
      line(
        'load average (1 min) before / after',
        `${loadBefore[0]!.toFixed(2)} / ${loadAfter[0]!.toFixed(2)} on this machine's cores`,
      )
    } finally {
      await page.context().close()
    }
    // The floor of this machine in the same run: the same list walked in a page by bare
    // fetch calls, then by the client alone (no React, no tree, no index).
    for (const peer of ['wire', 'client'] as const) {
      const floor = await measureWalkFloor(browser, peerSite.url, peer, server)
      console.log(
        `- floor, ${peer === 'wire' ? 'bare fetch walk' : 'the client alone'} (peer page, same list): ${tasksText(floor.tasks)}; longest: ${floor.durations.slice(0, 10).join(', ') || 'none'} ms; walk ${ms(floor.walkMs)}, load ${floor.load.toFixed(2)}`,
      )
    }
  } finally {
    await Promise.all([app.close(), peerSite.close(), server.close()])
  }
}

/** A walk peer's long tasks from the start of its walk to its end (at most ADD_WATCH_MS), not its page's boot. */
async function measureWalkFloor(
  browser: Browser,
  url: string,
  peer: 'client' | 'wire',
  server: DemoHttpServer,
): Promise<{ tasks: LongTasks; durations: number[]; walkMs: number; load: number }> {
  const page = await openPage(
    browser,
    `${url}?peer=${peer}&servers=${encodeURIComponent(server.url)}`,
  )
  try {
    const report = await peerReport(page)
    const walked = report.allRows ?? 0
    const start = walked - (report.walkMs ?? 0)
    const end = Math.min(walked, start + ADD_WATCH_MS)
    const tasks = await longTasksBetween(page, start, end)
    const durations = await page.evaluate(
      ({ from, to }) =>
        (window as unknown as { __probe: Probe }).__probe.longTasks
          .filter((task) => task.start + task.duration > from && task.start < to)
          .map((task) => Math.round(task.duration))
          .sort((a, b) => b - a),
      { from: start, to: end },
    )
    return { tasks, durations, walkMs: report.walkMs ?? Number.NaN, load: loadavg()[0]! }
  } finally {
    await page.context().close()
  }
}

// ---------------------------------------------------------------- the run

async function runScenario(
  browser: Browser,
  scenario: Scenario,
  dirs: { app: string; peer: string },
) {
  console.log(
    `\n### ${scenario.label}: ${scenario.servers} server(s) × ${scenario.count.toLocaleString('en-US')} resources, pages of ${PAGE_SIZE}\n`,
  )
  let config: unknown = { servers: [] }
  const app = await serveStatic({ root: dirs.app, config: () => config })
  const peerSite = await serveStatic({ root: dirs.peer, config: () => ({}) })
  const origin = new URL(app.url).origin
  const servers: DemoHttpServer[] = []
  try {
    for (let i = 0; i < scenario.servers; i++)
      servers.push(
        await startDemoHttpServer({
          port: 0,
          count: scenario.count,
          pageSize: PAGE_SIZE,
          seed: i + 1,
          logIntervalMs: 60_000,
          corsOrigins: [origin, new URL(peerSite.url).origin],
        }),
      )
    config = {
      servers: servers.map((server, i) => ({
        id: `s${i}`,
        url: server.url,
        name: `Server ${i + 1}`,
      })),
    }
    const node = await nodeWalk(servers)
    const nodeFetch = await nodeWire(servers)
    await writeFile(path.join(dirs.peer, 'items.json'), JSON.stringify(node.items))
    // A query that exists: the first 7 letters of a name from the middle of the list.
    const name = node.items[Math.floor(node.items.length / 2)]!.name
    const query =
      name
        .replace(/[^a-zA-Z]/g, '')
        .slice(0, 7)
        .toLowerCase() || 'config'
    const listedTotal = node.items.length

    const expected = { servers: scenario.servers, total: listedTotal }
    const quietWalk = await measureQuietWalk(browser, app.url, expected)
    const picker = await measurePicker(browser, app.url, expected, query)
    const fuse = await measurePeer(browser, peerSite.url, 'fuse', query)
    const ours = await measurePeer(browser, peerSite.url, 'ours', query)
    const cmdk = scenario.cmdk ? await measurePeer(browser, peerSite.url, 'cmdk', query) : undefined
    const clientAlone = await measureWalkPeer(browser, peerSite.url, 'client', servers)
    const wire = await measureWalkPeer(browser, peerSite.url, 'wire', servers)
    const wireInWorker = await measureWalkPeer(browser, peerSite.url, 'wire-worker', servers)

    const line = (label: string, text: string) => console.log(`- ${label}: ${text}`)
    line('query typed', `"${query}"`)
    line(
      'time to first rows / all listed',
      `${ms(picker.firstRows)} / ${picker.complete ? ms(picker.allListed) : `stopped at ${picker.listed.toLocaleString('en-US')} of ${listedTotal.toLocaleString('en-US')} (${ms(picker.allListed)})`}` +
        (cmdk
          ? `; cmdk all rows ${ms(cmdk.allRows)} (ratio ${ratio(picker.allListed, cmdk.allRows)})`
          : ''),
    )
    line(
      'walk throughput',
      `the picker with nobody typing ${quietWalk.toFixed(0)}/s, Node client ${node.perSecond.toFixed(0)}/s (${listedTotal} in ${ms(node.elapsed)}); Node/picker ${ratio(node.perSecond, quietWalk)} (target ≤ 1.5×); the picker while 8 keys are typed ${picker.perSecond.toFixed(0)}/s (Node/picker ${ratio(node.perSecond, picker.perSecond)}); the client alone in a page ${clientAlone.perSecond.toFixed(0)}/s (Node/page ${ratio(node.perSecond, clientAlone.perSecond)}); bare fetch calls (no SDK) in a page ${wire.perSecond.toFixed(0)}/s, in a worker of the page ${wireInWorker.perSecond.toFixed(0)}/s (Node client/worker ${ratio(node.perSecond, wireInWorker.perSecond)}), in Node ${nodeFetch.perSecond.toFixed(0)}/s (Node/page ${ratio(nodeFetch.perSecond, wire.perSecond)}; picker/bare page ${ratio(picker.perSecond, wire.perSecond)})`,
    )
    line('boot (page start → first rows)', tasksText(picker.boot))
    line(
      'load + indexing (first rows → all listed)',
      `${tasksText(picker.load)}${cmdk ? `; cmdk render ${tasksText(cmdk.load)}` : ''}`,
    )
    line(
      'index build in the page',
      `ours ${ms(ours.buildMs)}, fuse.js createIndex ${ms(fuse.buildMs)} (ratio ${ratio(ours.buildMs, fuse.buildMs)}); on the main thread ${tasksText(ours.load)}`,
    )
    line('side search key → paint while pages arrive', keysText(picker.typingWhileLoading))
    line(
      'side search key → paint',
      `${keysText(picker.side)}; fuse.js alone ${keysText(fuse.keys)} (p95 ratio ${ratio(quantile(picker.side, 0.95), quantile(fuse.keys, 0.95))})` +
        (cmdk
          ? `; cmdk ${keysText(cmdk.keys)} (p95 ratio ${ratio(quantile(picker.side, 0.95), quantile(cmdk.keys, 0.95))})`
          : '') +
        `; ours alone ${keysText(ours.keys)}`,
    )
    line('side search typing', tasksText(picker.sideTasks))
    line(
      '@ popup key → paint',
      `${keysText(picker.popup)}; fuse.js alone p95 ratio ${ratio(quantile(picker.popup, 0.95), quantile(fuse.keys, 0.95))}` +
        (cmdk
          ? `; cmdk p95 ratio ${ratio(quantile(picker.popup, 0.95), quantile(cmdk.keys, 0.95))}`
          : ''),
    )
    line('@ popup typing', tasksText(picker.popupTasks))
    line(
      'arrow → paint',
      `${keysText(picker.arrows)}, ${tasksText(picker.arrowTasks)}` +
        (cmdk
          ? `; cmdk ${keysText(cmdk.arrows)} (p95 ratio ${ratio(quantile(picker.arrows, 0.95), quantile(cmdk.arrows, 0.95))})`
          : ''),
    )
    line(
      'Tree ↔ List',
      `${picker.toggles.map((t) => ms(t)).join(', ')}; ${tasksText(picker.toggleTasks)}`,
    )
    const perResource = picker.heap / Math.max(1, picker.listed)
    line(
      'JS heap',
      `${(picker.heap / 1e6).toFixed(0)} MB with ${picker.listed.toLocaleString('en-US')} listed, ${(perResource / 1024).toFixed(2)} KB per resource; fuse.js page ${(fuse.heap / listedTotal / 1024).toFixed(2)} KB per item (ratio ${ratio(perResource, fuse.heap / listedTotal)})` +
        (cmdk ? `; cmdk page ${(cmdk.heap / listedTotal / 1024).toFixed(2)} KB per item` : ''),
    )
  } finally {
    await Promise.all([app.close(), peerSite.close(), ...servers.map((server) => server.close())])
  }
}

const work = await mkdtemp(path.join(tmpdir(), 'rk-bench-browser-'))
const dirs = { app: path.join(work, 'app'), peer: path.join(work, 'peer') }
console.log('building the chat app and the peer page…')
await buildChat({ outDir: dirs.app, quiet: true, sourcemap: false })
await buildPeerPage(dirs.peer)
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: CHROMIUM_ARGS,
})
try {
  for (const scenario of scenarios)
    if (!only || scenario.label === only) await runScenario(browser, scenario, dirs)
  if (!only || only === 'add-by-url') await runAddByUrl(browser, dirs, smoke ? 2000 : 100_000)
} finally {
  await browser.close()
  await rm(work, { recursive: true, force: true })
}
