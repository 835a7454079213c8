// The fixture server handle: one FixtureWorld served in-process (in-memory pair, or the
// HTTP path through `createMcpHandler(...).fetch`), over real HTTP on 127.0.0.1, or over
// real stdio (see fixtureStdio.ts). Tests change the world through the handle.
import { createMcpHandler, InMemoryTransport } from '@modelcontextprotocol/server'
import { serveStdio } from '@modelcontextprotocol/server/stdio'
import type { FixtureResource } from './fixtureData.ts'
import { createFixtureMcpServer } from './fixtureMcpServer.ts'
import { type FixtureOptions, FixtureWorld } from './fixtureWorld.ts'
import { type HttpFixture, serveFetch } from './serveFetch.ts'

export interface FixtureServer {
  readonly world: FixtureWorld
  /** A client-side transport connected in-process (served like stdio, so `subscriptions/listen` works). */
  inMemoryTransport(): InMemoryTransport
  /** The Streamable HTTP handler, for the client transport's `fetch` option (no socket). */
  fetch(request: Request | string | URL, init?: RequestInit): Promise<Response>
  /** The URL to pair with `fetch` (any URL works; the handler ignores it). */
  readonly url: string
  /** Serve over real HTTP on 127.0.0.1, on `port` (default: any free one); closed by `close()`. */
  listenHttp(options?: { port?: number }): Promise<HttpFixture>
  /**
   * A redeploy of the HTTP handler: the running one shuts down (its listen streams get
   * their graceful result) and a fresh one over the same world takes the next request.
   */
  restartHttp(): Promise<void>
  /** `notifications/resources/updated` for `uri` to everyone watching it. */
  notifyUpdated(uri: string): void
  /** Adds a resource and sends `list_changed`. */
  addResource(resource: FixtureResource): void
  /** Removes a resource and sends `list_changed`. */
  removeResource(uri: string): void
  /** Requests received for a method so far. */
  calls(method: string): number
  resetCalls(): void
  /** Makes every cursor handed out so far invalid. */
  expireCursors(): void
  setText(uri: string, text: string): void
  close(): Promise<void>
}

export function createFixtureServer(options: FixtureOptions = {}): FixtureServer {
  const world = new FixtureWorld(options)
  const closers: (() => Promise<void>)[] = []
  const createHttp = () =>
    createMcpHandler(({ era }) => createFixtureMcpServer(world, { era, live: false }), {
      legacy: 'stateless',
      keepAliveMs: 60_000,
    })
  let http = createHttp()
  closers.push(() => http.close())
  world.onChange((change) => {
    if (change.type === 'listChanged') http.notify.resourcesChanged()
    else http.notify.resourceUpdated(change.uri)
  })

  return {
    world,
    url: 'http://fixture.invalid/mcp',
    inMemoryTransport() {
      const [clientEnd, serverEnd] = InMemoryTransport.createLinkedPair()
      const handle = serveStdio(({ era }) => createFixtureMcpServer(world, { era, live: true }), {
        transport: serverEnd,
      })
      closers.push(() => handle.close())
      return clientEnd
    },
    fetch(request, init) {
      return http.fetch(request instanceof Request ? request : new Request(request, init))
    },
    async restartHttp() {
      const previous = http
      http = createHttp()
      await previous.close()
    },
    async listenHttp(options) {
      const served = await serveFetch((request) => http.fetch(request), options)
      closers.push(() => served.close())
      return served
    },
    notifyUpdated: (uri) => world.emit({ type: 'updated', uri }),
    addResource: (resource) => world.addResource(resource),
    removeResource: (uri) => world.removeResource(uri),
    calls: (method) => world.calls(method),
    resetCalls: () => world.resetCalls(),
    expireCursors: () => world.expireCursors(),
    setText: (uri, text) => world.setText(uri, text),
    async close() {
      await Promise.allSettled(closers.splice(0).map((close) => close()))
    },
  }
}
