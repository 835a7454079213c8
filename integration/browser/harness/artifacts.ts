// Screenshots kept as test artifacts in `test-artifacts/browser/` (gitignored).
import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import type { Page } from 'playwright-core'

export const artifactsDir = path.resolve(import.meta.dirname, '../../../test-artifacts/browser')

export async function screenshot(page: Page, name: string): Promise<string> {
  await mkdir(artifactsDir, { recursive: true })
  const file = path.join(artifactsDir, `${name}.png`)
  await page.screenshot({ path: file, fullPage: true })
  return file
}
