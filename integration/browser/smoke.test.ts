import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildChat } from '../../apps/chat/scripts/buildChat.ts'
import { type StaticServer, serveStatic } from '../../apps/chat/scripts/serveStatic.ts'
import { axeViolations } from './harness/axe.ts'
import { type LaunchedChromium, launchChromium } from './harness/launchChromium.ts'

describe('harness', () => {
  let out: string
  let site: StaticServer
  let chromium: LaunchedChromium
  beforeAll(async () => {
    out = await mkdtemp(path.join(tmpdir(), 'rk-chat-'))
    await buildChat({ outDir: out, quiet: true })
    site = await serveStatic({ root: out, config: () => ({}) })
    chromium = await launchChromium()
  }, 60_000)
  afterAll(async () => {
    await chromium?.close()
    await site?.close()
    await rm(out, { recursive: true, force: true })
  })

  it('loads the built app in Chromium', async () => {
    const page = await chromium.context.newPage()
    await page.goto(site.url)
    await expect(page.getByRole('heading').textContent()).resolves.toBe('Resource Chat')
    expect(await axeViolations(page)).toEqual([])
  })
})
