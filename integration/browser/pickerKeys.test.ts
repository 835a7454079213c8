// The side panel by keyboard in real Chromium against the demo server over HTTP: the
// template form takes the highlighted suggestion on Enter, Alt+Enter mentions a found row
// in the composer (focus kept in the picker beside the conversation; in a drawer, the
// composer), and rows at a narrow width keep the end of their paths in view.
import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { screenshot } from './harness/artifacts.ts'
import { composer, tabTo } from './harness/chatApp.ts'
import { chatSuite } from './harness/chatSuite.ts'
import { useViewport as sizePage, viewports } from './harness/viewports.ts'

const suite = chatSuite()

async function openChat(viewport = viewports[0]!): Promise<Page> {
  // The demo's default: the bridge (the keys are the same in both modes).
  const page = await suite.chat.openChat()
  suite.watchErrors(page)
  await sizePage(page, viewport)
  return page
}

const hasFocus = (locator: Locator) => locator.evaluate((el) => el === document.activeElement)

/** Types `query` in the side picker and arrows to the row whose label is `label`. */
async function highlightRow(page: Page, query: string, label: string) {
  await page.keyboard.type(query)
  await expect.poll(() => page.locator('.chat-picker [aria-busy]').count()).toBe(0)
  const highlighted = page.locator('.chat-picker [data-highlighted] .rk-label')
  for (let i = 0; i < 8 && (await highlighted.textContent()) !== label; i++) {
    await page.keyboard.press('ArrowDown')
  }
  await expect(highlighted.textContent()).resolves.toBe(label)
}

/**
 * The text of `row` a person sees: each character whose middle lies inside every box that
 * clips it (text under an ellipsis or outside an `overflow: hidden` box is left out).
 */
function visibleText(row: Locator): Promise<string> {
  return row.evaluate((el) => {
    let text = ''
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const clips: DOMRect[] = []
      for (let box = node.parentElement; box; box = box.parentElement) {
        if (getComputedStyle(box).overflowX !== 'visible') clips.push(box.getBoundingClientRect())
        if (box === el) break
      }
      const data = (node as Text).data
      for (let i = 0; i < data.length; i++) {
        const range = document.createRange()
        range.setStart(node, i)
        range.setEnd(node, i + 1)
        const r = range.getBoundingClientRect()
        const x = r.left + r.width / 2
        if (r.width > 0 && clips.every((c) => x >= c.left && x <= c.right)) text += data[i]
      }
    }
    return text
  })
}

describe('side panel keys', () => {
  it('takes the highlighted suggestion on Enter in the template form (pr → prod), as the composer does', async () => {
    const page = await openChat()
    await tabTo(page, page.getByRole('combobox', { name: 'Search resources' }))
    await highlightRow(page, 'database table', 'Database table')
    await page.keyboard.press('Enter')
    const schema = page.getByRole('combobox', { name: /schema/ })
    await tabTo(page, schema)
    // Enter at once: it waits for the suggestions of "pr", then takes the first.
    await page.keyboard.type('pr')
    await page.keyboard.press('Enter')
    await expect.poll(() => schema.inputValue()).toBe('prod')
    const table = page.getByRole('combobox', { name: /table/ })
    await page.keyboard.press('Tab')
    await expect.poll(() => hasFocus(table)).toBe(true)
    await page.keyboard.type('us')
    await page.keyboard.press('Enter')
    await expect.poll(() => table.inputValue()).toMatch(/^us.+/)
    const chosen = await table.inputValue()
    const uri = page.getByRole('status', { name: 'Resulting URI' })
    await expect(uri.textContent()).resolves.toBe(`db://prod/${chosen}`)
    await screenshot(page, 'picker-keys-1-template-form')
    // The list closed with the choice: Enter now reads it (the demo asks first for prod).
    await page.keyboard.press('Enter')
    const request = page.getByRole('dialog', { name: /needs your input/ })
    await request.waitFor({ timeout: 10_000 })
    await expect(request.textContent()).resolves.toContain(`db://prod/${chosen} is production data`)
    expect(await page.locator('.rk-template-form [role="alert"]').count()).toBe(0)
    await page.keyboard.press('Escape')
    await page.close()
  }, 60_000)

  it('mentions the highlighted row with Alt+Enter, no Tab needed; focus stays in the picker; Send carries it', async () => {
    const page = await openChat()
    const search = page.getByRole('combobox', { name: 'Search resources' })
    await tabTo(page, search)
    await expect(search.getAttribute('aria-keyshortcuts')).resolves.toBe('Alt+Enter')
    await highlightRow(page, 'readme', 'Readme')
    await page.keyboard.press('Alt+Enter')
    const chips = composer(page).locator('[data-rk-mention]')
    await expect.poll(() => chips.allTextContents()).toEqual(['@Readme'])
    // Beside the conversation the picker keeps focus: the next resource is a search away.
    expect(await hasFocus(search)).toBe(true)
    await expect(page.locator('.chat-panel [role="status"]').last().textContent()).resolves.toBe(
      'Readme mentioned in the message',
    )
    await expect
      .poll(() => page.locator('.rk-attachments .rk-attachment-label').allTextContents())
      .toEqual(['Readme'])
    await screenshot(page, 'picker-keys-2-mentioned')

    // Coming to the composer by keyboard, the caret is after the chip (not at the start).
    await tabTo(page, composer(page))
    await page.keyboard.type('in two lines')
    await page.keyboard.press('Enter')
    const message = page.locator('.chat-message').last()
    await expect
      .poll(() => message.locator('.chat-message-text').textContent())
      .toBe('@Readme in two lines')
    const context = message.locator('.rk-context-card')
    await expect.poll(() => context.getAttribute('data-status'), { timeout: 10_000 }).toBe('read')
    await expect(context.locator('.rk-context-uri').textContent()).resolves.toBe(
      'file:///workspace/live/README.md',
    )
    await page.close()
  }, 60_000)

  it('in the drawer, Alt+Enter mentions the row, closes the drawer and puts focus in the composer', async () => {
    const page = await openChat(viewports.find((v) => v.name.startsWith('phone'))!)
    const toggle = page.getByRole('button', { name: 'Resources', exact: true })
    await tabTo(page, toggle)
    await page.keyboard.press('Enter')
    const search = page.getByRole('combobox', { name: 'Search resources' })
    await expect.poll(() => hasFocus(search)).toBe(true)
    await highlightRow(page, 'readme', 'Readme')
    await page.keyboard.press('Alt+Enter')
    await expect.poll(() => search.isVisible()).toBe(false)
    await expect.poll(() => hasFocus(composer(page))).toBe(true)
    await expect
      .poll(() => composer(page).locator('[data-rk-mention]').allTextContents())
      .toEqual(['@Readme'])
    await page.close()
  }, 60_000)

  it('keeps the distinguishing end of the path in view when rows are narrow', async () => {
    const page = await openChat(viewports.find((v) => v.name.startsWith('phone'))!)
    await tabTo(page, page.getByRole('button', { name: 'Resources', exact: true }))
    await page.keyboard.press('Enter')
    // Narrower than a phone's drawer: the path column is about 70 px.
    await page.addStyleTag({ content: '.chat-side { width: 300px !important; }' })
    await page.keyboard.type('device')
    await expect.poll(() => page.locator('.chat-picker [aria-busy]').count()).toBe(0)
    const rows = page.locator('.chat-picker [role="treeitem"]', {
      has: page.locator('.rk-label', { hasText: /^Device$/ }),
    })
    await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(3)
    await screenshot(page, 'picker-keys-3-narrow-rows')
    const seen: string[] = []
    for (const row of await rows.all()) {
      const uri = (await row.locator('.rk-location').getAttribute('title')) ?? ''
      const last = uri.slice(uri.lastIndexOf('/') + 1)
      const text = await visibleText(row)
      expect(text, uri).toContain(last)
      // Nothing of the row is cut by the list's edge.
      const [rowBox, listBox] = await Promise.all([
        row.boundingBox(),
        page.locator('.chat-picker .rk-picker-list').boundingBox(),
      ])
      expect(rowBox!.x + rowBox!.width).toBeLessThanOrEqual(listBox!.x + listBox!.width + 1)
      seen.push(text)
    }
    // Same-named rows, even with the same file name (device.json), read differently.
    expect(new Set(seen).size).toBe(seen.length)
    await page.close()
  }, 60_000)
})
