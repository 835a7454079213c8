// axe-core injected from node_modules into the page, run on one region, violations
// returned in a readable form (an empty array means the region passed).
import { createRequire } from 'node:module'
import type { Page } from 'playwright-core'

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js')

export interface AxeViolation {
  id: string
  impact: string | null
  help: string
  targets: string[]
}

export async function axeViolations(page: Page, selector = 'body'): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: axePath })
  return page.evaluate(async (include) => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is a page global injected above
    const axe = (window as any).axe
    const result = await axe.run(
      { include: [include] },
      {
        resultTypes: ['violations'],
        runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'],
      },
    )
    return result.violations.map(
      (v: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        targets: v.nodes.map((n) => n.target.join(' ')),
      }),
    )
  }, selector)
}
