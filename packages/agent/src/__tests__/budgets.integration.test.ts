// Every budget holds for what the model receives, measured with the budget's own estimator:
// the context's whole text (headings, header lines, markers), every resolved link's text
// joined as a host shows them, and read_resource's whole JSON result — over multi-byte
// text, JSON (escaped again in a tool result), folders of many items and tiny budgets.
// Continuation under these budgets stays exact. Against a real client and a server at the
// JSON-RPC level (scriptedServer.ts) serving exactly the sizes the test asks for.
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { defaultEstimateTokens } from '../budget.ts'
import { callTool } from '../jsonTools.ts'
import { createResourceContext } from '../resourceContext.ts'
import { resolveResourceLinks } from '../resourceLinks.ts'
import { createResourceTools } from '../resourceTools.ts'
import { connectScripted, type ScriptedWorld, type ServedResource } from './scriptedServer.ts'

const multiByte = (lines: number) =>
  Array.from(
    { length: lines },
    (_, line) => `line ${line}: é✓ 😀 «ß» ${'日本語'.repeat(line % 5)}`,
  ).join('\n')
const json = (rows: number) =>
  JSON.stringify(
    Array.from({ length: rows }, (_, id) => ({ id, name: `"row" ${id}`, path: 'C:\\data\\x' })),
    null,
    2,
  )

const RESOURCES: ServedResource[] = [
  { uri: 'mem://big.md', name: 'big', contents: [{ uri: 'mem://big.md', text: multiByte(400) }] },
  {
    uri: 'mem://table.json',
    name: 'table',
    contents: [{ uri: 'mem://table.json', mimeType: 'application/json', text: json(200) }],
  },
  {
    uri: 'mem://folder/',
    name: 'folder',
    contents: Array.from({ length: 12 }, (_, index) => ({
      uri: `mem://folder/file-${index}.txt`,
      text: index % 2 ? multiByte(3 + index) : json(2 + index),
    })),
  },
  ...Array.from({ length: 20 }, (_, index) => ({
    uri: `mem://small/${index}`,
    name: `small ${index}`,
    annotations: { priority: (index % 10) / 10 },
    contents: [{ uri: `mem://small/${index}`, text: `note ${index}: ${'✓'.repeat(index * 3)}` }],
  })),
  { uri: 'mem://broken', name: 'broken', error: 'the disk is on fire' },
]

/** A host's own estimator (one token per word, and per symbol): budgets use it throughout. */
const words = (text: string) => text.split(/\s+|(?=[^\w\s])/u).filter(Boolean).length

let world: ScriptedWorld
beforeAll(async () => {
  world = await connectScripted(RESOURCES, 'mem')
})
afterAll(() => world?.close())

const budgets = fc.oneof(fc.integer({ min: 1, max: 60 }), fc.integer({ min: 60, max: 5000 }))
const estimators = fc.constantFrom(
  { name: 'bytes / 4', estimate: defaultEstimateTokens },
  { name: 'words', estimate: words },
)

describe('budgets hold for what the model receives', () => {
  it('createResourceContext: the whole text, headings and header lines included', async () => {
    await fc.assert(
      fc.asyncProperty(budgets, estimators, fc.boolean(), async (limit, estimator, inBytes) => {
        const context = createResourceContext(world.client, {
          watch: false,
          estimateTokens: estimator.estimate,
        })
        for (const resource of RESOURCES) context.attach('mem', resource.uri)
        context.attach('mem', 'mem://gone')
        const budget = inBytes ? { bytes: limit } : { tokens: limit }
        const measure = inBytes
          ? (text: string) => new TextEncoder().encode(text).length
          : estimator.estimate
        for (let build = 0; build < 2; build += 1) {
          const built = await context.build({ budget })
          expect(measure(built.text)).toBeLessThanOrEqual(limit)
          expect(built.used).toBe(measure(built.text))
        }
        await context.close()
      }),
      { numRuns: 60 },
    )
  }, 60_000)

  it('resolveResourceLinks: every text together, and nothing read once the budget is spent', async () => {
    await fc.assert(
      fc.asyncProperty(budgets, estimators, async (limit, estimator) => {
        world.reads.clear()
        const blocks = RESOURCES.map((resource) => ({ type: 'resource_link', uri: resource.uri }))
        const resolved = await resolveResourceLinks(world.client, 'mem', blocks, {
          budget: { tokens: limit },
          estimateTokens: estimator.estimate,
        })
        const texts = resolved.flatMap((item) => ('text' in item ? [item.text] : []))
        expect(estimator.estimate(texts.join('\n'))).toBeLessThanOrEqual(limit)
        // Once one is left out, the rest are too, and at most that one was read.
        const firstOmitted = resolved.findIndex((item) => item.kind === 'omitted')
        if (firstOmitted >= 0) {
          const rest = resolved.slice(firstOmitted)
          expect(rest.every((item) => item.kind === 'omitted')).toBe(true)
          const unread = rest.slice(1).map((item) => (item.kind === 'omitted' ? item.uri : ''))
          expect(unread.filter((uri) => world.reads.has(uri))).toEqual([])
        }
      }),
      { numRuns: 60 },
    )
  }, 60_000)

  it('read_resource: the whole JSON result, on multi-item reads, and continuation stays exact', async () => {
    const folder = RESOURCES[2]!.contents as { uri: string; text: string }[]
    const table = (RESOURCES[1]!.contents![0] as { text: string }).text
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 200, max: 1200 }), estimators, async (base, estimator) => {
        // Counted in words, JSON's punctuation is a token each: the same reads need more.
        const limit = estimator.name === 'words' ? base * 3 : base
        const tools = createResourceTools(world.client, {
          readBudget: { tokens: limit },
          estimateTokens: estimator.estimate,
        })
        for (const [uri, expected] of [
          ['mem://folder/', folder.map((item) => item.text)],
          ['mem://table.json', [table]],
        ] as const) {
          const texts: string[] = expected.map(() => '')
          let next: { item: number; offset: number } | undefined = { item: 0, offset: 0 }
          let calls = 0
          while (next) {
            const result = (await callTool(tools, 'read_resource', { uri, ...next })) as {
              ok: boolean
              contents: { uri: string; text: string; offset: number }[]
              next?: { item: number; offset: number }
            }
            expect(estimator.estimate(JSON.stringify(result))).toBeLessThanOrEqual(limit)
            expect(result.ok).toBe(true)
            result.contents.forEach((part, index) => {
              const item = next!.item + index
              expect(part.offset).toBe(texts[item]!.length)
              texts[item] += part.text
            })
            next = result.next
            calls += 1
            if (calls > 5000) throw new Error('no progress')
          }
          expect(texts).toEqual(expected)
        }
      }),
      { numRuns: 12 },
    )
  }, 120_000)

  it('read_resource: a budget too small for any part is a result that says so', async () => {
    const tools = createResourceTools(world.client, { readBudget: { tokens: 30 } })
    const result = await callTool(tools, 'read_resource', { uri: 'mem://big.md' })
    expect(result).toMatchObject({
      ok: false,
      error: { kind: 'too_large', hint: expect.stringContaining('read budget') },
    })
  })
})
