import { type McpServer, ResourceNotFoundError } from '@modelcontextprotocol/server'
import type { Catalog } from './catalog.ts'

/**
 * Wires a connection-scoped instance (stdio, in-memory, a legacy HTTP session) to the live
 * data. Modern era: every change is sent and the serving entry's listen router passes on
 * only what each `subscriptions/listen` stream asked for. Legacy era: `resources/subscribe`
 * / `unsubscribe` keep this connection's URIs, `updated` goes only to those, and
 * `list_changed` goes unsolicited, as 2025-11-25 has it.
 */
export function forwardLiveEvents(
  mcp: McpServer,
  catalog: Catalog,
  era: 'legacy' | 'modern',
): void {
  const subscribed = new Set<string>()
  if (era === 'legacy') {
    const known = (uri: string) =>
      catalog.lookup(uri) !== undefined || uri === catalog.content.workspace.liveFile.uri
    mcp.server.setRequestHandler('resources/subscribe', (request) => {
      if (!known(request.params.uri)) throw new ResourceNotFoundError(request.params.uri)
      subscribed.add(request.params.uri)
      return {}
    })
    mcp.server.setRequestHandler('resources/unsubscribe', (request) => {
      subscribed.delete(request.params.uri)
      return {}
    })
  }
  const unsubscribe = catalog.live.subscribe((event) => {
    if (!mcp.isConnected()) return
    const sent =
      event.kind === 'resources_list_changed'
        ? mcp.server.sendResourceListChanged()
        : era === 'modern' || subscribed.has(event.uri)
          ? mcp.server.sendResourceUpdated({ uri: event.uri })
          : undefined
    // A connection that is going away just misses the event.
    sent?.catch(() => {})
  })
  const previous = mcp.server.onclose
  mcp.server.onclose = () => {
    unsubscribe()
    previous?.()
  }
}
