// The picker's row window in real Chromium, where the list has layout, scroll events and a
// ResizeObserver (unit tests fake all three): the side panel's list of 3,000 resources keeps
// the rows in view in the DOM, and only a few dozen, wherever a wheel scrolls it, when the
// window is resized, and when End and Home jump to the last and first rows.
import type { Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ChatHarness, startChatHarness, tabTo } from './harness/chatApp.ts'
import { useViewport as sizePage, viewports } from './harness/viewports.ts'

let chat: ChatHarness

beforeAll(async () => {
  chat = await startChatHarness()
}, 90_000)

afterAll(async () => {
  await chat?.close()
})

/** The rendered rows' indices and the scroll box's numbers, read in one go. */
interface WindowState {
  indices: number[]
  top: number
  height: number
  rowHeight: number
}

function windowState(list: Locator): Promise<WindowState> {
  return list.evaluate((el) => {
    const rows = [...el.querySelectorAll<HTMLElement>('[data-index]')]
    const indices = rows.map((row) => Number(row.dataset.index))
    // Rows are placed at index × row height.
    const placed = rows.find((row) => Number(row.dataset.index) > 0)
    const y = Number(/translateY\(([\d.]+)px\)/.exec(placed?.style.transform ?? '')?.[1] ?? 0)
    const rowHeight = placed ? y / Number(placed.dataset.index) : 0
    return { indices, top: el.scrollTop, height: el.clientHeight, rowHeight }
  })
}

/** Every row in view is rendered, and at most the overscan (10 each side) and a header more. */
function windowProblem({ indices, top, height, rowHeight }: WindowState): string | null {
  if (rowHeight <= 0 || height <= 0) return `no layout (row ${rowHeight} px, view ${height} px)`
  const first = Math.floor(top / rowHeight)
  const last = Math.ceil((top + height) / rowHeight) - 1
  const missing = []
  for (let i = first; i <= last; i++) if (!indices.includes(i)) missing.push(i)
  if (missing.length > 0) return `rows ${missing.join(', ')} in view are not rendered`
  const most = last - first + 1 + 20 + 1
  return indices.length > most ? `${indices.length} rows rendered, more than ${most}` : null
}

async function openList(): Promise<{ page: Page; list: Locator }> {
  const page = await chat.openChat()
  await sizePage(page, viewports[0]!)
  await page.locator('.chat-picker').getByRole('button', { name: 'List' }).click()
  const list = page.locator('.chat-picker .rk-picker-list')
  await expect.poll(async () => (await windowState(list)).indices.length).toBeGreaterThan(10)
  return { page, list }
}

describe('the picker row window', () => {
  it('keeps the rows in view rendered, and few others, as a wheel scrolls and the window resizes', async () => {
    const { page, list } = await openList()
    expect(windowProblem(await windowState(list))).toBeNull()
    await list.hover()
    for (const delta of [700, 2500, 20_000, -9000]) {
      const before = (await windowState(list)).top
      await page.mouse.wheel(0, delta)
      await expect.poll(async () => (await windowState(list)).top).not.toBe(before)
      await expect.poll(async () => windowProblem(await windowState(list))).toBeNull()
    }
    // A taller window, a taller list: its ResizeObserver brings in the rows now in view.
    const shorter = await windowState(list)
    await page.setViewportSize({ width: viewports[0]!.width, height: viewports[0]!.height + 400 })
    await expect.poll(async () => (await windowState(list)).height).toBeGreaterThan(shorter.height)
    await expect.poll(async () => windowProblem(await windowState(list))).toBeNull()
    await page.close()
  }, 60_000)

  it('brings the last row into view on End and the first on Home, rendered and highlighted', async () => {
    const { page, list } = await openList()
    await tabTo(page, page.getByRole('combobox', { name: 'Search resources' }))
    const highlighted = page.locator('.chat-picker [data-highlighted]')
    const inView = () =>
      highlighted.evaluate((row) => {
        const box = row.getBoundingClientRect()
        const view = row.closest('.rk-picker-list')!.getBoundingClientRect()
        return box.top >= view.top - 1 && box.bottom <= view.bottom + 1
      })
    await page.keyboard.press('End')
    await expect.poll(() => inView()).toBe(true)
    const atEnd = await windowState(list)
    expect(Math.max(...atEnd.indices)).toBeGreaterThan(1000)
    expect(windowProblem(atEnd)).toBeNull()
    await page.keyboard.press('Home')
    await expect.poll(() => inView()).toBe(true)
    // The first resource row, under its server's header (a header is not highlighted).
    const atStart = await windowState(list)
    expect(atStart.top).toBeLessThanOrEqual(atStart.rowHeight)
    expect(windowProblem(atStart)).toBeNull()
    await page.close()
  }, 60_000)
})
