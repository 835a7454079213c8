// The built chat app against a real demo server over HTTP (both on 127.0.0.1, free ports),
// opened in Debian's Chromium, plus the page helpers the tests share. The page goes through
// the demo's bridge backend (the default of `npm run demo`) unless opened in direct mode.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Locator, Page } from 'playwright-core'
import { expect } from 'vitest'
import { type RunningDemo, startDemo } from '../../../apps/chat/scripts/startDemo.ts'
import { type LaunchedChromium, launchChromium } from './launchChromium.ts'

export type ChatMode = 'direct' | 'bridge'

export interface ChatHarness {
  demo: RunningDemo
  /** The built app (Vite's output). */
  outDir: string
  chromium: LaunchedChromium
  /**
   * A fresh page on the app with empty storage, the demo server listed; through the bridge
   * unless `mode` is `direct` (`?mode=direct`: the page connects to each server itself).
   */
  openChat(options?: { mode?: ChatMode }): Promise<Page>
  close(): Promise<void>
}

/** Demo server options (StartDemoOptions['demo']). */
export type HarnessDemoOptions = NonNullable<Parameters<typeof startDemo>[0]>['demo']

export interface ChatHarnessOptions {
  /** Also start the demo's protected server (sign-in needed) on free ports. @default false */
  protectedServer?: boolean
  /** Demo server options. @default a small world whose log ticks often ("updated" within seconds) */
  demo?: HarnessDemoOptions
}

export async function startChatHarness(options: ChatHarnessOptions = {}): Promise<ChatHarness> {
  const outDir = await mkdtemp(path.join(tmpdir(), 'rk-chat-dist-'))
  const demo = await startDemo({
    appPort: 0,
    mcpPort: 0,
    authMcpPort: options.protectedServer ? 0 : false,
    authServerPort: 0,
    outDir,
    quiet: true,
    sourcemap: false,
    demo: options.demo ?? { count: 3000, logIntervalMs: 700 },
  })
  const chromium = await launchChromium()
  return {
    demo,
    outDir,
    chromium,
    async openChat({ mode = 'bridge' } = {}) {
      const page = await chromium.context.newPage()
      page.on('pageerror', (error) => console.error('[page error]', error.message))
      // Empty storage first, on a cheap page of the same origin, then load the app once.
      await page.goto(new URL('config.json', demo.appUrl).href)
      await page.evaluate(() => localStorage.clear())
      await page.goto(mode === 'direct' ? `${demo.appUrl}?mode=direct` : demo.appUrl)
      await expect
        .poll(
          () => page.locator('.rk-server[data-server-id="demo"] .rk-server-status').textContent(),
          {
            timeout: 20_000,
          },
        )
        .toMatch(/^[\d,]+ resources/) // listed to the end (no "+")
      return page
    },
    async close() {
      await chromium.close()
      await demo.close()
      await rm(outDir, { recursive: true, force: true })
    },
  }
}

/** The composer's editable element (role textbox, or combobox while the popup is open). */
export function composer(page: Page): Locator {
  return page.locator('.rk-composer-input')
}

/** Moves focus with Tab (keyboard only) until `target` has it. */
export async function tabTo(page: Page, target: Locator, maxSteps = 60): Promise<void> {
  for (let i = 0; i < maxSteps; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return
    await page.keyboard.press('Tab')
  }
  throw new Error('Could not reach the element with Tab')
}

/** The open mention popup's options' labels. */
export async function optionLabels(page: Page): Promise<string[]> {
  return page
    .locator('.rk-mention-listbox [role="option"] .rk-mention-option-label')
    .allTextContents()
}
