// The opt-in persister (`@resource-kit/client/persist`) in Chromium against the demo
// server over HTTP: a reload serves what is within ttlMs from IndexedDB with no wire call,
// refetches what went stale, never stores input-required results, and keeps partitions
// apart. Wire calls are counted in the page (fetch is wrapped before the app loads).
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { type DemoHttpServer, startDemoHttpServer } from '@resource-kit/demo-server/node'
import type { Page } from 'playwright-core'
import { build, defaultClientConditions } from 'vite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type StaticServer, serveStatic } from '../../apps/chat/scripts/serveStatic.ts'
import { type LaunchedChromium, launchChromium } from './harness/launchChromium.ts'

interface PersistApi {
  restored: Promise<boolean>
  walk(): Promise<{ count: number; uris: string[] }>
  read(uri: string): Promise<number>
  hasFirstPage(): boolean
  storedKeys(partition: string): Promise<string[] | null>
  clear(): Promise<void>
}

/** Counts the JSON-RPC methods the page sends, by name. */
function countWireCalls() {
  const calls: Record<string, number> = {}
  const original = window.fetch.bind(window)
  window.fetch = (input, init) => {
    const body = typeof init?.body === 'string' ? init.body : ''
    try {
      const message = JSON.parse(body) as { method?: string }
      if (message.method) calls[message.method] = (calls[message.method] ?? 0) + 1
    } catch {
      // Not a JSON-RPC body.
    }
    return original(input, init)
  }
  ;(window as unknown as { __calls: typeof calls }).__calls = calls
}

const calls = (page: Page, method: string) =>
  page.evaluate(
    (m) => (window as unknown as { __calls: Record<string, number> }).__calls[m] ?? 0,
    method,
  )

const api = <R>(page: Page, run: (persist: PersistApi) => Promise<R> | R) =>
  page.evaluate(`(${run.toString()})(window.__persist)`) as Promise<R>

describe('persisted cache in Chromium', () => {
  let outDir: string
  let site: StaticServer
  let demo: DemoHttpServer
  let chromium: LaunchedChromium
  let page: Page

  const open = async (partition: string) => {
    const url = `${site.url}?server=${encodeURIComponent(demo.url)}&partition=${partition}`
    await page.goto(url)
    await page.waitForFunction(() => '__persist' in window)
    await api(page, (persist) => persist.restored)
  }

  beforeAll(async () => {
    outDir = await mkdtemp(path.join(tmpdir(), 'rk-persist-page-'))
    await build({
      configFile: false,
      root: path.join(import.meta.dirname, 'persistPage'),
      logLevel: 'warn',
      resolve: { conditions: ['@resource-kit/source', ...defaultClientConditions] },
      build: { outDir, emptyOutDir: true, chunkSizeWarningLimit: 4000 },
    })
    site = await serveStatic({ root: outDir, config: () => ({}) })
    demo = await startDemoHttpServer({
      port: 0,
      count: 500,
      pageSize: 100,
      logIntervalMs: 60_000,
      corsOrigins: [new URL(site.url).origin],
    })
    chromium = await launchChromium()
    await chromium.context.addInitScript(countWireCalls)
    page = await chromium.context.newPage()
  }, 120_000)

  afterAll(async () => {
    await chromium?.close()
    await demo?.close()
    await site?.close()
    if (outDir) await rm(outDir, { recursive: true, force: true })
  })

  it('reloads lists and reads from IndexedDB, refetches stale ones, never stores input-required reads', async () => {
    await open('alice')
    const walked = await api(page, (persist) => persist.walk())
    expect(walked.count).toBeGreaterThanOrEqual(500)
    expect(await calls(page, 'resources/list')).toBe(5)
    const file = walked.uris.find((uri) => uri.startsWith('file:') && !uri.endsWith('/'))!
    const table = walked.uris.find(
      (uri) => uri.startsWith('db://prod/') && !uri.endsWith('payments'),
    )!
    expect(file && table).toBeTruthy()
    await page.evaluate(`window.__persist.read(${JSON.stringify(file)})`)
    await page.evaluate(`window.__persist.read(${JSON.stringify(table)})`)
    const listedAt = Date.now()
    // Saved within the throttle (50 ms): the pages and the file read, not the confirmed table.
    await expect
      .poll(() =>
        api(page, (persist) => persist.storedKeys('alice')).then((keys) => keys?.length ?? 0),
      )
      .toBe(6)
    const stored = (await api(page, (persist) => persist.storedKeys('alice')))!
    expect(stored.some((key) => key.includes(file))).toBe(true)
    expect(stored.some((key) => key.includes(table))).toBe(false)

    // Reload: the lists are there at once, and nothing within ttlMs goes to the wire.
    await open('alice')
    expect(await api(page, (persist) => persist.hasFirstPage())).toBe(true)
    expect((await api(page, (persist) => persist.walk())).count).toBe(walked.count)
    await page.evaluate(`window.__persist.read(${JSON.stringify(file)})`)
    expect(await calls(page, 'resources/list')).toBe(0)
    expect(await calls(page, 'resources/read')).toBe(0)
    // The input-required read was not stored: it goes to the server (and asks again).
    await page.evaluate(`window.__persist.read(${JSON.stringify(table)})`)
    expect(await calls(page, 'resources/read')).toBeGreaterThanOrEqual(1)

    // The demo's list pages live 10 s: once stale, a reload still shows them at once, and
    // the walk revalidates them on the wire; the file read (60 s) is still served locally.
    await page.waitForTimeout(Math.max(0, listedAt + 10_500 - Date.now()))
    await open('alice')
    expect(await api(page, (persist) => persist.hasFirstPage())).toBe(true)
    await api(page, (persist) => persist.walk())
    await page.evaluate(`window.__persist.read(${JSON.stringify(file)})`)
    expect(await calls(page, 'resources/list')).toBe(5)
    expect(await calls(page, 'resources/read')).toBe(0)
  }, 60_000)

  it('keeps partitions apart: another principal starts empty and the last one’s record is dropped', async () => {
    await open('alice')
    await api(page, (persist) => persist.walk())
    await expect
      .poll(() =>
        api(page, (persist) => persist.storedKeys('alice')).then((keys) => keys?.length ?? 0),
      )
      .toBeGreaterThan(0)

    await open('bob')
    expect(await api(page, (persist) => persist.hasFirstPage())).toBe(false)
    expect(await api(page, (persist) => persist.storedKeys('alice'))).toBeNull()
    await api(page, (persist) => persist.walk())
    expect(await calls(page, 'resources/list')).toBe(5)

    // Sign-out: clear() removes bob's record; a reload fetches again.
    await expect
      .poll(() =>
        api(page, (persist) => persist.storedKeys('bob')).then((keys) => keys?.length ?? 0),
      )
      .toBeGreaterThan(0)
    await api(page, (persist) => persist.clear())
    expect(await api(page, (persist) => persist.storedKeys('bob'))).toBeNull()
    await open('bob')
    expect(await api(page, (persist) => persist.hasFirstPage())).toBe(false)
  }, 60_000)
})
