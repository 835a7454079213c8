// A second demo server (200 resources) for a test to add by URL in direct mode, stop, and
// start again on the same port, where the page's client reconnects to it on its own.
import { type DemoHttpServer, startDemoHttpServer } from '@resource-kit/demo-server/node'
import { afterAll } from 'vitest'
import type { ChatSuite } from './chatSuite.ts'

export interface AddedServer {
  /** Starts it: on a free port the first time, on the same port after `stop`. */
  start(): Promise<void>
  stop(): Promise<void>
  /** Its URL (after the first `start`). */
  readonly url: string
  /** The id the chat app gives a server added by this URL. */
  readonly id: string
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
  }
}
