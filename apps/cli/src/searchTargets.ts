// The servers `search` runs over: every server of `--config FILE` (unless `--server` picks
// one), or the one server given by `--url` / `-- COMMAND`. -H and -e apply to the servers
// of their kind.
import type { CliOptions } from './args.ts'
import { UsageError } from './cliError.ts'
import { loadConfig } from './config.ts'
import { parsePairs } from './keyValue.ts'
import { parseHeaders, resolveServerTarget, type ServerTarget } from './serverSource.ts'

export async function resolveSearchTargets(
  options: CliOptions,
  stdioCommand: readonly string[] | undefined,
  env: Record<string, string | undefined>,
): Promise<ServerTarget[]> {
  const everyConfigured =
    options.config !== undefined &&
    options.server === undefined &&
    options.url === undefined &&
    stdioCommand === undefined
  if (!everyConfigured) return [await resolveServerTarget(options, stdioCommand, env)]
  const servers = await loadConfig(options.config as string, env)
  if (servers.size === 0) throw new UsageError(`config ${options.config}: it names no servers`)
  const headers = parseHeaders(options.header)
  const extraEnv = parsePairs(options.env, '--env')
  return [...servers].map(([id, config]) => {
    if (config.kind === 'http')
      return {
        id,
        config: headers ? { ...config, headers: { ...config.headers, ...headers } } : config,
      }
    return { id, config: extraEnv ? { ...config, env: { ...config.env, ...extraEnv } } : config }
  })
}
