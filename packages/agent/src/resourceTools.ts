// createResourceTools: the tools a model calls to find and read MCP resources through one
// ResourceClient — list servers, list resources (paged), search, read (within a budget),
// and fill a resource template with the server's completion. Every tool resolves; a
// failure is a result the model can act on (toolError.ts).
import type { ResourceClient, ServerSnapshot } from '@resource-kit/client'
import { type Budget, measureOf } from './budget.ts'
import { budgetedRead } from './budgetedRead.ts'
import { DEFAULT_TIMEOUT_MS, withDeadline } from './deadline.ts'
import { decodePageCursor, toolPage } from './pageCursor.ts'
import { searchServers } from './searchServers.ts'
import { createTemplateTools } from './templateTools.ts'
import { failure, type ToolNames, toolFailure, toToolError } from './toolError.ts'
import {
  asInput,
  InvalidInput,
  optionalCount,
  optionalString,
  requiredString,
} from './toolInput.ts'
import { describeResource, describeTemplate, readResult, type ToolKit } from './toolKit.ts'
import type { ToolDefinition } from './types.ts'

export interface ResourceToolsOptions {
  /** Servers the tools may use. @default every server of the client, at call time */
  servers?: readonly string[]
  /** How much one read may put in front of the model. @default { tokens: 8000 } */
  readBudget?: Budget
  /** Reads larger than this fail with `too_large` instead of being cut. @default 10 MB */
  maxReadBytes?: number
  /** Estimated tokens of a text (bring the model's tokenizer). @default UTF-8 bytes / 4 */
  estimateTokens?: (text: string) => number
  /** Resources per `list_resources` call. @default 50 */
  pageSize?: number
  /** Search hits per call, and how far each server's list is walked for a search. */
  search?: { limit?: number; maxPages?: number; maxItems?: number }
  /** Tool names, to fit a host's conventions. */
  names?: Partial<ToolNames>
  /**
   * Deadline of each call (a call's own `timeoutMs` overrides it): past it, the call
   * resolves with `timed_out`, and a search keeps the servers that answered. 0: none.
   * @default 15000
   */
  timeoutMs?: number
  /** Injected clock. @default Date.now */
  now?: () => number
}

/** The tools, by role; each carries its `name`. (A type, not an interface: it is a record of tools.) */
export type ResourceTools = {
  listServers: ToolDefinition
  listResources: ToolDefinition
  search: ToolDefinition
  read: ToolDefinition
  complete: ToolDefinition
  fillTemplate: ToolDefinition
}

export const defaultToolNames: ToolNames = {
  listServers: 'list_servers',
  listResources: 'list_resources',
  search: 'search_resources',
  read: 'read_resource',
  complete: 'complete_resource_template',
  fillTemplate: 'fill_resource_template',
}

const serverProperty = {
  type: 'string',
  description: 'Server id (from list_servers). May be left out when there is only one server.',
}

export function createResourceTools(
  client: ResourceClient,
  options: ResourceToolsOptions = {},
): ResourceTools {
  const names = { ...defaultToolNames, ...options.names }
  const now = options.now ?? Date.now
  const measure = measureOf(options.readBudget, { tokens: 8000 }, options.estimateTokens)
  const maxReadBytes = options.maxReadBytes ?? 10 * 1024 * 1024
  const pageSize = Math.max(1, Math.floor(options.pageSize ?? 50))
  const allowed = () => options.servers ?? client.getServers().map((server) => server.id)

  const kit: ToolKit = {
    client,
    names,
    now,
    pickServer(input) {
      const servers = allowed()
      const given = optionalString(input, 'server')
      if (given !== undefined) {
        if (!servers.includes(given))
          throw new InvalidInput(`no server "${given}" (servers: ${servers.join(', ') || 'none'})`)
        return given
      }
      if (servers.length === 1) return servers[0]!
      throw new InvalidInput(`say which server: "server" is one of ${servers.join(', ') || 'none'}`)
    },
    read: (server, uri, start, signal, extra) =>
      budgetedRead(client, server, uri, {
        measure,
        // The budget holds for the JSON result the model gets, escapes included.
        textCost: (text) => measure.cost(JSON.stringify(text)),
        outputCost: (candidate) => measure.cost(JSON.stringify(readResult(candidate, extra))),
        start,
        maxBytes: maxReadBytes,
        now,
        ...(signal && { signal }),
        hint: (next) =>
          `For the next part call ${names.read} with uri, server, item ${next.item} and offset ${next.offset}.`,
      }),
    async run(scope, body) {
      try {
        return await body()
      } catch (error) {
        if (error instanceof InvalidInput)
          return failure('invalid_input', error.message, 'Fix the input and call again.', scope)
        return toolFailure(error, { ...scope, tools: names })
      }
    },
  }

  const listServers: ToolDefinition = {
    name: names.listServers,
    description:
      'List the MCP servers whose resources you can read: id, status, protocol, and what each offers.',
    inputSchema: { type: 'object', properties: {}, additionalProperties: false },
    execute: () =>
      kit.run({}, async () => {
        const servers = allowed().map((id) => describeServer(client.getServer(id), id))
        return { ok: true, servers }
      }),
  }

  const listResources: ToolDefinition = {
    name: names.listResources,
    description: `List one page of a server's resources (URI, name, type, size, last modified), or of its resource templates. When the result has "nextCursor", there are more: pass it back as "cursor" (with the same "templates") for the next page. To find something specific, ${names.search} is faster.`,
    inputSchema: {
      type: 'object',
      properties: {
        server: serverProperty,
        cursor: { type: 'string', description: 'The nextCursor of the previous page, as given.' },
        templates: {
          type: 'boolean',
          description: `List resource templates instead (URIs with variables, filled with ${names.fillTemplate}).`,
        },
      },
      additionalProperties: false,
    },
    execute: (raw, call) =>
      kit.run({}, async () => {
        const input = asInput(raw)
        const server = kit.pickServer(input)
        const cursorText = optionalString(input, 'cursor')
        const position = cursorText === undefined ? { skip: 0 } : decodePageCursor(cursorText)
        if (!position)
          throw new InvalidInput(
            '"cursor" is not a cursor this tool gave; leave it out to start again',
          )
        const templates = input.templates === true || input.templates === 'true'
        return kit.run({ server }, async () => {
          const at = {
            ...(position.cursor !== undefined && { cursor: position.cursor }),
            ...(call?.signal && { signal: call.signal }),
          }
          if (templates) {
            const page = await client.listTemplates(server, at)
            const { shown, nextCursor } = toolPage(page, position, pageSize)
            return {
              ok: true,
              server,
              templates: shown.map(describeTemplate),
              ...(nextCursor !== undefined && { nextCursor }),
            }
          }
          const page = await client.listResources(server, at)
          const { shown, nextCursor } = toolPage(page, position, pageSize)
          return {
            ok: true,
            server,
            resources: shown.map(describeResource),
            ...(nextCursor !== undefined && { nextCursor }),
          }
        })
      }),
  }

  const search: ToolDefinition = {
    name: names.search,
    description: `Search every server's resources and resource templates by name, title, URI and description (words in any order; typos and abbreviations are fine). Returns the best matches with server, URI (or uriTemplate and variables, to fill with ${names.fillTemplate}) and why each matched; read one with ${names.read}.`,
    inputSchema: {
      type: 'object',
      properties: {
        query: {
          type: 'string',
          description: 'Words to look for, e.g. "button component" or "users table".',
        },
        server: { type: 'string', description: 'Search only this server (default: all).' },
        limit: {
          type: 'integer',
          minimum: 1,
          maximum: 50,
          description: 'Most results (default 10).',
        },
      },
      required: ['query'],
      additionalProperties: false,
    },
    execute: (raw, call) =>
      kit.run({}, async () => {
        const input = asInput(raw)
        const query = requiredString(input, 'query')
        const only = optionalString(input, 'server')
        const servers = only === undefined ? allowed() : [kit.pickServer(input)]
        const limit = Math.min(
          50,
          Math.max(1, optionalCount(input, 'limit') ?? options.search?.limit ?? 10),
        )
        const result = await searchServers(client, query, {
          servers,
          limit,
          ...(call?.timeoutMs !== undefined && { timeoutMs: call.timeoutMs }),
          ...(options.search?.maxPages !== undefined && { maxPages: options.search.maxPages }),
          ...(options.search?.maxItems !== undefined && { maxItems: options.search.maxItems }),
          ...(call?.signal && { signal: call.signal }),
        })
        const incomplete = result.servers.filter((report) => !report.complete)
        const skipped = result.servers.filter((report) => report.skipped)
        return {
          ok: true,
          query,
          results: result.hits.map((hit) => ({
            server: hit.server,
            ...(hit.kind === 'resource'
              ? describeResource(hit.resource)
              : { template: true, ...describeTemplate(hit.template) }),
            matched: hit.matched.map((field) => `${field.field}: ${field.snippet}`),
          })),
          ...(skipped.length > 0 && {
            skipped: skipped.map((report) => ({
              server: report.server,
              reason: 'offers no resources (tools only)',
            })),
          }),
          ...(incomplete.length > 0 && {
            notSearched: incomplete.map((report) => ({
              server: report.server,
              searched: report.resources,
              ...(report.error
                ? { error: toToolError(report.error, { server: report.server, tools: names }) }
                : {
                    reason: `stopped after ${report.resources} resources (${report.stoppedBy}); use ${names.listResources} to page further`,
                  }),
            })),
          }),
        }
      }),
  }

  const read: ToolDefinition = {
    name: names.read,
    description: `Read a resource by URI. Text longer than the budget is cut with a marker; call again with the "item" and "offset" it gives for the next part. Binary content is described (type, size, image dimensions), not shown. The result says where it came from and whether it is fresh.`,
    inputSchema: {
      type: 'object',
      properties: {
        uri: { type: 'string', description: 'The resource URI, exactly as listed.' },
        server: serverProperty,
        item: {
          type: 'integer',
          minimum: 0,
          description: 'Content item to resume from (from a cut read).',
        },
        offset: {
          type: 'integer',
          minimum: 0,
          description: 'Character offset to resume from (from a cut read).',
        },
      },
      required: ['uri'],
      additionalProperties: false,
    },
    execute: (raw, call) =>
      kit.run({}, async () => {
        const input = asInput(raw)
        const uri = requiredString(input, 'uri')
        const server = kit.pickServer(input)
        const start = {
          item: optionalCount(input, 'item') ?? 0,
          offset: optionalCount(input, 'offset') ?? 0,
        }
        return kit.run({ server, uri }, async () =>
          readResult(await kit.read(server, uri, start, call?.signal)),
        )
      }),
  }

  const templates = createTemplateTools(kit, serverProperty)
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS
  const timed = (tool: ToolDefinition, ownDeadline = false) =>
    withDeadline(tool, timeoutMs, names, ownDeadline)
  return {
    listServers: timed(listServers),
    listResources: timed(listResources),
    search: timed(search, true),
    read: timed(read),
    complete: timed(templates.complete),
    fillTemplate: timed(templates.fillTemplate),
  }
}

function describeServer(snapshot: ServerSnapshot | undefined, id: string): Record<string, unknown> {
  if (!snapshot) return { id, status: 'unknown' }
  const info = snapshot.serverInfo
  return {
    id,
    status: snapshot.status,
    ...(info && { name: info.title ?? info.name }),
    ...(snapshot.protocolVersion && { protocolVersion: snapshot.protocolVersion }),
    ...(snapshot.capabilities && {
      offers: {
        resources: snapshot.capabilities.resources !== undefined,
        subscriptions: snapshot.capabilities.resources?.subscribe === true,
        completion: snapshot.capabilities.completions !== undefined,
      },
    }),
    ...(snapshot.instructions && { instructions: snapshot.instructions.slice(0, 500) }),
    ...(snapshot.error && { error: snapshot.error.message }),
  }
}
