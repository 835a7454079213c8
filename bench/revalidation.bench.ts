// What one revalidation of a 100,000-resource list costs the client's shared list pass
// (`createResourceList`), and what it hands its consumers: pages of 100 from the demo
// server's catalog (in-process; each pass parsed afresh from JSON and validated as the
// client does, with one ListValues for the client, before the clock starts), so the time is
// the list's own work. Peer: a first walk of the same list in the same run (pages appended,
// nothing compared; after a warm-up walk). Three revalidations: nothing changed; the live
// file appeared (an insertion that shifts every later page); it went again (a removal).
// "kept" counts the resources (and pages) that are the very objects the consumers already
// had: what they need not rebuild.
import {
  createResourceList,
  type Page,
  type Resource,
  type ResourceListSnapshot,
} from '@resource-kit/client'
import { createDemoServer } from '../apps/demo-server/src/index.ts'
import { ListValues } from '../packages/client/src/listValues.ts'
import { toResourcePage } from '../packages/client/src/validateList.ts'

const COUNT = 100_000
const PAGE_SIZE = 100

const values = new ListValues()

type CatalogPage = (
  after: string | undefined,
  limit: number,
) => { resources: unknown[]; hasMore: boolean }

/** Every page of the catalog as it is now, as the JSON text of its answer. */
function passJson(page: CatalogPage): Map<string | undefined, string> {
  const pages = new Map<string | undefined, string>()
  let cursor: string | undefined
  for (;;) {
    const { resources, hasMore } = page(cursor, PAGE_SIZE)
    const next = hasMore ? (resources.at(-1) as Resource).uri : undefined
    pages.set(
      cursor,
      JSON.stringify({ resources, ttlMs: 60_000, ...(next !== undefined && { nextCursor: next }) }),
    )
    if (next === undefined) return pages
    cursor = next
  }
}

/** Each page parsed and validated as the client does with a wire answer. */
function passPages(json: Map<string | undefined, string>): Map<string | undefined, Page<Resource>> {
  const pages = new Map<string | undefined, Page<Resource>>()
  for (const [cursor, text] of json) {
    pages.set(cursor, toResourcePage(JSON.parse(text), 0, 'demo', values))
  }
  return pages
}

function kept(before: ResourceListSnapshot, after: ResourceListSnapshot) {
  const previous = new Set(before.pages.flat())
  const resources = after.pages.flat().filter((resource) => previous.has(resource)).length
  const pages = after.pages.filter((page, i) => page === before.pages[i]).length
  return { resources, pages, of: after.loaded, pageCount: after.pages.length }
}

const ROUNDS = 3

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number

export default async function revalidation(): Promise<void> {
  let toggle: (() => void) | undefined
  const demo = createDemoServer({
    count: COUNT,
    logIntervalMs: 3_600_000,
    clock: {
      setInterval: (callback, ms) => {
        if (ms !== 3_600_000) toggle = callback
        return 0
      },
      clearInterval: () => {},
    },
  })
  let pass = passPages(passJson(demo.catalog.page))
  // From one page asked for to the next: that page's own work (the longest is what blocks;
  // it includes GC pauses, and this process holds several passes of 100k).
  let lastAsked: number | undefined
  let longestPageMs = 0
  const newList = () =>
    createResourceList({
      serverId: 'demo',
      maxPages: 10_000,
      partition: () => 'p',
      now: () => 0,
      fetchPage: async (cursor) => {
        const now = performance.now()
        if (lastAsked !== undefined) longestPageMs = Math.max(longestPageMs, now - lastAsked)
        lastAsked = now
        const page = pass.get(cursor)
        if (!page) throw new Error(`no page at ${cursor}`)
        return { page, receivedAt: 0 }
      },
    })
  // The peer: first walks of the same pages (the first one warms up).
  const walks: number[] = []
  const walkLongest: number[] = []
  for (let round = 0; round <= ROUNDS; round++) {
    const fresh = newList()
    lastAsked = undefined
    longestPageMs = 0
    const started = performance.now()
    await fresh.load()
    if (round > 0) walks.push(performance.now() - started)
    if (round > 0) walkLongest.push(longestPageMs)
    fresh.close()
  }
  const walkMs = median(walks)
  const list = newList()
  let before = await list.load()
  console.log(
    `first walk of ${before.loaded} resources in ${before.pages.length} pages: ${walkMs.toFixed(0)} ms, the longest page ${median(walkLongest).toFixed(1)} ms (the peer)`,
  )
  const scenarios = [
    { label: 'nothing changed', change: () => {} },
    {
      label: `the live file appeared (${demo.catalog.content.workspace.liveFile.uri})`,
      change: () => toggle?.(),
    },
    { label: 'the live file went', change: () => toggle?.() },
  ]
  const times = scenarios.map(() => ({
    list: [] as number[],
    parse: [] as number[],
    longest: [] as number[],
    line: '',
  }))
  try {
    for (let round = 0; round < ROUNDS; round++) {
      for (const [i, scenario] of scenarios.entries()) {
        scenario.change()
        const json = passJson(demo.catalog.page)
        let started = performance.now()
        pass = passPages(json)
        const parseMs = performance.now() - started
        lastAsked = undefined
        longestPageMs = 0
        started = performance.now()
        list.refresh()
        const after = await list.load()
        const ms = performance.now() - started
        const k = kept(before, after)
        const timing = times[i] as (typeof times)[number]
        timing.list.push(ms)
        timing.parse.push(parseMs)
        timing.longest.push(longestPageMs)
        timing.line =
          `kept ${k.resources} of ${k.of} resources, ${k.pages} of ${k.pageCount} pages; ` +
          `pages array ${after.pages === before.pages ? 'kept' : 'new'}, generation ${after.generation === before.generation ? 'kept' : 'new'}`
        before = after
      }
    }
    for (const [i, scenario] of scenarios.entries()) {
      const timing = times[i] as (typeof times)[number]
      const ms = median(timing.list)
      const parseMs = median(timing.parse)
      const longest = median(timing.longest)
      console.log(
        `revalidation, ${scenario.label}: ${ms.toFixed(0)} ms, ${((ms / before.pages.length) * 1000).toFixed(0)} µs a page, the longest ${longest.toFixed(1)} ms ` +
          `(${(ms / walkMs).toFixed(2)}× the first walk; ${(ms / parseMs).toFixed(2)}× JSON.parse + validation of the pass, ${parseMs.toFixed(0)} ms); ` +
          timing.line,
      )
    }
  } finally {
    list.close()
    demo.close()
  }
}
