// Resource search at 10,000 and 100,000 items: ours (indexed stages + fuse.js ranking a few
// hundred candidates) against fuse.js alone over every item, in the same run. Queries are
// typed one character at a time (every prefix is a keystroke), as in perf-notes.md.
// Latency is wall-clock time and, since this machine is shared and often oversubscribed,
// also the process's CPU time (what the search itself costs, whatever the load).
// BENCH_SEARCH_FUSE_EVERY=n types every n-th query with fuse.js alone at 100k (default 4:
// fuse.js takes about a second per keystroke there); quality always uses all queries.
// BENCH_SEARCH_SIZES=10000 runs one size only.
import { loadavg } from 'node:os'
import Fuse from 'fuse.js'
import { createDemoContent } from '../apps/demo-server/src/content/createDemoContent.ts'
import {
  type FixtureResource,
  generateResources,
} from '../packages/search/src/__tests__/fixtures.ts'
import { fuseOptions } from '../packages/search/src/fuseRanker.ts'
import { createResourceSearch } from '../packages/search/src/resourceSearch.ts'
import { type PrecisionItem, precisionOf } from './searchPrecision.ts'

type Kind = 'abbreviation' | 'typo' | 'punctuation' | 'plain' | 'any order'
interface BenchQuery {
  query: string
  kind: Kind
  /** The item the user means (absent for plain queries, judged only by overlap with fuse.js). */
  target?: (item: FixtureResource) => boolean
}

const named = (pattern: RegExp) => (item: FixtureResource) => pattern.test(item.name)

const QUERIES: BenchQuery[] = [
  { query: 'btn', kind: 'abbreviation', target: named(/^Button\.tsx$/) },
  { query: 'dlg', kind: 'abbreviation', target: named(/^Dialog\.tsx?$/) },
  { query: 'usrprf', kind: 'abbreviation', target: named(/^UserProfile\.tsx?$/) },
  { query: 'tscfg', kind: 'abbreviation', target: named(/^tsconfig\.json$/) },
  { query: 'pkgjson', kind: 'abbreviation', target: named(/^package\.json$/) },
  { query: 'dtpkr', kind: 'abbreviation', target: named(/^DatePicker\.tsx?$/) },
  { query: 'nvbr', kind: 'abbreviation', target: named(/^NavBar\.tsx?$/) },
  { query: 'stngspnl', kind: 'abbreviation', target: named(/^SettingsPanel\.tsx?$/) },
  { query: 'ordsum', kind: 'abbreviation', target: named(/^OrderSummary\.tsx?$/) },
  { query: 'invlst', kind: 'abbreviation', target: named(/^InvoiceList\.tsx?$/) },
  { query: 'buttno', kind: 'typo', target: named(/^Button\.tsx$/) },
  { query: 'dilaog', kind: 'typo', target: named(/^Dialog\.tsx?$/) },
  { query: 'reamde', kind: 'typo', target: named(/^README\.md$/) },
  { query: 'cofnig', kind: 'typo', target: named(/config/i) },
  { query: 'modla', kind: 'typo', target: named(/^Modal\.tsx?$/) },
  { query: 'sidebra', kind: 'typo', target: named(/^Sidebar\.tsx?$/) },
  { query: 'invocie', kind: 'typo', target: named(/^invoice/i) },
  { query: 'ordres', kind: 'typo', target: named(/^orders/) },
  { query: 'tooltpi', kind: 'typo', target: named(/^Tooltip\.tsx?$/) },
  { query: 'chekcbox', kind: 'typo', target: named(/^Checkbox\.tsx?$/) },
  { query: 'paginatoin', kind: 'typo', target: named(/^Pagination\.tsx?$/) },
  { query: 'breadcrumsb', kind: 'typo', target: named(/^Breadcrumbs\.tsx?$/) },
  { query: 'webapp', kind: 'punctuation', target: named(/^web-app$/) },
  { query: 'apiserver', kind: 'punctuation', target: named(/^api-server$/) },
  { query: 'useraccounts', kind: 'punctuation', target: named(/^user_accounts$/) },
  { query: 'gettingstarted', kind: 'punctuation', target: named(/^getting-started\.md$/) },
  { query: 'designsystem', kind: 'punctuation', target: named(/^design-system$/) },
  { query: 'authservice', kind: 'punctuation', target: named(/^auth-service$/) },
  { query: 'datapipeline', kind: 'punctuation', target: named(/^data-pipeline$/) },
  { query: 'shippingaddresses', kind: 'punctuation', target: named(/^shipping-addresses$/) },
  { query: 'adminportal', kind: 'punctuation', target: named(/^admin_portal$/) },
  { query: 'herobanner', kind: 'punctuation', target: named(/^hero_banner/) },
  ...[
    'button',
    'readme',
    'package.json',
    'user',
    'logger',
    'config',
    'auth',
    'login',
    'orders',
    'modal',
    'settings',
    'src/comp',
    'web-app/src',
    'db://prod',
    'hooks/use',
    'user profile',
    'date picker',
    'fix login',
    'PAY-12',
  ].map((query): BenchQuery => ({ query, kind: 'plain' })),
  // Words in any order: the reverse of what the name says.
  { query: 'profile user', kind: 'any order', target: named(/^UserProfile\.tsx?$/) },
  { query: 'picker date', kind: 'any order', target: named(/^DatePicker\.tsx?$/) },
  { query: 'panel settings', kind: 'any order', target: named(/^SettingsPanel\.tsx?$/) },
  { query: 'summary order', kind: 'any order', target: named(/^OrderSummary\.tsx?$/) },
]

const LIMIT = 50

/** Word queries a user of the demo types: real words of its vocabulary, and typos of them. */
const DEMO_WORDS = [
  'readme',
  'invoice',
  'invocie',
  'report',
  'merge',
  'thread',
  'session',
  'sidebar',
  'config',
  'webhook',
  'refund',
  'payment',
  'upload',
  'recipt',
]

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN
}

const ms = (value: number) => (value < 10 ? value.toFixed(2) : value.toFixed(0))
const summary = (times: readonly number[]) =>
  `${ms(percentile(times, 50))} / ${ms(percentile(times, 95))}`

function keystrokes(queries: readonly BenchQuery[]): string[] {
  return queries.flatMap(({ query }) => Array.from(query, (_, i) => query.slice(0, i + 1)))
}

/** Wall-clock and CPU milliseconds of one run. */
function measure(run: () => unknown): [number, number] {
  const cpu = process.cpuUsage()
  const start = performance.now()
  run()
  const wall = performance.now() - start
  const used = process.cpuUsage(cpu)
  return [wall, (used.user + used.system) / 1000]
}

/** 1-based rank of the first hit that is the target, or Infinity. */
function rankOf(items: readonly FixtureResource[], target: (item: FixtureResource) => boolean) {
  const index = items.findIndex(target)
  return index < 0 ? Number.POSITIVE_INFINITY : index + 1
}

const showRank = (rank: number) => (Number.isFinite(rank) ? String(rank) : `>${LIMIT}`)
const percent = (share: number) => `${(share * 100).toFixed(0)}%`
const label = (item: FixtureResource) => `${item.name}\u0000${item.title ?? ''}`

/** Share of `reference` (a multiset) found in `candidate`; 1 when the reference is empty. */
function overlap(reference: readonly string[], candidate: readonly string[]): number {
  if (reference.length === 0) return 1
  const left = new Map<string, number>()
  for (const key of candidate) left.set(key, (left.get(key) ?? 0) + 1)
  let found = 0
  for (const key of reference) {
    const count = left.get(key) ?? 0
    if (count > 0) {
      found++
      left.set(key, count - 1)
    }
  }
  return found / reference.length
}

/**
 * The floor: a plain lower-cased substring scan over the same items (each item's fields
 * lower-cased and joined once, then `includes` per item per keystroke), what a picker
 * without an index does. Its p95 is the bound ours must stay within.
 */
function substringScan(items: readonly FixtureResource[]) {
  const texts = items.map((item) =>
    [item.name, item.title ?? '', item.uri, item.description ?? ''].join('\n').toLowerCase(),
  )
  return (query: string) => {
    const needle = query.toLowerCase()
    const hits: FixtureResource[] = []
    for (let i = 0; i < texts.length; i++) if (texts[i]!.includes(needle)) hits.push(items[i]!)
    return hits.slice(0, LIMIT)
  }
}

function sizesOf(): number[] {
  return (process.env.BENCH_SEARCH_SIZES ?? '10000,100000').split(',').map(Number)
}

async function benchSize(count: number, fuseEvery: number) {
  const items = generateResources(count, 1)
  const ours = createResourceSearch<FixtureResource>({ limit: LIMIT })
  const builds: [number, number][] = []
  for (let run = 0; run < 3; run++) builds.push(measure(() => ours.setItems(items)))
  const fuseBuilds: [number, number][] = []
  let fuse!: Fuse<FixtureResource>
  const options = { ...fuseOptions<FixtureResource>(), includeMatches: true }
  for (let run = 0; run < 3; run++) {
    fuseBuilds.push(measure(() => (fuse = new Fuse(items, options))))
  }
  const median = (runs: [number, number][], which: 0 | 1) =>
    ms(
      percentile(
        runs.map((run) => run[which]),
        50,
      ),
    )
  console.log(`### ${count.toLocaleString('en')} items\n`)
  console.log(
    `index build, median of 3 (wall / CPU ms): ours ${median(builds, 0)} / ${median(builds, 1)}, fuse.js ${median(fuseBuilds, 0)} / ${median(fuseBuilds, 1)}`,
  )

  // Latency: one warm-up pass, then three timed passes over every keystroke.
  const typed = keystrokes(QUERIES)
  for (const prefix of typed) ours.search(prefix)
  const ourWall: number[] = []
  const ourCpu: number[] = []
  for (let pass = 0; pass < 3; pass++) {
    for (const prefix of typed) {
      const [wall, cpu] = measure(() => ours.search(prefix))
      ourWall.push(wall)
      ourCpu.push(cpu)
    }
  }
  const scan = substringScan(items)
  for (const prefix of typed) scan(prefix)
  const scanWall: number[] = []
  const scanCpu: number[] = []
  for (let pass = 0; pass < 3; pass++) {
    for (const prefix of typed) {
      const [wall, cpu] = measure(() => scan(prefix))
      scanWall.push(wall)
      scanCpu.push(cpu)
    }
  }
  const fuseTyped = keystrokes(QUERIES.filter((_, i) => i % fuseEvery === 0))
  for (const prefix of fuseTyped.slice(0, 5)) fuse.search(prefix, { limit: LIMIT })
  const fuseWall: number[] = []
  const fuseCpu: number[] = []
  for (const prefix of fuseTyped) {
    const [wall, cpu] = measure(() => fuse.search(prefix, { limit: LIMIT }))
    fuseWall.push(wall)
    fuseCpu.push(cpu)
  }
  console.log('\n| engine | keystrokes | wall median / p95 ms | wall max | CPU median / p95 ms |')
  console.log('|---|---|---|---|---|')
  console.log(
    `| ours | ${ourWall.length} | ${summary(ourWall)} | ${ms(Math.max(...ourWall))} | ${summary(ourCpu)} |`,
  )
  console.log(
    `| substring scan (floor) | ${scanWall.length} | ${summary(scanWall)} | ${ms(Math.max(...scanWall))} | ${summary(scanCpu)} |`,
  )
  console.log(
    `| fuse.js alone | ${fuseWall.length} | ${summary(fuseWall)} | ${ms(Math.max(...fuseWall))} | ${summary(fuseCpu)} |`,
  )
  const ratio = (a: number[], b: number[], digits = 0) =>
    (percentile(a, 95) / percentile(b, 95)).toFixed(digits)
  console.log(
    `\np95 fuse.js alone / ours: ${ratio(fuseWall, ourWall)}x wall, ${ratio(fuseCpu, ourCpu)}x CPU`,
  )
  console.log(
    `p95 ours / substring scan (must stay at most 1): ${ratio(ourWall, scanWall, 2)} wall, ${ratio(ourCpu, scanCpu, 2)} CPU`,
  )

  // Quality: the final query strings, our top 10 against fuse.js alone's.
  const rows: string[] = []
  type Stats = { names: number; ids: number; oursTop: number; fuseTop: number; n: number }
  const byKind = new Map<Kind, Stats>()
  for (const { query, kind, target } of QUERIES) {
    const oursHits = ours.search(query).map((hit) => hit.item)
    const fuseHits = fuse.search(query, { limit: LIMIT }).map((result) => result.item)
    const oursTop = oursHits.slice(0, 10)
    const fuseTop = fuseHits.slice(0, 10)
    const ids = overlap(
      fuseTop.map((item) => item.id),
      oursTop.map((item) => item.id),
    )
    const names = overlap(fuseTop.map(label), oursTop.map(label))
    const oursRank = target ? rankOf(oursHits, target) : Number.NaN
    const fuseRank = target ? rankOf(fuseHits, target) : Number.NaN
    const stats = byKind.get(kind) ?? { names: 0, ids: 0, oursTop: 0, fuseTop: 0, n: 0 }
    stats.names += names
    stats.ids += ids
    stats.oursTop += oursRank <= 10 ? 1 : 0
    stats.fuseTop += fuseRank <= 10 ? 1 : 0
    stats.n += 1
    byKind.set(kind, stats)
    const ranks = target ? `${showRank(oursRank)} | ${showRank(fuseRank)}` : '– | –'
    rows.push(`| \`${query}\` | ${kind} | ${ranks} | ${percent(names)} | ${percent(ids)} |`)
  }
  console.log(
    "\nQuality: is the target in the top 10 (ours / fuse.js alone), and how much of fuse.js's",
  )
  console.log('top 10 is in ours, by label (name + title: the same file in another folder counts)')
  console.log('and by id (exactly the same items).\n')
  console.log(
    '| kind | queries | target in top 10: ours | fuse.js | fuse top 10 in ours: labels | ids |',
  )
  console.log('|---|---|---|---|---|---|')
  for (const [kind, stats] of byKind) {
    const targets =
      kind === 'plain' ? '– | –' : `${stats.oursTop}/${stats.n} | ${stats.fuseTop}/${stats.n}`
    console.log(
      `| ${kind} | ${stats.n} | ${targets} | ${percent(stats.names / stats.n)} | ${percent(stats.ids / stats.n)} |`,
    )
  }
  // Precision of word queries: hits above the first scattered one, and the noise count.
  const words = QUERIES.filter((q) => /^[a-z]+$/.test(q.query) && q.kind !== 'abbreviation')
  printPrecision(
    'synthetic items',
    words.map(({ query, kind }) => ({ query, kind })),
    (query) => ours.search(query).map((hit) => hit.item),
    (query) => fuse.search(query, { limit: LIMIT }).map((result) => result.item),
  )
  if (count === Math.max(...sizesOf())) {
    console.log(
      `\nPer query (${count.toLocaleString('en')}): rank of the target, ours / fuse.js alone\n`,
    )
    console.log('| query | kind | ours | fuse.js | labels | ids |')
    console.log('|---|---|---|---|---|---|')
    for (const row of rows) console.log(row)
  }
  console.log('')
}

type Found = (query: string) => PrecisionItem[]

function printPrecision(
  corpus: string,
  queries: readonly { query: string; kind: string }[],
  oursOf: Found,
  fuseOf: Found,
) {
  const rows: string[] = []
  const sum = { ours: [0, 0, 0], fuse: [0, 0, 0] }
  const add = (into: number[], p: ReturnType<typeof precisionOf>) => {
    into[0]! += p.aboveFirstScattered
    into[1]! += p.noise
    into[2]! += p.hits
    return `${p.aboveFirstScattered} / ${p.noise} / ${p.hits}`
  }
  for (const { query, kind } of queries) {
    const o = add(sum.ours, precisionOf(oursOf(query), query))
    const f = add(sum.fuse, precisionOf(fuseOf(query), query))
    rows.push(`| \`${query}\` | ${kind} | ${o} | ${f} |`)
  }
  console.log(
    `\nPrecision of word queries (${corpus}): hits above the first scattered one / noise (hits with neither the query's run nor a typo of it) / hits\n`,
  )
  console.log('| query | kind | ours | fuse.js alone |')
  console.log('|---|---|---|---|')
  for (const row of rows) console.log(row)
  console.log(`| all ${queries.length} | | ${sum.ours.join(' / ')} | ${sum.fuse.join(' / ')} |`)
}

/** Word queries over the demo server's own 10,000 resources (where "Thread merge" lives). */
function demoPrecision() {
  const items = createDemoContent({ count: 10_000 }).entries.map((entry) => ({
    id: entry.uri,
    name: entry.resource.name,
    title: entry.resource.title,
    uri: entry.resource.uri,
    description: entry.resource.description,
  }))
  const ours = createResourceSearch<(typeof items)[number]>({ limit: LIMIT })
  ours.setItems(items)
  const fuse = new Fuse(items, fuseOptions<(typeof items)[number]>())
  printPrecision(
    'the demo server, 10,000 resources',
    DEMO_WORDS.map((query) => ({ query, kind: 'word' })),
    (query) => ours.search(query).map((hit) => hit.item),
    (query) => fuse.search(query, { limit: LIMIT }).map((result) => result.item),
  )
}

export default async function searchBench() {
  const fuseEvery = Math.max(1, Number(process.env.BENCH_SEARCH_FUSE_EVERY ?? 4))
  const load = loadavg().map((value) => value.toFixed(1))
  console.log(`${QUERIES.length} queries, top ${LIMIT}; load average at start: ${load.join(' ')}\n`)
  for (const size of sizesOf()) await benchSize(size, size > 10_000 ? fuseEvery : 1)
  demoPrecision()
  console.log(
    `load average at end: ${loadavg()
      .map((value) => value.toFixed(1))
      .join(' ')}`,
  )
}
