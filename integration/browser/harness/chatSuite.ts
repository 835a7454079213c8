// One chat harness per test file: started before the file's tests and closed after them.
// A page opened through the suite fails the test during which it threw an uncaught error
// or rejection.
import type { Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, expect } from 'vitest'
import {
  type ChatHarness,
  type ChatHarnessOptions,
  type ChatMode,
  startChatHarness,
} from './chatApp.ts'

export interface ChatSuite {
  /** The running harness (once the file's `beforeAll` ran). */
  readonly chat: ChatHarness
  /** `chat.openChat`, with the page's uncaught errors failing the test. */
  openChat(mode?: ChatMode): Promise<Page>
  /** Fails the current test on this page's uncaught errors (a page opened another way). */
  watchErrors(page: Page): void
}

export function chatSuite(options: ChatHarnessOptions = {}): ChatSuite {
  let chat: ChatHarness | undefined
  const pageErrors: string[] = []
  beforeAll(async () => {
    chat = await startChatHarness(options)
  }, 90_000)
  afterAll(async () => {
    await chat?.close()
  })
  afterEach(() => {
    expect(pageErrors.splice(0), 'uncaught errors in the page').toEqual([])
  })
  const watchErrors = (page: Page) => {
    page.on('pageerror', (error) => pageErrors.push(error.message))
  }
  return {
    get chat() {
      if (!chat) throw new Error('The chat harness starts in beforeAll: use it inside a test')
      return chat
    },
    async openChat(mode) {
      const page = await this.chat.openChat(mode && { mode })
      watchErrors(page)
      return page
    },
    watchErrors,
  }
}
