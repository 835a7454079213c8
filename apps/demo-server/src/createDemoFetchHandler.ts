import { createMcpHandler, isLegacyRequest } from '@modelcontextprotocol/server'
import type { RequestGuard } from './auth/bearerGuard.ts'
import { createCors, defaultCorsOrigins } from './cors.ts'
import { createDemoServer, type DemoServer, type DemoServerOptions } from './createDemoServer.ts'
import { createLegacySessions } from './legacySessions.ts'

/** Options of {@link createDemoFetchHandler}. */
export interface DemoFetchHandlerOptions extends DemoServerOptions {
  /** Serve this demo world instead of creating one (it is then not closed by `close()`). */
  demo?: DemoServer
  /** Path of the MCP endpoint. @default '/mcp' */
  path?: string
  /** Browser origins allowed to call the endpoint (`'*'` for any). @default the chat app's and Storybook's dev origins */
  corsOrigins?: readonly string[]
  /** Called with errors the handler answered or swallowed (for logging). */
  onerror?: (error: Error) => void
  /** Runs before every non-preflight request; a Response it returns is the answer (`--auth`). */
  guard?: RequestGuard
}

/** A web-standard `fetch` face of the demo server, serving 2026-07-28 and 2025-11-25. */
export interface DemoFetchHandler {
  readonly demo: DemoServer
  readonly path: string
  fetch(request: Request): Promise<Response>
  /** Ends listen streams and legacy sessions; stops the live data if this handler created it. */
  close(): Promise<void>
}

/**
 * Modern requests go to the SDK's `createMcpHandler` (per-request instances, and
 * `subscriptions/listen` fed from the live data); 2025-era requests go to sessions of our
 * own (see legacySessions.ts). Runs anywhere `fetch` does, including a browser.
 */
export function createDemoFetchHandler(options: DemoFetchHandlerOptions = {}): DemoFetchHandler {
  const demo = options.demo ?? createDemoServer(options)
  const path = options.path ?? '/mcp'
  const cors = createCors(options.corsOrigins ?? defaultCorsOrigins)
  const modern = createMcpHandler(demo.requestFactory, {
    legacy: 'reject',
    ...(options.onerror && { onerror: options.onerror }),
  })
  const legacy = createLegacySessions(demo.connectionFactory)
  const stopForwarding = demo.live.subscribe((event) => {
    if (event.kind === 'resources_list_changed') modern.notify.resourcesChanged()
    else modern.notify.resourceUpdated(event.uri)
  })

  const serve = async (request: Request): Promise<Response> => {
    if (new URL(request.url).pathname !== path) {
      return Response.json({ error: `Not found; the MCP endpoint is ${path}` }, { status: 404 })
    }
    return (await isLegacyRequest(request)) ? legacy.handle(request) : modern.fetch(request)
  }

  return {
    demo,
    path,
    async fetch(request) {
      const origin = request.headers.get('origin')
      if (request.method === 'OPTIONS') return cors.preflight(request)
      if (!cors.allows(origin)) {
        return Response.json({ error: `Origin ${origin} is not allowed` }, { status: 403 })
      }
      const refused = await options.guard?.(request)
      return cors.decorate(refused ?? (await serve(request)), origin)
    },
    async close() {
      stopForwarding()
      await Promise.all([modern.close(), legacy.close()])
      if (options.demo === undefined) demo.close()
    },
  }
}
