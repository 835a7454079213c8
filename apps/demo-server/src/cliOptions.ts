import { parseArgs } from 'node:util'
import { defaultCorsOrigins } from './cors.ts'
import type { DemoServer, DemoServerOptions } from './createDemoServer.ts'
import { type DemoHttpServerOptions, defaultDemoPort } from './http.ts'

// The command line of main.ts: usage text, option parsing and the start-up summary.

export const usage = `Usage: npm run demo:server -- [options]

A demo MCP server over a generated workspace, database and tickets.
Speaks 2026-07-28 and 2025-11-25 (dual-era).

Options:
  --stdio                 serve on stdin/stdout instead of HTTP
  --auth                  require OAuth 2.1 sign-in (HTTP only): starts an authorization
                          server on another port, with accounts ada and grace
  --host <host>           HTTP interface (default 127.0.0.1)
  --port <port>           HTTP port, 0 for any free one (default ${defaultDemoPort})
  --cors-origin <origin>  browser origin allowed to call the server besides its own;
                          repeatable, '*' for any (default ${defaultCorsOrigins.join(', ')})
  --count <n>             number of resources (default 10000; 100000 works)
  --page-size <n>         resources per resources/list page (default 100)
  --seed <seed>           seed of the generated content (default 1)
  --log-interval <ms>     log://app/tail gets a line this often (default 2000)
  --file-interval <ms>    the live file appears/disappears this often (default 30000)
  -h, --help              show this help
`

const integer = (name: string, value: string | undefined, min: number): number | undefined => {
  if (value === undefined) return undefined
  const number = Number(value)
  if (!Number.isInteger(number) || number < min)
    throw new Error(`--${name} must be an integer ≥ ${min}, got ${value}`)
  return number
}

/** The command line as options of the HTTP server and of the demo world. */
export function parseOptions(args: readonly string[]): {
  help: boolean
  stdio: boolean
  auth: boolean
  http: Pick<DemoHttpServerOptions, 'host' | 'port' | 'corsOrigins'>
  demo: DemoServerOptions
} {
  const { values } = parseArgs({
    args: [...args],
    strict: true,
    allowPositionals: false,
    options: {
      stdio: { type: 'boolean' },
      auth: { type: 'boolean' },
      host: { type: 'string' },
      port: { type: 'string' },
      'cors-origin': { type: 'string', multiple: true },
      count: { type: 'string' },
      'page-size': { type: 'string' },
      seed: { type: 'string' },
      'log-interval': { type: 'string' },
      'file-interval': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  })
  const defined = <T extends object>(object: T): T =>
    Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined)) as T
  return {
    help: values.help === true,
    stdio: values.stdio === true,
    auth: values.auth === true,
    http: defined({
      host: values.host,
      port: integer('port', values.port, 0),
      corsOrigins: values['cors-origin'],
    }),
    demo: defined({
      count: integer('count', values.count, 1),
      pageSize: integer('page-size', values['page-size'], 1),
      seed: values.seed,
      logIntervalMs: integer('log-interval', values['log-interval'], 10),
      fileIntervalMs: integer('file-interval', values['file-interval'], 10),
    }),
  }
}

/** One line per fact: eras, counts, paging. */
export function describe(demo: DemoServer): string {
  const { content } = demo.catalog
  const files = content.entries.filter((entry) => entry.kind === 'file').length
  const folders = content.entries.filter((entry) => entry.kind === 'folder').length
  const tables = content.entries.filter((entry) => entry.kind === 'table').length
  const tickets = content.entries.filter((entry) => entry.kind === 'ticket').length
  return [
    'eras: 2026-07-28 (modern) and 2025-11-25 (legacy)',
    `resources: ${content.count} (${files} files, ${folders} folders, ${tables} tables, ${tickets} tickets, 1 log) + 1 live file`,
    `seed: ${content.seed}, page size: ${demo.pageSize}, templates: 3`,
  ].join('\n')
}
