// Suggestions in the chat app, in real Chromium against the demo server over HTTP: type a
// draft, see what it is about as a ghost chip with its reason, attach it with one key, send,
// and the sent message carries it (read for the model). Nothing is attached on its own.
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { screenshot } from './harness/artifacts.ts'
import { axeViolations } from './harness/axe.ts'
import { composer, tabTo } from './harness/chatApp.ts'
import { chatSuite } from './harness/chatSuite.ts'

const suite = chatSuite()

async function openChat(): Promise<Page> {
  const page = await suite.chat.openChat()
  suite.watchErrors(page)
  return page
}

describe('suggested resources in the composer', () => {
  it('suggests what the draft is about; Alt+1 attaches it and the sent message carries it', async () => {
    const page = await openChat()
    const input = composer(page)
    await tabTo(page, input)
    await page.keyboard.type('How do we migrate cards? See the locale doc')
    const chip = page.locator('.chat-suggestion').first()
    await expect
      .poll(() => chip.getAttribute('data-suggestion-uri'), { timeout: 10_000 })
      .toBe('file:///workspace/docs/locale/card-migrate.md')
    await expect(chip.locator('.chat-suggestion-label').textContent()).resolves.toBe('Card migrate')
    await expect(chip.locator('.chat-suggestion-reason').textContent()).resolves.toBe(
      ' matches “migrate”, “card”, “locale”, “doc”',
    )
    // Suggested, not attached: the draft has no mention and there is no attachment.
    expect(await input.locator('[data-rk-mention]').count()).toBe(0)
    expect(await page.locator('.rk-attachments').count()).toBe(0)
    await screenshot(page, 'suggest-01-ghost-chip')
    expect(await axeViolations(page, '.chat-composer')).toEqual([])

    await page.keyboard.press('Alt+1')
    await expect
      .poll(() => input.locator('[data-rk-mention]').last().textContent())
      .toBe('@Card migrate')
    await expect
      .poll(() => page.locator('.rk-attachments .rk-attachment-label').allTextContents())
      .toEqual(['Card migrate'])
    // Attached: no longer suggested.
    await expect.poll(() => page.locator('.chat-suggestion').count()).toBe(0)
    await expect.poll(() => input.evaluate((el) => el.contains(document.activeElement))).toBe(true)

    await page.keyboard.press('Enter')
    const message = page.locator('.chat-message').last()
    await expect
      .poll(() => message.locator('.chat-message-text').textContent())
      .toMatch(/^How do we migrate cards\? See the locale doc ?@Card migrate/)
    const context = message.locator('.rk-context-card')
    await expect.poll(() => context.getAttribute('data-status'), { timeout: 10_000 }).toBe('read')
    await expect(context.locator('.rk-context-uri').textContent()).resolves.toBe(
      'file:///workspace/docs/locale/card-migrate.md',
    )
    await page.close()
  }, 90_000)

  it('suggests nothing for a draft about nothing in particular', async () => {
    const page = await openChat()
    await tabTo(page, composer(page))
    await page.keyboard.type('Thanks, that looks good to me!')
    // Give the suggester its quiet time and a search, then check nothing came.
    await page.waitForTimeout(1500)
    expect(await page.locator('.chat-suggestion').count()).toBe(0)
    await page.close()
  }, 60_000)

  it('with the host’s automatic inclusion, attaches it as a chip the user removes before Send', async () => {
    const page = await suite.chat.chromium.context.newPage()
    suite.watchErrors(page)
    await page.goto(new URL('config.json', suite.chat.demo.appUrl).href)
    await page.evaluate(() => localStorage.clear())
    await page.goto(`${suite.chat.demo.appUrl}?include=auto`)
    const input = composer(page)
    await input.waitFor({ timeout: 20_000 })
    await tabTo(page, input)
    await page.keyboard.type('How do we migrate cards? See the locale doc')
    const labels = page.locator('.rk-attachments .rk-attachment-label')
    await expect.poll(() => labels.allTextContents(), { timeout: 15_000 }).toEqual(['Card migrate'])
    expect(await page.locator('.chat-suggestion').count()).toBe(0)
    // Removed before Send: it stays out, and the message goes without it.
    await page.getByRole('button', { name: 'Remove Card migrate' }).click()
    await expect.poll(() => labels.count()).toBe(0)
    // Past the suggester's quiet time and a search: still out.
    await page.waitForTimeout(1500)
    expect(await labels.count()).toBe(0)
    await page.getByRole('button', { name: 'Send' }).click()
    const message = page.locator('.chat-message').last()
    await expect
      .poll(() => message.locator('.chat-message-text').textContent())
      .toMatch(/^How do we migrate cards\? See the locale doc\s*$/)
    expect(await message.locator('.rk-context-card').count()).toBe(0)
    await page.close()
  }, 90_000)
})
