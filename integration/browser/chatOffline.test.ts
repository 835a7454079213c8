// Honest when a server goes away, in real Chromium: a server added by URL is killed; within
// 5 s its card says offline or reconnecting, its chip says the server is down, Send warns
// first; sent anyway, the message is unsent with Retry; the server comes back on the same
// port and Retry sends the message with its context.
import { describe, expect, it } from 'vitest'
import { addedServer } from './harness/addedServer.ts'
import { screenshot } from './harness/artifacts.ts'
import { composer, tabTo } from './harness/chatApp.ts'
import { chatSuite } from './harness/chatSuite.ts'

const suite = chatSuite()
const second = addedServer(suite)

describe('chat: a server that stops answering', () => {
  it('goes offline within 5 s on its card and chip, Send warns, and Retry sends once it is back', {
    timeout: 120_000,
  }, async () => {
    const { page, card } = await second.addInChat()
    const id = second.id

    // Mention its readme, scoped to that server.
    const input = composer(page)
    await tabTo(page, input)
    await page.keyboard.type(`Summarize @${id}:readme`)
    await expect
      .poll(() => page.locator('.rk-mention-listbox [role="option"]').count(), { timeout: 15_000 })
      .toBeGreaterThan(0)
    await page.keyboard.press('Enter')
    const chip = page.locator('.rk-attachment').first()
    await expect.poll(() => chip.getAttribute('data-sizing'), { timeout: 15_000 }).toBe('sized')
    const size = await chip.locator('.rk-attachment-size').textContent()
    expect(size).toMatch(/^[\d.]+ k?B · ~[\d,]+ tokens$/)

    await second.stop()
    const killedAt = Date.now()
    await expect
      .poll(() => card.getAttribute('data-state'), { timeout: 5_000, interval: 100 })
      .toMatch(/^(offline|reconnecting)$/)
    const seenAfter = Date.now() - killedAt
    expect(seenAfter).toBeLessThan(5_000)
    await expect
      .poll(() => chip.locator('.rk-attachment-down').textContent(), { timeout: 5_000 })
      .toMatch(/^server down/)
    await screenshot(page, 'offline-card-and-chip')

    // Its rows are still there (last known): mention another one while it is down.
    await input.click()
    await page.keyboard.press('End')
    await page.keyboard.type(` and @${id}:tail`)
    const details = () =>
      page
        .locator('.rk-mention-listbox [role="option"] .rk-mention-option-detail')
        .allTextContents()
    await expect.poll(details, { timeout: 15_000 }).toContain('log://app/tail')
    const at = (await details()).indexOf('log://app/tail')
    for (let i = 0; i < at; i++) await page.keyboard.press('ArrowDown')
    await page.keyboard.press('Enter')
    await expect.poll(() => page.locator('.rk-attachment').count()).toBe(2)
    const other = page.locator('.rk-attachment').nth(1)
    await expect(other.getAttribute('data-sizing')).resolves.toBe('failed')
    await expect(other.locator('.rk-attachment-down').textContent()).resolves.toMatch(
      /^server down/,
    )

    // Send warns first; the draft stays.
    await page.getByRole('button', { name: 'Send', exact: true }).click()
    const warning = page.locator('.chat-send-warning')
    await expect(warning.textContent()).resolves.toMatch(/not answering/)
    await expect(input.textContent()).resolves.toContain('Summarize')
    expect(await page.locator('.chat-message').count()).toBe(0)
    await page.getByRole('button', { name: 'Send anyway' }).click()
    const message = page.locator('.chat-message').last()
    await expect.poll(() => message.getAttribute('data-status'), { timeout: 15_000 }).toBe('unsent')
    const retry = message.getByRole('button', { name: 'Retry sending' })
    await expect(retry.count()).resolves.toBe(1)

    // Back on the same port: Retry sends it, with its context; the readme's card has the
    // size its chip said.
    await second.start()
    await retry.click()
    await expect.poll(() => message.getAttribute('data-status'), { timeout: 30_000 }).toBe('ready')
    const cards = message.locator('.rk-context-card')
    await expect(cards.count()).resolves.toBe(2)
    for (const status of await cards.evaluateAll((els) =>
      els.map((e) => e.getAttribute('data-status')),
    ))
      expect(status).toBe('read')
    await expect(cards.first().locator('.rk-context-size').textContent()).resolves.toBe(size)
    await expect.poll(() => card.getAttribute('data-state'), { timeout: 15_000 }).toBe('live')
    await screenshot(page, 'offline-retried')
    await page.close()
  })
})
