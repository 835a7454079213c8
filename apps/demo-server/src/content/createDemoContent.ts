import type { Resource } from '@modelcontextprotocol/server'
import { type Database, type DbTable, generateDatabase, minimumTables } from './database.ts'
import {
  fixedWorkspaceEntries,
  generateWorkspace,
  type Workspace,
  type WorkspaceEntry,
} from './generateWorkspace.ts'
import { generateTickets, type Ticket, type TicketBoard } from './tickets.ts'

/** Options of the generated content. */
export interface DemoContentOptions {
  /** Seed of every generator; the same seed gives the same content. @default 1 */
  seed?: number | string
  /** Number of listed resources (the live file comes on top, when present). @default 10000 */
  count?: number
}

/** The URI of the log that changes every few seconds. */
export const logTailUri = 'log://app/tail'

export type DemoEntry =
  | WorkspaceEntry
  | {
      readonly kind: 'table'
      readonly uri: string
      readonly table: DbTable
      readonly resource: Resource
    }
  | {
      readonly kind: 'ticket'
      readonly uri: string
      readonly ticket: Ticket
      readonly resource: Resource
    }
  | { readonly kind: 'log'; readonly uri: string; readonly resource: Resource }

export interface DemoContent {
  readonly seed: string
  /** Number of static resources. */
  readonly count: number
  /** Every static resource, sorted by URI (code-unit order). */
  readonly entries: readonly DemoEntry[]
  readonly workspace: Workspace
  readonly database: Database
  readonly tickets: TicketBoard
  /** A static resource by exact URI. */
  get(uri: string): DemoEntry | undefined
}

/** The smallest supported `count`. */
export const minimumCount = fixedWorkspaceEntries + minimumTables + 1
export const defaultCount = 10_000

/** Generates the whole demo world: workspace files, database tables, tickets and the log. */
export function createDemoContent(options: DemoContentOptions = {}): DemoContent {
  const seed = String(options.seed ?? 1)
  const count = options.count ?? defaultCount
  if (!Number.isInteger(count) || count < minimumCount || count > 1_000_000) {
    throw new RangeError(`count must be an integer from ${minimumCount} to 1000000, got ${count}`)
  }
  const tableCount = Math.max(minimumTables, Math.round(count * 0.04))
  const ticketCount = Math.min(
    Math.round(count * 0.12),
    count - tableCount - 1 - fixedWorkspaceEntries,
  )
  const workspace = generateWorkspace(seed, count - tableCount - ticketCount - 1)
  const database = generateDatabase(seed, tableCount)
  const tickets = generateTickets(seed, ticketCount)

  const tables: DemoEntry[] = []
  for (const list of database.tables.values()) {
    for (const table of list)
      tables.push({ kind: 'table', uri: table.resource.uri, table, resource: table.resource })
  }
  const ticketEntries: DemoEntry[] = []
  for (const list of tickets.tickets.values()) {
    for (const ticket of list)
      ticketEntries.push({
        kind: 'ticket',
        uri: ticket.resource.uri,
        ticket,
        resource: ticket.resource,
      })
  }
  const byUriOrder = (a: DemoEntry, b: DemoEntry) => compareUris(a.uri, b.uri)
  // Schemes sort db: < file: < log: < ticket:, and the workspace comes already sorted.
  const entries: DemoEntry[] = [
    ...tables.sort(byUriOrder),
    ...workspace.entries,
    {
      kind: 'log',
      uri: logTailUri,
      resource: {
        uri: logTailUri,
        name: 'tail',
        title: 'Application log (live)',
        description: 'The last lines of the application log; changes every few seconds',
        mimeType: 'text/plain',
        annotations: { priority: 0.5, audience: ['user', 'assistant'] },
      },
    },
    ...ticketEntries.sort(byUriOrder),
  ]
  const byUri = new Map(entries.map((entry) => [entry.uri, entry]))
  return { seed, count, entries, workspace, database, tickets, get: (uri) => byUri.get(uri) }
}

/** The order of every listing: plain code-unit order of the URIs. */
export function compareUris(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}
