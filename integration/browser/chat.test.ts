// The chat host in real Chromium against a real demo server over HTTP, driven only by the
// keyboard: mention, search, templates completed inside the mention, sending, live
// "updated" marks, the side panel, reloads, per-server errors; axe-core on the picker
// and the composer; screenshots in test-artifacts/browser/.
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { screenshot } from './harness/artifacts.ts'
import { axeViolations } from './harness/axe.ts'
import { type ChatMode, composer, optionLabels, tabTo } from './harness/chatApp.ts'
import { chatSuite } from './harness/chatSuite.ts'

const suite = chatSuite()

const openChat = (mode?: ChatMode) => suite.openChat(mode)

async function typeMention(page: Page, text: string) {
  await page.keyboard.type(text)
  await expect.poll(() => composer(page).getAttribute('role')).toBe('combobox')
}

/** Mentions `db://prod/users` through the template, completed inside the mention. */
async function mentionProdUsers(page: Page, check: boolean) {
  const input = composer(page)
  await typeMention(page, '@database')
  await expect.poll(async () => (await optionLabels(page))[0]).toBe('Database table')
  await page.keyboard.press('Enter')
  const draft = input.locator('[data-rk-mention-draft]')
  await expect.poll(() => draft.textContent()).toBe('@Database table › schema: ')
  await page.keyboard.type('pro')
  await expect.poll(async () => (await optionLabels(page))[0]).toBe('prod')
  if (check) {
    await screenshot(page, '03-template-variable')
    expect(await axeViolations(page, '.rk-mention-popup')).toEqual([])
  }
  await page.keyboard.press('Enter')
  await expect.poll(() => draft.textContent()).toBe('@Database table › schema: prod › table: ')
  await page.keyboard.type('use')
  await expect.poll(async () => (await optionLabels(page))[0]).toBe('users')
  await page.keyboard.press('Enter')
  await expect
    .poll(() => input.locator('[data-rk-mention]').last().textContent())
    .toBe('@Database table: prod / users')
}

describe('chat app', () => {
  it('finds a multi-word title, descends into a folder value with Tab, commits a file; axe clean on the page', async () => {
    const page = await openChat()
    const input = composer(page)
    await tabTo(page, input)
    // A space continues the query while it matches.
    await typeMention(page, '@workspace file')
    await expect.poll(async () => (await optionLabels(page))[0]).toBe('Workspace file or folder')
    // The portalled popup sits in a landmark: the whole page passes axe while it is open.
    expect(await axeViolations(page)).toEqual([])
    await page.keyboard.press('Enter')
    const draft = input.locator('[data-rk-mention-draft]')
    await expect.poll(() => draft.textContent()).toBe('@Workspace file or folder › path: ')
    await page.keyboard.type('liv') // the first keystroke of a value used to throw
    await expect.poll(async () => (await optionLabels(page))[0]).toBe('live/')
    const count = page.locator('.rk-mention-popup-count')
    const live = page.locator('.rk-composer [role="status"]')
    // The count shown is the count announced.
    await expect.poll(() => count.textContent()).toMatch(/^\d+ suggestions?$/)
    const shown = /^(\d+) suggestions?$/.exec((await count.textContent()) ?? '')?.[1]
    expect(shown).toBeDefined()
    await expect.poll(() => live.textContent()).toMatch(new RegExp(`\\b${shown} suggestions?\\.`))
    await page.keyboard.press('Tab')
    // Still the same variable, now completing inside live/.
    await expect.poll(() => draft.textContent()).toBe('@Workspace file or folder › path: ')
    await expect.poll(() => optionLabels(page)).toContain('live/README.md')
    await page.keyboard.type('READ')
    await expect.poll(async () => (await optionLabels(page))[0]).toBe('live/README.md')
    await page.keyboard.press('Enter')
    await expect
      .poll(() => input.locator('[data-rk-mention]').getAttribute('data-uri'))
      .toBe('file:///workspace/live/README.md')
    await expect(draft.count()).resolves.toBe(0)
    await page.close()
  }, 60_000)

  it('marks an attachment "updated" when log://app/tail changes, before and after sending', async () => {
    const page = await openChat()
    const input = composer(page)
    await tabTo(page, input)
    await typeMention(page, '@tail')
    await expect
      .poll(() =>
        page
          .locator('.rk-mention-listbox [role="option"] .rk-mention-option-detail')
          .allTextContents(),
      )
      .toContain('log://app/tail')
    const details = await page
      .locator('.rk-mention-listbox [role="option"] .rk-mention-option-detail')
      .allTextContents()
    for (let i = 0; i < details.indexOf('log://app/tail'); i++)
      await page.keyboard.press('ArrowDown')
    await page.keyboard.press('Enter')
    const attachment = page.locator('.rk-attachment')
    await expect.poll(() => attachment.getAttribute('data-watch'), { timeout: 10_000 }).toBe('live')
    await expect
      .poll(() => attachment.getAttribute('data-change'), { timeout: 15_000 })
      .toBe('updated')
    await expect(attachment.locator('.rk-attachment-mark').textContent()).resolves.toBe('updated')
    await screenshot(page, '06-attachment-updated')

    await page.keyboard.press('Enter')
    const card = page.locator('.chat-message').last().locator('.rk-context-card')
    await expect.poll(() => card.getAttribute('data-status'), { timeout: 10_000 }).toBe('read')
    await expect
      .poll(() => card.locator('.rk-context-mark[data-change="updated"]').count(), {
        timeout: 15_000,
      })
      .toBe(1)
    await screenshot(page, '07-message-updated')
    await page.close()
  }, 60_000)

  it('picks from the side panel by keyboard, previews, and mentions the resource; axe finds nothing', async () => {
    const page = await openChat()
    const search = page.getByRole('combobox', { name: 'Search resources' })
    await tabTo(page, search)
    await page.keyboard.type('readme')
    await expect
      .poll(() => page.locator('.chat-picker [role="treeitem"]').nth(1).textContent())
      .toContain('Readme')
    await screenshot(page, '08-side-panel-search')
    // Each hit shows where it lives, dimmed, its file name whole; no letters picked across
    // words ("Th|read me|rge") while README itself matched.
    const readme = page.locator('.chat-picker [role="treeitem"]', { hasText: 'Readme' }).first()
    const tail = readme.locator('.rk-location-tail')
    await expect(tail.textContent()).resolves.toBe('README.md')
    expect(await tail.evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true)
    const [rowBox, tailBox] = await Promise.all([readme.boundingBox(), tail.boundingBox()])
    expect(tailBox!.x + tailBox!.width).toBeLessThanOrEqual(rowBox!.x + rowBox!.width + 1)
    expect(await readme.locator('.rk-location').getAttribute('title')).toBe(
      'file:///workspace/live/README.md',
    )
    const [rowColour, locationColour] = await Promise.all([
      readme.locator('.rk-label').evaluate((e) => getComputedStyle(e).color),
      readme.locator('.rk-location').evaluate((e) => getComputedStyle(e).color),
    ])
    expect(locationColour).not.toBe(rowColour)
    expect(
      await page.locator('.chat-picker [role="treeitem"]', { hasText: 'Thread merge' }).count(),
    ).toBe(0)
    expect(await axeViolations(page, '.chat-side')).toEqual([])
    // Arrow to the Readme row (the picker decides which row a search highlights first).
    const highlighted = page.locator('.chat-picker [data-highlighted]')
    for (let i = 0; i < 5 && !/Readme/.test((await highlighted.textContent()) ?? ''); i++) {
      await page.keyboard.press('ArrowDown')
    }
    await expect(highlighted.textContent()).resolves.toContain('Readme')
    await page.keyboard.press('Enter')
    const preview = page.locator('.chat-preview')
    await expect
      .poll(() => preview.locator('.chat-preview-uri').textContent())
      .toBe('file:///workspace/live/README.md')
    await expect.poll(() => preview.locator('.rk-preview').count(), { timeout: 10_000 }).toBe(1)
    await screenshot(page, '09-side-panel-preview')
    expect(await axeViolations(page, '.chat-side')).toEqual([])
    await tabTo(page, page.getByRole('button', { name: 'Mention in message' }))
    await page.keyboard.press('Enter')
    await expect
      .poll(() => composer(page).locator('[data-rk-mention]').textContent())
      .toBe('@Readme')
    await page.close()
  }, 60_000)

  it('searches the side panel and the @ popup in one index, in one worker', async () => {
    const page = await openChat()
    await page.getByRole('combobox', { name: 'Search resources' }).fill('readme')
    await expect
      .poll(() => page.locator('.chat-picker [role="treeitem"]').nth(1).textContent())
      .toContain('Readme')
    await composer(page).click()
    await typeMention(page, '@readme')
    await expect.poll(async () => (await optionLabels(page))[0]).toBe('Readme')
    // Each picker with its own index started a worker of its own (two copies of every page).
    expect(page.workers().map((worker) => worker.url().split('/').pop())).toEqual([
      expect.stringMatching(/^searchWorker/),
    ])
    await page.close()
  }, 60_000)

  it('renders only the @ popup rows in view; the highlighted row is always rendered and shown', async () => {
    const page = await openChat()
    await composer(page).click()
    await typeMention(page, '@')
    const options = page.locator('.rk-mention-listbox [role="option"]')
    await expect.poll(() => options.first().getAttribute('aria-setsize')).toBe('50')
    const rendered = () => options.count()
    // A 360 px popup shows about seven rows; three more are kept on each side.
    await expect.poll(rendered).toBeLessThan(20)
    /** The highlighted row: rendered, named by the editor, and inside the listbox's view. */
    const highlighted = () =>
      page.evaluate(() => {
        const id = document
          .querySelector('[role="combobox"]')
          ?.getAttribute('aria-activedescendant')
        const row = id ? document.getElementById(id) : null
        const list = row?.closest('[role="listbox"]')
        if (!row || !list) return null
        const [r, l] = [row.getBoundingClientRect(), list.getBoundingClientRect()]
        return {
          place: row.getAttribute('aria-posinset'),
          inView: r.top >= l.top - 1 && r.bottom <= l.bottom + 1,
        }
      })
    for (let i = 0; i < 49; i++) await page.keyboard.press('ArrowDown')
    await expect.poll(highlighted).toEqual({ place: '50', inView: true })
    await expect.poll(rendered).toBeLessThan(20)
    for (let i = 0; i < 49; i++) await page.keyboard.press('ArrowUp')
    await expect.poll(highlighted).toEqual({ place: '1', inView: true })
    await expect.poll(rendered).toBeLessThan(20)
    expect(await axeViolations(page, '.rk-mention-popup')).toEqual([])
    await page.close()
  }, 60_000)

  it('edits like a text box: new lines, mouse choice, deleting a chip, pasting only text', async () => {
    const page = await openChat()
    const input = composer(page)
    const draft = () =>
      page.evaluate(() => JSON.parse(localStorage.getItem('resource-kit-chat:v1:draft') ?? '""'))
    await tabTo(page, input)
    await page.keyboard.type('one')
    await page.keyboard.press('Shift+Enter')
    await typeMention(page, 'two @readme')
    await page.locator('.rk-mention-listbox [role="option"]').first().click()
    await expect
      .poll(draft)
      .toBe('one\ntwo @[Readme](mcp://demo/file:///workspace/live/README.md) ')
    await page.keyboard.press('Backspace')
    await page.keyboard.press('Backspace')
    await expect.poll(draft).toBe('one\ntwo ')
    await page.evaluate(() => {
      const data = new DataTransfer()
      data.setData('text/html', '<b onclick="alert(1)">bold</b>')
      data.setData('text/plain', 'bold')
      document
        .querySelector('.rk-composer-input')!
        .dispatchEvent(
          new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
        )
    })
    await expect.poll(draft).toBe('one\ntwo bold')
    await expect(input.locator('b').count()).resolves.toBe(0)
    expect(await page.locator('.chat-message').count()).toBe(0)
    await page.close()
  }, 60_000)

  it('takes what a fast typist typed: @query, Enter, more text, Enter sends', async () => {
    const page = await openChat()
    await tabTo(page, composer(page))
    // No waiting between keys: the Enter comes before the worker's hits for "readme".
    await page.keyboard.type('@readme')
    await page.keyboard.press('Enter')
    await page.keyboard.type('in short')
    await page.keyboard.press('Enter')
    await expect
      .poll(() => page.locator('.chat-message-text').allTextContents())
      .toEqual(['@Readme in short'])
    await page.close()
  }, 60_000)

  it('keeps the draft (with its chips) and the history across a reload', async () => {
    const page = await openChat()
    const input = composer(page)
    await tabTo(page, input)
    await page.keyboard.type('first message')
    await page.keyboard.press('Enter')
    await typeMention(page, '@readme')
    await page.keyboard.press('Enter')
    await page.keyboard.type('is the draft')
    await page.reload()
    await expect
      .poll(() => composer(page).locator('[data-rk-mention]').textContent())
      .toBe('@Readme')
    await expect(composer(page).textContent()).resolves.toBe('@Readme is the draft')
    await expect(page.locator('.chat-message-text').allTextContents()).resolves.toEqual([
      'first message',
    ])
    await page.close()
  }, 60_000)

  it('shows a failing server’s error with Retry while the demo keeps working (direct mode)', async () => {
    const page = await openChat('direct')
    const url = page.getByRole('textbox', { name: 'Add a server' })
    await tabTo(page, url)
    await page.keyboard.type('http://127.0.0.1:9/mcp')
    await page.keyboard.press('Enter')
    const failed = page.locator('.rk-server[data-server-id="127.0.0.1-9"]')
    await expect.poll(() => failed.getAttribute('data-state'), { timeout: 15_000 }).toBe('error')
    await expect(failed.getByRole('button', { name: 'Retry' }).count()).resolves.toBe(1)
    await expect(
      page.locator('.rk-server[data-server-id="demo"]').getAttribute('data-state'),
    ).resolves.toBe('live')
    await screenshot(page, '10-server-error')
    expect(await axeViolations(page, '.chat-sidebar')).toEqual([])
    await page.close()
  }, 60_000)
})

// Both ways to reach the servers: through the bridge backend (the demo's default; input
// requests asked of the page that read) and direct (the page's own connections).
for (const mode of ['bridge', 'direct'] as const) {
  describe(`chat app: mention, answer and read (${mode})`, () => {
    it(`mentions a resource by keyboard, announces the results, and sends what the model receives (${mode})`, async () => {
      const page = await openChat(mode)
      const input = composer(page)
      await tabTo(page, input)
      await expect(input.getAttribute('role')).resolves.toBe('textbox')
      await page.keyboard.type('Summarize ')
      await typeMention(page, '@readme')
      await expect(input.getAttribute('aria-expanded')).resolves.toBe('true')
      await expect.poll(() => optionLabels(page)).toContain('Readme')
      expect((await optionLabels(page))[0]).toBe('Readme')
      const live = page.locator('.rk-composer [role="status"]')
      await expect.poll(() => live.textContent()).toMatch(/results?\. First: Readme/)
      await screenshot(page, `${mode}-01-mention-popup`)
      expect(await axeViolations(page, '.chat-composer')).toEqual([])
      expect(await axeViolations(page, '.rk-mention-popup')).toEqual([])

      await page.keyboard.press('Enter')
      await expect.poll(() => input.getAttribute('role')).toBe('textbox')
      await expect(input.locator('[data-rk-mention]').textContent()).resolves.toBe('@Readme')
      await expect
        .poll(() => page.locator('.rk-attachments .rk-attachment-label').allTextContents())
        .toEqual(['Readme'])
      await page.keyboard.type('in two lines') // a space follows the chip already
      await page.keyboard.press('Enter')

      const message = page.locator('.chat-message').last()
      await expect
        .poll(() => message.locator('.chat-message-text').textContent())
        .toBe('Summarize @Readme in two lines')
      const context = message.locator('.rk-context-card')
      await expect.poll(() => context.getAttribute('data-status'), { timeout: 10_000 }).toBe('read')
      await expect(context.locator('.rk-context-uri').textContent()).resolves.toBe(
        'file:///workspace/live/README.md',
      )
      await expect(context.locator('pre').first().textContent()).resolves.toMatch(/\S/)
      expect(await input.textContent()).toBe('')
      await screenshot(page, `${mode}-02-message-sent`)
      expect(await axeViolations(page, '.chat-main')).toEqual([])
      await page.close()
    }, 60_000)

    it(`completes a template inside the mention, answers the server’s question, and reads the result (${mode})`, async () => {
      const page = await openChat(mode)
      const input = composer(page)
      const focused = (locator: ReturnType<typeof composer>) =>
        locator.evaluate((el) => el.contains(document.activeElement))
      await tabTo(page, input)
      await mentionProdUsers(page, true)
      await page.keyboard.press('Enter')

      // The demo asks to confirm reading a production table. The request takes focus;
      // Escape cancels it and focus goes back to the composer.
      const request = page.getByRole('dialog', { name: /needs your input/ })
      await request.waitFor({ timeout: 10_000 })
      await expect.poll(() => focused(request)).toBe(true)
      // The sent message says it waits for the user, and where, not that it is reading.
      const waiting = page.locator('.chat-message').last().locator('.chat-model-input')
      await expect(waiting.locator('.rk-model-input-title').textContent()).resolves.toBe(
        'Waiting for you',
      )
      await expect(waiting.locator('.chat-model-input-hint').textContent()).resolves.toMatch(
        /^Answer the request below to read /,
      )
      await page.keyboard.press('Escape')
      await request.waitFor({ state: 'detached' })
      await expect.poll(() => focused(input)).toBe(true)

      // Again, answered by keyboard this time; after Submit focus is back in the composer.
      await mentionProdUsers(page, false)
      await page.keyboard.press('Enter')
      await request.waitFor({ timeout: 10_000 })
      await expect.poll(() => focused(request)).toBe(true)
      await screenshot(page, `${mode}-04-input-request`)
      const checkbox = request.getByRole('checkbox')
      await tabTo(page, checkbox)
      await page.keyboard.press('Space')
      await page.keyboard.press('Enter')
      const context = page.locator('.chat-message').last().locator('.rk-context-card')
      await expect.poll(() => context.getAttribute('data-status'), { timeout: 10_000 }).toBe('read')
      await expect.poll(() => focused(input)).toBe(true)
      await expect(context.locator('.rk-context-uri').textContent()).resolves.toBe(
        'db://prod/users',
      )
      await expect(context.textContent()).resolves.toContain('application/json')
      await screenshot(page, `${mode}-05-template-read`)
      await page.close()
    }, 120_000) // the template flow runs twice
  })
}
