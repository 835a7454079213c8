// A server's resource list walked with bare `fetch` calls, no SDK: the floor any client
// pays for a walk of sequential cursors, run both in the peer page and in Node (run.ts).
import { DEFAULT_MAX_PAGES } from '@resource-kit/client'

/**
 * One server's list walked with bare `fetch`: the 2026-07-28 request the client sends (its
 * headers and `_meta` envelope, see mcp-2026-07-28-resources.md), each reply parsed, its
 * cursor followed. No validation, no cache: what any client pays at least.
 */
export async function walkWire(url: string): Promise<number> {
  const meta = {
    'io.modelcontextprotocol/protocolVersion': '2026-07-28',
    'io.modelcontextprotocol/clientInfo': { name: 'bench-wire', version: '0' },
    'io.modelcontextprotocol/clientCapabilities': {},
  }
  let walked = 0
  let cursor: string | undefined
  for (let id = 1; ; id++) {
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        accept: 'application/json, text/event-stream',
        'content-type': 'application/json',
        'mcp-method': 'resources/list',
        'mcp-protocol-version': '2026-07-28',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id,
        method: 'resources/list',
        params: { ...(cursor && { cursor }), _meta: meta },
      }),
    })
    const reply = (await response.json()) as {
      result?: { resources: unknown[]; nextCursor?: string }
    }
    if (!reply.result) throw new Error(`resources/list failed: ${JSON.stringify(reply)}`)
    walked += reply.result.resources.length
    cursor = reply.result.nextCursor
    // The client's page cap, where the client peer stops too.
    if (cursor === undefined || id >= DEFAULT_MAX_PAGES) return walked
  }
}

/** Every server walked at once, as the picker walks them: the resources walked in all. */
export async function walkAllWire(urls: readonly string[]): Promise<number> {
  const walked = await Promise.all(urls.map((url) => walkWire(url)))
  return walked.reduce((sum, n) => sum + n, 0)
}
