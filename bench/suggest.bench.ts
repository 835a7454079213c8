// `npm run bench -- suggest`: how often suggestResources puts the resource a person would
// attach in its top 3, for realistic message drafts against the demo workspace (the demo
// server's 10,000 resources and 3 templates, in-process through a real client), against
// fuse.js over the draft text in the same run (same items, the search's keys and options).
// Drafts name their subject in their own words: another word order, a part of a word, a
// typo, among words that name nothing. Negative drafts name nothing: none should be strong.
// The set was written from resources drawn at random (seed 35), plus the examples.
import { loadavg } from 'node:os'
import { createResourceClient } from '@resource-kit/client'
import Fuse from 'fuse.js'
import { createDemoFetchHandler } from '../apps/demo-server/src/createDemoFetchHandler.ts'
import { createResourceSuggester } from '../packages/agent/src/suggestResources.ts'
import { fuseOptions } from '../packages/search/src/fuseRanker.ts'

const W = 'file:///workspace/'

/** A draft and the resource (or template) its writer would attach. */
const DRAFTS: [draft: string, uri: string][] = [
  [
    'Where do we create the page? I think it is createPage in packages',
    `${W}packages/createPage.ts`,
  ],
  [
    'the signup toml under config token event payment has a wrong value',
    `${W}config/token/event/payment/signup.toml`,
  ],
  [
    'cleanRating seems to drop prices, can you check the rating clean function in the price dialog',
    `${W}src/dialog/rating/price/cleanRating.ts`,
  ],
  [
    "what's in the button json for the workflow session config?",
    `${W}config/board/workflow/session/button.json`,
  ],
  [
    'handle modal in the rating chart dialog throws on close',
    `${W}src/dialog/rating/chart/handleModal.ts`,
  ],
  [
    'please review the doc about cached events on the badge board',
    `${W}docs/board/badge/event-cached.md`,
  ],
  [
    'the merge map test in the session badge panel is flaky',
    `${W}tests/panel/badge/session/mergeMap.ts`,
  ],
  ['vendor upload config for the gateway', `${W}config/gateway/vendor/upload.toml`],
  ['thread toml for invoices in stock link-2', `${W}config/stock/link-2/invoice/thread.toml`],
  [
    'how do we create a project? see the billing rating docs',
    `${W}docs/rating/billing/project-create.md`,
  ],
  ['cache config for role routes in the session', `${W}config/session/route/role/cache.toml`],
  ['loadCoupn returns undefined for expired coupons', `${W}packages/loadCoupon.ts`],
  [
    'the project cache image in team trace assets looks wrong',
    `${W}assets/team/trace/project-cache.png`,
  ],
  [
    'handleRelease in the chart should check ratings',
    `${W}src/dialog/rating/chart/handleRelease.ts`,
  ],
  [
    'doc on missing health in the cart address workflow',
    `${W}packages/cart/address/workflow/health-missing.md`,
  ],
  ['GraphPanel renders twice in the header', `${W}src/header/GraphPanel.tsx`],
  ['about DESIGN-50: the empty address in panel service', 'ticket://design/50'],
  ['MOBILE-54 expired locale fix in the audit job, status?', 'ticket://mobile/54'],
  ['is the expired layout render in the modal job done?', 'ticket://web/98'],
  ['validate wrong checkout schedule job ticket', 'ticket://api/84'],
  ['refresh legacy email in order service, what happened there', 'ticket://mobile/50'],
  ['large release creation in the import job', 'ticket://api/114'],
  ['is the sync of cached quota in the toolbar export still in progress?', 'ticket://web/15'],
  ['the gateway fails to load in sidebar export, broken', 'ticket://api/12'],
  ['chekc empty licence in metric view', 'ticket://api/83'],
  ['merge duplicat theme schedule job', 'ticket://web/115'],
  ['billing audit_2 table columns', 'db://billing/audit_2'],
  ['job requests table in staging', 'db://staging/job_request'],
  ["what's in the analytics cart table", 'db://analytics/cart'],
  ['sku table in the auth schema', 'db://auth/sku'],
  ['the public sidebar table has only 15 rows?', 'db://public/sidebar'],
  ['production banner editor table', 'db://prod/banner_editor'],
  ['Can you look at how we refresh the token?', `${W}src/refund/sidebar/refreshToken.ts`],
  ['how does offline sync work', 'ticket://web/183'],
  ['what is in the live log right now', 'log://app/tail'],
  ['fill in a database table', 'db://{schema}/{table}'],
]

/** Drafts that name nothing in the workspace: a strong suggestion for one is a false one. */
const NEGATIVE = [
  'Thanks, that looks good to me!',
  'Can you summarize what we discussed?',
  "ok let's ship it",
  'please update the docs',
  'why is the build so slow today',
  'good morning, any news?',
]

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN
}

const percent = (share: number) => `${(share * 100).toFixed(0)}%`

export default async function suggestBench() {
  console.log(
    `load average at start: ${loadavg()
      .map((value) => value.toFixed(1))
      .join(' ')}\n`,
  )
  const handler = createDemoFetchHandler({
    count: 10_000,
    logIntervalMs: 3_600_000,
    fileIntervalMs: 3_600_000,
  })
  const client = createResourceClient()
  client.addServer('demo', {
    url: 'http://demo.invalid/mcp',
    fetch: (input, init) => handler.fetch(new Request(input, init)),
  })
  try {
    await client.ready('demo')
    const suggester = createResourceSuggester(client)
    const loadStart = performance.now()
    const first = await suggester.suggest('warm up')
    const loadMs = performance.now() - loadStart
    console.log(
      `first call (loads the lists through the shared pass): ${loadMs.toFixed(0)} ms, ${first.servers[0]?.items} items`,
    )

    // The peer: fuse.js over the same resources and templates, the draft as its pattern.
    const items = [
      ...client
        .resourceList('demo')
        .getSnapshot()
        .pages.flat()
        .map((resource) => ({ ...resource, id: resource.uri })),
      ...client
        .templateList('demo')
        .getSnapshot()
        .pages.flat()
        .map((template) => ({ ...template, id: template.uriTemplate, uri: template.uriTemplate })),
    ]
    const fuse = new Fuse(items, fuseOptions<(typeof items)[number]>())

    const rows: string[] = []
    let oursTop3 = 0
    let oursTop1 = 0
    let fuseTop3 = 0
    let strongRight = 0
    let strongWrong = 0
    const times: number[] = []
    const fuseTimes: number[] = []
    for (const [draft, uri] of DRAFTS) {
      const start = performance.now()
      const result = await suggester.suggest(draft, { limit: 3 })
      times.push(performance.now() - start)
      const fuseStart = performance.now()
      const fuseHits = fuse.search(draft, { limit: 3 }).map((hit) => hit.item.id)
      fuseTimes.push(performance.now() - fuseStart)
      const ours = result.suggestions.map((suggestion) => suggestion.uri)
      const rank = ours.indexOf(uri) + 1
      const fuseRank = fuseHits.indexOf(uri) + 1
      if (rank > 0) oursTop3++
      if (rank === 1) oursTop1++
      if (fuseRank > 0) fuseTop3++
      for (const strong of result.strong) {
        if (strong.uri === uri) strongRight++
        else strongWrong++
      }
      const strong = result.strong.map((suggestion) => suggestion.uri === uri).join(',')
      rows.push(
        `| ${draft.replaceAll('|', '/')} | ${rank || '–'} | ${fuseRank || '–'} | ${strong || 'none'} |`,
      )
    }
    let negativeStrong = 0
    for (const draft of NEGATIVE) {
      const result = await suggester.suggest(draft, { limit: 3 })
      if (result.strong.length > 0) negativeStrong++
    }

    const n = DRAFTS.length
    console.log(`\n| draft | ours: rank in top 3 | fuse.js | strong (is it the target?) |`)
    console.log('|---|---|---|---|')
    for (const row of rows) console.log(row)
    console.log(
      `\n**Found in the top 3: ours ${oursTop3}/${n} (${percent(oursTop3 / n)}), fuse.js over the draft ${fuseTop3}/${n} (${percent(fuseTop3 / n)}).** First: ours ${oursTop1}/${n}.`,
    )
    console.log(
      `Strong suggestions: ${strongRight} right, ${strongWrong} wrong over ${n} drafts; negative drafts with a strong one: ${negativeStrong}/${NEGATIVE.length}.`,
    )
    const ms = (value: number) => value.toFixed(1)
    console.log(
      `Per draft, lists loaded (median / p95 ms): ours ${ms(percentile(times, 50))} / ${ms(percentile(times, 95))}, fuse.js ${ms(percentile(fuseTimes, 50))} / ${ms(percentile(fuseTimes, 95))}`,
    )
  } finally {
    await client.close()
    await handler.close()
  }
  console.log(
    `load average at end: ${loadavg()
      .map((value) => value.toFixed(1))
      .join(' ')}`,
  )
}
