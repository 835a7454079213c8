// Debian's Chromium driven by playwright-core (Playwright's own browser download is never
// used). Each launch gets a fresh profile directory, removed on close.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { type BrowserContext, chromium } from 'playwright-core'

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
]

export interface LaunchedChromium {
  /** A persistent context on the fresh profile: open pages with `context.newPage()`. */
  context: BrowserContext
  close(): Promise<void>
}

export async function launchChromium(): Promise<LaunchedChromium> {
  const profile = await mkdtemp(path.join(tmpdir(), 'rk-chromium-'))
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    headless: true,
    args: chromiumArgs,
    viewport: { width: 1280, height: 800 },
  })
  return {
    context,
    async close() {
      await context.close().catch(() => {})
      await rm(profile, { recursive: true, force: true })
    },
  }
}
