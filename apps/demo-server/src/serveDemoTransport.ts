import type { Transport } from '@modelcontextprotocol/server'
import { serveStdio } from '@modelcontextprotocol/server/stdio'
import type { DemoServer } from './createDemoServer.ts'

/** A demo connection served over a transport. */
export interface DemoConnection {
  /** Ends listen streams with their graceful result and closes the transport. */
  close(): Promise<void>
}

/**
 * Serves one connection of the demo over any stdio-shaped transport, both eras, with
 * `subscriptions/listen`: the server side of `InMemoryTransport.createLinkedPair()` for
 * in-process tests, or a socket. The SDK's stdio entry takes a transport, so this stays
 * browser-safe (its `process` import resolves to a stub there).
 */
export function serveDemoTransport(demo: DemoServer, transport: Transport): DemoConnection {
  return serveStdio(demo.connectionFactory, { transport })
}
