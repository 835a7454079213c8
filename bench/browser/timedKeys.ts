// Keys pressed in a benchmarked page, each timed key → paint by the page probe
// (pageProbe.ts: the first DOM change under `root`, then the frame that paints it).
import type { Page } from 'playwright-core'
import type { Probe } from './pageProbe.ts'

export interface KeyWatch {
  /** Attribute changes count as the key's change (arrows move a highlight). */
  attributes?: boolean
  /** Changes inside elements matching this selector do not count (live regions, the input). */
  ignore?: string
}

/** Presses `key` and returns key → paint in ms (NaN when nothing under `root` changed). */
export async function timedKey(
  page: Page,
  key: string,
  root: string,
  watch: KeyWatch = {},
): Promise<number> {
  await page.evaluate(([r, w]) => (window as unknown as { __probe: Probe }).__probe.armKey(r, w), [
    root,
    watch,
  ] as const)
  await page.keyboard.press(key)
  return page.evaluate(() => (window as unknown as { __probe: Probe }).__probe.keyResult())
}

/** Types `text` one key at a time; each key's key → paint in ms. */
export async function typeTimed(
  page: Page,
  text: string,
  root: string,
  ignore?: string,
): Promise<number[]> {
  const times: number[] = []
  for (const char of text) times.push(await timedKey(page, char, root, { ignore }))
  return times
}
