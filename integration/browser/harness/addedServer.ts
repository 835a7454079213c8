// A second demo server (200 resources) for a test to add by URL in direct mode, stop, and
// start again on the same port, where the page's client reconnects to it on its own.
import { type DemoHttpServer, startDemoHttpServer } from '@resource-kit/demo-server/node'
import type { Locator, Page } from 'playwright-core'
import { afterAll, expect } from 'vitest'
import type { ChatSuite } from './chatSuite.ts'

export interface AddedServer {
  /** Starts it: on a free port the first time, on the same port after `stop`. */
  start(): Promise<void>
  stop(): Promise<void>
  /** Its URL (after the first `start`). */
  readonly url: string
  /** The id the chat app gives a server added by this URL. */
  readonly id: string
  /** Starts it, opens the chat in direct mode, adds it by URL and waits until it is listed. */
  addInChat(): Promise<{ page: Page; card: Locator }>
}

export function addedServer(suite: ChatSuite): AddedServer {
  let running: DemoHttpServer | undefined
  let port = 0
  let url = ''
  afterAll(async () => {
    await running?.close()
  })
  return {
    async start() {
      running = await startDemoHttpServer({
        port,
        count: 200,
        pageSize: 100,
        corsOrigins: [new URL(suite.chat.demo.appUrl).origin],
      })
      url = running.url
      port = Number(new URL(url).port)
    },
    async stop() {
      await running?.close()
      running = undefined
    },
    get url() {
      return url
    },
    get id() {
      return `127.0.0.1-${port}`
    },
    async addInChat() {
      await this.start()
      const page = await suite.openChat('direct')
      const add = page.getByRole('textbox', { name: 'Add a server' })
      await add.fill(url)
      await add.press('Enter')
      const card = page.locator(`.rk-server[data-server-id="${this.id}"]`)
      await expect
        .poll(() => card.locator('.rk-server-status').textContent(), { timeout: 20_000 })
        .toMatch(/^[\d,]+ resources/)
      return { page, card }
    },
  }
}
