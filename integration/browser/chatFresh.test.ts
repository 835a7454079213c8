// Fresh, and honest about it, in real Chromium against the demo server: the picker's live
// region speaks once while the list streams in, a folder replaces the file's preview, a
// mentioned file the server deletes shows "removed" (not "updated") before sending, and
// so does its preview (no "Live" badge, no mention).
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { screenshot } from './harness/artifacts.ts'
import { axeViolations } from './harness/axe.ts'
import { type ChatHarness, startChatHarness } from './harness/chatApp.ts'

let chat: ChatHarness

beforeAll(async () => {
  // The live file comes and goes every 8 s, so a removal happens within the test.
  chat = await startChatHarness({
    demo: { count: 3000, logIntervalMs: 700, fileIntervalMs: 8000 },
  })
}, 90_000)

afterAll(async () => {
  await chat?.close()
})

/** The app on a fresh page, without waiting for the list (`init` runs before the app). */
async function openFresh(init?: () => void): Promise<Page> {
  const page = await chat.chromium.context.newPage()
  if (init) await page.addInitScript(init)
  await page.goto(new URL('config.json', chat.demo.appUrl).href)
  await page.evaluate(() => localStorage.clear())
  await page.goto(chat.demo.appUrl)
  return page
}

/** Records every text the side picker's live region takes, from the first paint on. */
function openCountingAnnouncements(): Promise<Page> {
  return openFresh(() => {
    const spoken: string[] = []
    ;(window as unknown as { spoken: string[] }).spoken = spoken
    new MutationObserver(() => {
      const text = document.querySelector('.chat-panel .rk-picker [role="status"]')?.textContent
      if (text && text !== spoken[spoken.length - 1]) spoken.push(text)
    }).observe(document, { subtree: true, childList: true, characterData: true })
  })
}

const spokenSoFar = (page: Page) =>
  page.evaluate(() => (window as unknown as { spoken: string[] }).spoken)

describe('chat: fresh and honest', () => {
  it('announces the picker count once while 3,000 resources stream in (it was 48 times in 3.5 s)', async () => {
    const page = await openCountingAnnouncements()
    await expect.poll(() => spokenSoFar(page), { timeout: 30_000 }).not.toEqual([])
    // Only settled counts are spoken: 3,000 (3,001 while the live file is listed), never a
    // page's running total. Later texts come only from the live file coming and going.
    const counts = (await spokenSoFar(page)).map((text) => {
      expect(text).toMatch(/^[\d,]+ resources( · \d+ templates?)?$/)
      return Number(text.split(' ')[0]?.replace(/,/g, ''))
    })
    for (const count of counts) expect(count).toBeGreaterThanOrEqual(3000)
    await page.close()
  })

  it('shows the folder, not the previous file, when a folder is clicked', {
    timeout: 90_000,
  }, async () => {
    const page = await openFresh()
    const search = page.getByRole('combobox', { name: 'Search resources' })
    await search.fill('readme')
    await page
      .getByRole('treeitem', { name: /^readme/i })
      .first()
      .click({ timeout: 30_000 })
    await expect
      .poll(() => page.locator('.chat-preview').getAttribute('aria-label'), { timeout: 10_000 })
      .toMatch(/readme/i)
    await search.fill('')
    // The first folder under the server (a path folder, or an inode/directory resource).
    const folder = page
      .locator('.chat-panel [role="treeitem"][aria-level="2"]')
      .and(page.locator('[data-kind="folder"], [data-kind="directory"]'))
      .first()
    const label = (await folder.locator('.rk-label').textContent({ timeout: 30_000 })) ?? ''
    await folder.click()
    await expect
      .poll(() => page.locator('.chat-preview').getAttribute('aria-label'), { timeout: 10_000 })
      .toMatch(new RegExp(`^(Folder|Preview of) ${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`))
    expect(await axeViolations(page)).toEqual([])
    await page.close()
  })

  it('marks a mentioned file "removed", not "updated", once its server deletes it', {
    timeout: 90_000,
  }, async () => {
    const page = await openFresh()
    const search = page.getByRole('combobox', { name: 'Search resources' })
    await search.fill('incoming note')
    // The live file is listed half the time: wait for it to be there.
    const row = page.getByRole('treeitem', { name: /^incoming[- ]note/i }).first()
    await row.click({ timeout: 30_000 })
    await page.getByRole('button', { name: 'Mention in message' }).click()
    const chip = page.locator('.rk-attachment').first()
    // The file comes back 8 s later: poll often enough to see the removed state.
    const whileRemoved = () =>
      chip.evaluate((el) => (el.getAttribute('data-change') === 'removed' ? el.textContent : null))
    await expect.poll(whileRemoved, { timeout: 30_000, interval: 100 }).not.toBeNull()
    const text = await whileRemoved()
    expect(text).toMatch(/removed/)
    expect(text).not.toMatch(/updated/)
    await screenshot(page, 'fresh-removed-attachment')
    expect(await axeViolations(page)).toEqual([])
    await page.close()
  })

  it('says a previewed file was removed, without a Live badge, and offers no mention', {
    timeout: 90_000,
  }, async () => {
    const page = await openFresh()
    const search = page.getByRole('combobox', { name: 'Search resources' })
    await search.fill('incoming note')
    const row = page.getByRole('treeitem', { name: /^incoming[- ]note/i }).first()
    await row.click({ timeout: 30_000 })
    const preview = page.locator('.chat-preview')
    // The file goes within 8 s and comes back 8 s later: read the preview while it is gone.
    const whileRemoved = () =>
      preview.evaluate((el) =>
        el.getAttribute('data-change') === 'removed'
          ? {
              badge: el.querySelector('.chat-preview-live')?.textContent ?? null,
              removed: el.querySelector('.chat-preview-removed')?.textContent ?? null,
              mention: (
                [...el.querySelectorAll('button')].find(
                  (b) => b.textContent === 'Mention in message',
                ) as HTMLButtonElement | undefined
              )?.disabled,
            }
          : null,
      )
    let seen: Awaited<ReturnType<typeof whileRemoved>> = null
    await expect
      .poll(async () => (seen = await whileRemoved()), { timeout: 30_000, interval: 100 })
      .not.toBeNull()
    expect(seen).toEqual({
      badge: null,
      removed: 'Removed from the server',
      mention: true,
    })
    await screenshot(page, 'fresh-removed-preview')
    await page.close()
  })
})
