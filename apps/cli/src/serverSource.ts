// Which server to talk to, from the command line: exactly one of `--url URL`,
// `--config FILE [--server NAME]`, or a stdio command after `--`. The result is a plain
// description; bin.ts turns it into a client ServerSource.
import { basename } from 'node:path'
import type { CliOptions } from './args.ts'
import { UsageError } from './cliError.ts'
import { type ConfigEntry, loadConfig, type ServerConfig } from './config.ts'
import { parsePairs } from './keyValue.ts'

export interface ServerTarget {
  /** The server id given to the client, and the name used in every message. */
  id: string
  config: ServerConfig
}

/** Picks the server from the options and the stdio command; a UsageError says what is missing or conflicting. */
export async function resolveServerTarget(
  options: CliOptions,
  stdioCommand: readonly string[] | undefined,
  env: Record<string, string | undefined>,
): Promise<ServerTarget> {
  const given = [
    options.url !== undefined && '--url',
    options.config !== undefined && '--config',
    stdioCommand !== undefined && '-- COMMAND',
  ].filter(Boolean)
  if (given.length === 0) {
    throw new UsageError(
      'no server given: use --url URL, --config FILE --server NAME, or -- COMMAND [ARGS…] for stdio',
    )
  }
  if (given.length > 1) throw new UsageError(`give only one server, not ${given.join(' and ')}`)
  if (options.server !== undefined && options.config === undefined) {
    throw new UsageError('--server NAME picks a server from a config file: add --config FILE')
  }
  const headers = parseHeaders(options.header)
  const extraEnv = parsePairs(options.env, '--env')
  if (options.url === undefined && options.header.length > 0 && options.config === undefined) {
    throw new UsageError('--header applies to HTTP servers (--url)')
  }
  if (options.url !== undefined && options.env.length > 0) {
    throw new UsageError(
      '--env applies to stdio servers (-- COMMAND or a config entry with "command")',
    )
  }

  if (options.url !== undefined) {
    const url = parseHttpUrl(options.url)
    return {
      id: url.host,
      config: { kind: 'http', url: url.href, ...(headers && { headers }) },
    }
  }
  if (stdioCommand !== undefined) {
    const [command, ...args] = stdioCommand as [string, ...string[]]
    return {
      id: stdioName(command, args),
      config: { kind: 'stdio', command, args, ...(extraEnv && { env: extraEnv }) },
    }
  }
  const servers = await loadConfig(options.config as string, env)
  const name = options.server ?? onlyServer(servers, options.config as string)
  const config = servers.get(name)
  if (!config) {
    const known = [...servers.keys()].join(', ') || 'none'
    throw new UsageError(`config ${options.config}: no server named "${name}" (servers: ${known})`)
  }
  if (config.kind === 'broken') throw config.error
  if (config.kind === 'http') {
    if (extraEnv)
      throw new UsageError(`--env applies to stdio servers; "${name}" is an HTTP server`)
    return {
      id: name,
      config: headers ? { ...config, headers: { ...config.headers, ...headers } } : config,
    }
  }
  if (headers) throw new UsageError(`--header applies to HTTP servers; "${name}" is a stdio server`)
  return {
    id: name,
    config: extraEnv ? { ...config, env: { ...config.env, ...extraEnv } } : config,
  }
}

function onlyServer(servers: Map<string, ConfigEntry>, file: string): string {
  const names = [...servers.keys()]
  if (names.length === 1) return names[0] as string
  throw new UsageError(
    names.length === 0
      ? `config ${file}: it names no servers`
      : `config ${file} names ${names.length} servers: pick one with --server NAME (${names.join(', ')})`,
  )
}

function parseHttpUrl(raw: string): URL {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw new UsageError(`--url: not a URL: "${raw}"`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UsageError(
      `--url must be http:// or https:// (Streamable HTTP), got "${url.protocol}"`,
    )
  }
  return url
}

const headerName = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/

/** `-H "Name: value"` (repeatable) as a header record. */
export function parseHeaders(raw: readonly string[]): Record<string, string> | undefined {
  if (raw.length === 0) return undefined
  const headers: [string, string][] = []
  for (const item of raw) {
    const colon = item.indexOf(':')
    const name = colon === -1 ? '' : item.slice(0, colon).trim()
    if (!headerName.test(name))
      throw new UsageError(`--header must look like "Name: value", got "${item}"`)
    headers.push([name, item.slice(colon + 1).trim()])
  }
  return Object.fromEntries(headers)
}

const scriptLike = /\.(?:[cm]?[jt]s|py|rb|sh)$|\//

/** A readable id for a stdio server: the script it runs (`node server.js` → `server.js`), else the command. */
export function stdioName(command: string, args: readonly string[]): string {
  const script = args.find((arg) => !arg.startsWith('-') && scriptLike.test(arg))
  return basename(script ?? command) || command
}
