import { createRequestStateCodec, type McpServerFactory } from '@modelcontextprotocol/server'
import { buildMcpServer, type ServerShared } from './buildMcpServer.ts'
import { type Catalog, createCatalog } from './catalog.ts'
import {
  createDemoContent,
  type DemoContentOptions,
  logTailUri,
} from './content/createDemoContent.ts'
import { forwardLiveEvents } from './forwardLiveEvents.ts'
import { createLiveData, type LiveData, type LiveDataOptions } from './liveData.ts'
import type { GateState } from './productionGate.ts'

/** Options of {@link createDemoServer}. */
export interface DemoServerOptions extends DemoContentOptions, LiveDataOptions {
  /** Resources per `resources/list` page. @default 100 */
  pageSize?: number
  /** Name and version in `serverInfo`. @default { name: 'resource-kit-demo', version: '0.0.0' } */
  serverInfo?: { name: string; version: string }
}

/** A demo world plus factories of MCP server instances over it. */
export interface DemoServer {
  readonly catalog: Catalog
  readonly live: LiveData
  readonly pageSize: number
  /**
   * Makes one instance per connection (stdio, in-memory, a legacy HTTP session); it pushes
   * `updated` and `list_changed` itself. Pass it to `serveStdio`.
   */
  readonly connectionFactory: McpServerFactory
  /**
   * Makes one instance per HTTP request (`createMcpHandler`); it pushes nothing, the
   * handler's `notify` does (see createDemoFetchHandler.ts).
   */
  readonly requestFactory: McpServerFactory
  /** Stops the live-data timers. */
  close(): void
}

/** Builds the demo world (content + live data) once and hands out server factories over it. */
export function createDemoServer(options: DemoServerOptions = {}): DemoServer {
  const pageSize = options.pageSize ?? 100
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 10_000) {
    throw new RangeError(`pageSize must be an integer from 1 to 10000, got ${pageSize}`)
  }
  const content = createDemoContent(options)
  const { liveFile, liveFolder } = content.workspace
  const live = createLiveData(
    { logUri: logTailUri, fileUri: liveFile.uri, folderUri: liveFolder.uri },
    options,
  )
  const catalog = createCatalog(content, live)
  const key = new Uint8Array(32)
  crypto.getRandomValues(key)
  const shared: ServerShared = {
    catalog,
    codec: createRequestStateCodec<GateState>({ key, ttlSeconds: 600 }),
    pageSize,
    logIntervalMs: options.logIntervalMs ?? 2000,
    serverInfo: options.serverInfo ?? { name: 'resource-kit-demo', version: '0.0.0' },
  }
  return {
    catalog,
    live,
    pageSize,
    connectionFactory: ({ era }) => {
      const mcp = buildMcpServer(shared, era)
      forwardLiveEvents(mcp, catalog, era)
      return mcp
    },
    requestFactory: ({ era }) => buildMcpServer(shared, era),
    close: () => live.close(),
  }
}
