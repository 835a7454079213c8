// The screens the app must work on: a desktop, a laptop, a phone, and a desktop at 200 %
// zoom (which lays out like a 720 × 450 CSS-pixel window at device pixel ratio 2).
import type { Page } from 'playwright-core'

export interface Viewport {
  name: string
  width: number
  height: number
  /** Device pixel ratio: 2 for the zoomed desktop. */
  scale: number
}

export const viewports: readonly Viewport[] = [
  { name: 'desktop-1440x900', width: 1440, height: 900, scale: 1 },
  { name: 'laptop-1024x768', width: 1024, height: 768, scale: 1 },
  { name: 'phone-390x844', width: 390, height: 844, scale: 1 },
  { name: 'zoom-200-1440x900', width: 720, height: 450, scale: 2 },
]

/** Sizes the page like `viewport` (through the DevTools protocol, so the pixel ratio applies too). */
export async function useViewport(page: Page, viewport: Viewport): Promise<void> {
  await page.setViewportSize({ width: viewport.width, height: viewport.height })
  if (viewport.scale === 1) return
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Emulation.setDeviceMetricsOverride', {
    width: viewport.width,
    height: viewport.height,
    deviceScaleFactor: viewport.scale,
    mobile: false,
  })
}
