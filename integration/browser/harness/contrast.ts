// The WCAG contrast of the active row's indicator (its outline) against the row's own
// background and against the background around it (1.4.11: ≥ 3:1), read from computed styles.
import type { Locator } from 'playwright-core'

export interface IndicatorContrast {
  outlineStyle: string
  /** Outline colour against the row's background. */
  againstRow: number
  /** Outline colour against the nearest ancestor with a background. */
  againstSurroundings: number
  /** Row background against the surroundings (the tint alone). */
  tint: number
}

/**
 * Reads the indicator of the row the locator finds. A row re-rendered between Playwright's
 * lookup and the read (results still arriving) is detached, with empty computed styles, or
 * no longer the highlighted one: that read is thrown away and the row looked up again.
 */
export async function indicatorContrast(row: Locator): Promise<IndicatorContrast> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const contrast = await readIndicatorContrast(row)
    if (contrast) return contrast
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error('the highlighted row was re-rendered on every read (20 tries)')
}

function readIndicatorContrast(row: Locator): Promise<IndicatorContrast | null> {
  return row.evaluate((el) => {
    // Rows are keyed by place: a re-render can leave the element in place, no longer lit.
    if (!el.isConnected || !el.hasAttribute('data-highlighted')) return null
    const rgb = (color: string) =>
      color
        .match(/[\d.]+/g)!
        .slice(0, 4)
        .map(Number)
    const opaque = (color: string) => {
      const [, , , a] = rgb(color)
      return a === undefined || a > 0
    }
    const lum = (color: string) => {
      const [r, g, b] = rgb(color).map((c) => {
        const v = c / 255
        return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4
      })
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!
    }
    const ratio = (a: string, b: string) => {
      const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x)
      return Math.round(((hi! + 0.05) / (lo! + 0.05)) * 100) / 100
    }
    const style = getComputedStyle(el)
    let around = el.parentElement
    while (around && !opaque(getComputedStyle(around).backgroundColor))
      around = around.parentElement
    const surroundings = around ? getComputedStyle(around).backgroundColor : 'rgb(255, 255, 255)'
    const rowBg = opaque(style.backgroundColor) ? style.backgroundColor : surroundings
    return {
      outlineStyle: style.outlineStyle,
      againstRow: ratio(style.outlineColor, rowBg),
      againstSurroundings: ratio(style.outlineColor, surroundings),
      tint: ratio(rowBg, surroundings),
    }
  })
}
