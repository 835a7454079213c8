import {
  McpServer,
  type RequestStateCodec,
  ResourceNotFoundError,
  ResourceTemplate,
} from '@modelcontextprotocol/server'
import { listCacheHint, staticCacheHint } from './cachePolicy.ts'
import type { Catalog } from './catalog.ts'
import {
  completeProject,
  completeSchema,
  completeTable,
  completeTicketId,
  completeWorkspacePath,
} from './completion.ts'
import { confirmedSchema } from './content/database.ts'
import { workspaceRoot } from './content/generateWorkspace.ts'
import { decodeCursor, encodeCursor } from './cursor.ts'
import { type GateState, productionGate } from './productionGate.ts'
import { readContents } from './readContents.ts'

/** What every server instance shares: the content, the live state and the signing key. */
export interface ServerShared {
  readonly catalog: Catalog
  readonly codec: RequestStateCodec<GateState>
  readonly pageSize: number
  readonly logIntervalMs: number
  readonly serverInfo: { name: string; version: string }
}

/** One McpServer instance over the shared content, for the given era. */
export function buildMcpServer(shared: ServerShared, era: 'legacy' | 'modern'): McpServer {
  const { catalog, codec, pageSize, logIntervalMs } = shared
  const mcp = new McpServer(shared.serverInfo, {
    capabilities: { resources: { subscribe: true, listChanged: true }, completions: {} },
    instructions:
      'A generated project workspace (file:///workspace/...), a database (db://schema/table), tickets (ticket://project/id) and a live log (log://app/tail).',
    cacheHints: {
      'resources/list': listCacheHint,
      'resources/templates/list': staticCacheHint,
      'server/discover': staticCacheHint,
    },
    requestState: { verify: codec.verify },
  })

  const read = async (uri: string, ctx: Parameters<typeof productionGate>[1]) => {
    const entry = catalog.lookup(uri)
    if (entry === undefined) throw new ResourceNotFoundError(uri)
    if (entry.kind === 'table' && entry.table.schema === confirmedSchema) {
      const gate = await productionGate(entry.table, ctx, codec)
      if (gate !== undefined) return gate
    }
    const result = readContents(catalog, entry, logIntervalMs)
    if (era === 'modern') return result
    // 2025-11-25 has no cache hints; a client must not start caching because of stray fields.
    const { ttlMs: _ttl, cacheScope: _scope, ...legacy } = result
    return legacy
  }

  // The templates are registered for `resources/templates/list` and completion; reads go
  // through the one `resources/read` handler below, a map lookup instead of regex matching.
  mcp.registerResource(
    'workspace-file',
    new ResourceTemplate(`${workspaceRoot}{+path}`, {
      list: undefined,
      complete: { path: (value) => completeWorkspacePath(catalog, value) },
    }),
    {
      title: 'Workspace file or folder',
      description: 'Folders end with a slash and read as their children',
    },
    (uri, _variables, ctx) => read(uri.href, ctx),
  )
  mcp.registerResource(
    'database-table',
    new ResourceTemplate('db://{schema}/{table}', {
      list: undefined,
      complete: {
        schema: (value) => completeSchema(catalog, value),
        table: (value, context) => completeTable(catalog, value, context),
      },
    }),
    {
      title: 'Database table',
      description: `Columns as JSON; tables in "${confirmedSchema}" ask for confirmation`,
      mimeType: 'application/json',
    },
    (uri, _variables, ctx) => read(uri.href, ctx),
  )
  mcp.registerResource(
    'ticket',
    new ResourceTemplate('ticket://{project}/{id}', {
      list: undefined,
      complete: {
        project: (value) => completeProject(catalog, value),
        id: (value, context) => completeTicketId(catalog, value, context),
      },
    }),
    {
      title: 'Ticket',
      description: 'A ticket as Markdown (private to the reader)',
      mimeType: 'text/markdown',
    },
    (uri, _variables, ctx) => read(uri.href, ctx),
  )

  // McpServer returns every resource at once and ignores the cursor: serve pages instead.
  mcp.server.setRequestHandler('resources/list', (request) => {
    const cursor = request.params?.cursor
    const after = cursor === undefined ? undefined : decodeCursor(cursor)
    const { resources, hasMore } = catalog.page(after, pageSize)
    const last = resources.at(-1)
    return { resources, ...(hasMore && last && { nextCursor: encodeCursor(last.uri) }) }
  })
  mcp.server.setRequestHandler('resources/read', (request, ctx) => read(request.params.uri, ctx))
  return mcp
}
