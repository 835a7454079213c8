// A tiny 2026-07-28 server written at the JSON-RPC level, for what the SDK server never
// sends: results without `resultType`, `ttlMs` or `cacheScope` (the spec's own example
// omits them, and says to read them as complete / 0 / private), or with odd values.
import { InMemoryTransport } from '@modelcontextprotocol/server'

export interface RawModernServerOptions {
  /** The result of each method, exactly as it goes on the wire (no fields added). */
  results: Record<string, (params: Record<string, unknown>) => Record<string, unknown>>
  capabilities?: Record<string, unknown>
}

/** Returns the client-side transport of an in-memory connection to the raw server. */
export function createRawModernServer(options: RawModernServerOptions): InMemoryTransport {
  const [clientEnd, serverEnd] = InMemoryTransport.createLinkedPair()
  serverEnd.onmessage = (message) => {
    if (!('method' in message) || !('id' in message)) return
    const params = (message.params ?? {}) as Record<string, unknown>
    const reply = (body: object) =>
      serverEnd.send({ jsonrpc: '2.0', id: message.id, ...body } as never)
    if (message.method === 'server/discover') {
      void reply({
        result: {
          resultType: 'complete',
          supportedVersions: ['2026-07-28'],
          capabilities: options.capabilities ?? { resources: {} },
          ttlMs: 0,
          cacheScope: 'private',
          _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'raw', version: '1.0.0' } },
        },
      })
      return
    }
    const handler = options.results[message.method]
    void reply(
      handler
        ? { result: handler(params) }
        : { error: { code: -32601, message: `Method not found: ${message.method}` } },
    )
  }
  void serverEnd.start()
  return clientEnd
}
