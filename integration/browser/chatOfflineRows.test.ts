// Rows of a server that stops answering, in real Chromium: a server added by URL is killed;
// within 5 s its rows in the side picker's search and its hits in the open `@` popup are
// marked as not live (dimmed, "server not answering" in their names); brought back on the
// same port, the client reconnects on its own and the marks go, with no one asking.
import type { Locator } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { addedServer } from './harness/addedServer.ts'
import { screenshot } from './harness/artifacts.ts'
import { composer, tabTo } from './harness/chatApp.ts'
import { chatSuite } from './harness/chatSuite.ts'

const suite = chatSuite()
const second = addedServer(suite)

/** Per row: is it marked down, and does its accessible name say so. */
const marks = (rows: Locator) =>
  rows.evaluateAll((els) =>
    els.map((el) => `${el.hasAttribute('data-server-down')}:${el.textContent ?? ''}`),
  )
const allMarked = (list: string[]) =>
  list.length > 0 && list.every((m) => m.startsWith('true:') && /server not answering/.test(m))
const noneMarked = (list: string[]) =>
  list.length > 0 && list.every((m) => m.startsWith('false:') && !/not answering/.test(m))

describe('chat: the rows of a server that stops answering', () => {
  it('are marked in the side search and the @ popup within 5 s, and live again once it is back', {
    timeout: 150_000,
  }, async () => {
    const { page, card } = await second.addInChat()
    const id = second.id

    // Its readme in the side search (scoped to it), and in the @ popup, left open.
    const search = page.getByRole('combobox', { name: 'Search resources' })
    await search.fill(`${id}:readme`)
    const sideRows = page.locator(
      '.chat-picker :is([role="treeitem"], [role="option"]):is([data-kind="resource"], [data-kind="template"])',
    )
    await expect.poll(() => sideRows.count(), { timeout: 15_000 }).toBeGreaterThan(0)
    await expect.poll(() => marks(sideRows).then(noneMarked)).toBe(true)
    const input = composer(page)
    await tabTo(page, input)
    await page.keyboard.type(`Look at @${id}:readme`)
    const popupRows = page.locator('.rk-mention-listbox [role="option"]')
    await expect.poll(() => popupRows.count(), { timeout: 15_000 }).toBeGreaterThan(0)
    await expect.poll(() => marks(popupRows).then(noneMarked)).toBe(true)

    await second.stop()
    const killedAt = Date.now()
    await expect
      .poll(() => marks(sideRows).then(allMarked), { timeout: 5_000, interval: 100 })
      .toBe(true)
    await expect
      .poll(() => marks(popupRows).then(allMarked), { timeout: 5_000, interval: 100 })
      .toBe(true)
    const seenAfter = Date.now() - killedAt
    console.log(`rows marked ${seenAfter} ms after the server was killed`)
    expect(seenAfter).toBeLessThan(5_000)
    // Still there, as last known; the popup says which server is not answering.
    expect(await card.getAttribute('data-state')).toMatch(/^(offline|reconnecting)$/)
    await expect(page.locator('.rk-mention-status').textContent()).resolves.toMatch(/not answering/)
    // Dimmed by the theme (the muted colour, not the row's own).
    const colours = await sideRows.first().evaluate((el) => {
      const live = document.querySelector(
        '.chat-picker [role="treeitem"]:not([data-server-down]), .chat-picker [role="option"]:not([data-server-down])',
      )
      return [getComputedStyle(el).color, live ? getComputedStyle(live).color : '']
    })
    expect(colours[0]).not.toBe(colours[1])
    await screenshot(page, 'offline-rows-marked')

    // Back on the same port: the client reconnects on its own (backoff), the marks go.
    await second.start()
    await expect.poll(() => card.getAttribute('data-state'), { timeout: 45_000 }).toBe('live')
    await expect.poll(() => marks(sideRows).then(noneMarked), { timeout: 10_000 }).toBe(true)
    await expect.poll(() => marks(popupRows).then(noneMarked), { timeout: 10_000 }).toBe(true)
    await screenshot(page, 'offline-rows-live-again')
    await page.close()
  })
})
