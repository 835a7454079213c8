// Servers named in a JSON config file, in the shape MCP hosts use:
//   {"mcpServers": {"name": {"command", "args", "env", "cwd"} | {"url", "headers", "oauth"}}}
// (`servers` as in VS Code's mcp.json is read too). `${VAR}`, `${VAR:-default}` and
// `${env:VAR}` in strings are replaced from the environment; nothing is ever run through
// a shell, and an expanded value is not expanded again.
import { readFile } from 'node:fs/promises'
import { dirname, resolve } from 'node:path'
import { isPlainObject } from '@resource-kit/client'
import { UsageError } from './cliError.ts'

export interface StdioServerConfig {
  kind: 'stdio'
  command: string
  args: string[]
  env?: Record<string, string>
  cwd?: string
}

export interface HttpServerConfig {
  kind: 'http'
  url: string
  headers?: Record<string, string>
  /** How `login` identifies this app to the server's authorization server. */
  oauth?: OAuthClientConfig
}

/**
 * `"oauth": {"clientId", "clientSecret", "clientMetadataUrl"}`: a client registered with the
 * authorization server beforehand (its id, the secret of a confidential one, best given as
 * `${VAR}`), and/or an https URL of a Client ID Metadata Document. Without it the CLI
 * registers itself where the authorization server allows.
 */
export interface OAuthClientConfig {
  clientId?: string
  clientSecret?: string
  clientMetadataUrl?: string
}

export type ServerConfig = StdioServerConfig | HttpServerConfig

/** A config entry that cannot be used (say, it names an unset variable): only that server fails. */
export interface BrokenServerConfig {
  kind: 'broken'
  error: UsageError
}

export type ConfigEntry = ServerConfig | BrokenServerConfig

/**
 * Reads and validates a config file; every problem is a UsageError naming the file and the
 * field. A problem in one server's entry is kept as that entry (`kind: 'broken'`), so it
 * fails only when that server is used.
 */
export async function loadConfig(
  file: string,
  env: Record<string, string | undefined>,
): Promise<Map<string, ConfigEntry>> {
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch (error) {
    const reason =
      (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : String(error)
    throw new UsageError(`config ${file}: cannot read it (${reason})`)
  }
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (error) {
    throw new UsageError(`config ${file}: not valid JSON (${(error as Error).message})`)
  }
  return parseConfig(json, file, env)
}

/** Validates parsed JSON (already read from `file`, used in messages and to resolve a relative cwd). */
export function parseConfig(
  json: unknown,
  file: string,
  env: Record<string, string | undefined>,
): Map<string, ConfigEntry> {
  const fail = (message: string): never => {
    throw new UsageError(`config ${file}: ${message}`)
  }
  if (!isPlainObject(json)) fail('expected a JSON object with "mcpServers"')
  const root = json as Record<string, unknown>
  const key = 'mcpServers' in root ? 'mcpServers' : 'servers' in root ? 'servers' : undefined
  if (!key) return fail('expected a JSON object with "mcpServers"')
  const servers = root[key]
  if (!isPlainObject(servers)) return fail(`"${key}" must be an object of named servers`)
  const result = new Map<string, ConfigEntry>()
  for (const [name, entry] of Object.entries(servers)) {
    const at = `${key}.${name}`
    try {
      if (!isPlainObject(entry)) fail(`${at} must be an object`)
      const expand = (value: string, field: string) => expandEnv(value, env, `${at}.${field}`, fail)
      result.set(
        name,
        parseEntry(entry as Record<string, unknown>, at, dirname(resolve(file)), expand, fail),
      )
    } catch (error) {
      if (!(error instanceof UsageError)) throw error
      result.set(name, { kind: 'broken', error })
    }
  }
  return result
}

function parseEntry(
  entry: Record<string, unknown>,
  at: string,
  configDir: string,
  expand: (value: string, field: string) => string,
  fail: (message: string) => never,
): ServerConfig {
  const type = entry.type
  if (type !== undefined && typeof type !== 'string') fail(`${at}.type must be a string`)
  if (type === 'sse')
    fail(`${at}: the legacy SSE transport is not supported; use a Streamable HTTP url`)
  if (
    typeof entry.url === 'string' ||
    type === 'http' ||
    type === 'streamable-http' ||
    type === 'streamableHttp'
  ) {
    if (typeof entry.url !== 'string' || entry.url === '')
      fail(`${at}.url must be a non-empty string`)
    const url = expand(entry.url as string, 'url')
    if (!/^https?:\/\//i.test(url))
      fail(`${at}.url must be an http:// or https:// URL, got "${url}"`)
    const headers = stringRecord(entry.headers, `${at}.headers`, fail)
    const oauth = parseOAuth(entry.oauth, `${at}.oauth`, expand, fail)
    return {
      kind: 'http',
      url,
      ...(headers && {
        headers: mapValues(headers, (value, name) => expand(value, `headers.${name}`)),
      }),
      ...(oauth && { oauth }),
    }
  }
  if (type !== undefined && type !== 'stdio') fail(`${at}.type "${type}" is not one of stdio, http`)
  if (typeof entry.command !== 'string' || entry.command === '') {
    return fail(`${at} needs "command" (stdio) or "url" (Streamable HTTP)`)
  }
  if (entry.args !== undefined && !isStringArray(entry.args))
    fail(`${at}.args must be an array of strings`)
  const args = ((entry.args as string[] | undefined) ?? []).map((arg, i) =>
    expand(arg, `args[${i}]`),
  )
  const env = stringRecord(entry.env, `${at}.env`, fail)
  if (entry.cwd !== undefined && typeof entry.cwd !== 'string') fail(`${at}.cwd must be a string`)
  return {
    kind: 'stdio',
    command: expand(entry.command, 'command'),
    args,
    ...(env && { env: mapValues(env, (value, name) => expand(value, `env.${name}`)) }),
    ...(typeof entry.cwd === 'string' && { cwd: resolve(configDir, expand(entry.cwd, 'cwd')) }),
  }
}

function parseOAuth(
  value: unknown,
  at: string,
  expand: (value: string, field: string) => string,
  fail: (message: string) => never,
): OAuthClientConfig | undefined {
  if (value === undefined) return undefined
  const fields = stringRecord(value, at, fail) ?? {}
  const known = ['clientId', 'clientSecret', 'clientMetadataUrl']
  const unknown = Object.keys(fields).find((name) => !known.includes(name))
  if (unknown) fail(`${at}.${unknown} is not one of ${known.join(', ')}`)
  const oauth: OAuthClientConfig = mapValues(fields, (field, name) =>
    expand(field, `oauth.${name}`),
  )
  for (const [name, field] of Object.entries(oauth)) {
    if (field === '') fail(`${at}.${name} must not be empty`)
  }
  if (oauth.clientSecret !== undefined && oauth.clientId === undefined)
    fail(`${at}.clientSecret needs clientId`)
  if (
    oauth.clientMetadataUrl !== undefined &&
    !/^https:\/\/[^/]+\/./i.test(oauth.clientMetadataUrl)
  )
    fail(`${at}.clientMetadataUrl must be an https:// URL with a path`)
  return oauth
}

const reference = /\$\{(?:env:)?([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}/g

/** Replaces `${VAR}`, `${env:VAR}` and `${VAR:-default}` from `env`; a missing variable without a default is an error. */
export function expandEnv(
  value: string,
  env: Record<string, string | undefined>,
  field: string,
  fail: (message: string) => never,
): string {
  return value.replace(reference, (_match, name: string, fallback: string | undefined) => {
    const found = env[name]
    if (found !== undefined && found !== '') return found
    if (fallback !== undefined) return fallback
    return fail(`${field} uses \${${name}}, which is not set in the environment`)
  })
}

function stringRecord(
  value: unknown,
  at: string,
  fail: (message: string) => never,
): Record<string, string> | undefined {
  if (value === undefined) return undefined
  if (!isPlainObject(value) || !Object.values(value).every((v) => typeof v === 'string')) {
    return fail(`${at} must be an object of strings`)
  }
  return value as Record<string, string>
}

function mapValues(
  record: Record<string, string>,
  map: (value: string, key: string) => string,
): Record<string, string> {
  return Object.fromEntries(Object.entries(record).map(([key, value]) => [key, map(value, key)]))
}

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string')
}
