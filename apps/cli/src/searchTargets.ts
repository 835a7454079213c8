// The servers `search` runs over: every server of `--config FILE` (unless `--server` picks
// one), or the one server given by `--url` / `-- COMMAND`. -H and -e apply to the servers
// of their kind. A broken config entry is a server of its own that fails (`broken`), so the
// others are still searched.
import type { CliOptions } from './args.ts'
import { UsageError } from './cliError.ts'
import { loadConfig, type ServerConfig } from './config.ts'
import { parsePairs } from './keyValue.ts'
import { parseHeaders, resolveServerTarget, type ServerTarget } from './serverSource.ts'

export async function resolveSearchTargets(
  options: CliOptions,
  stdioCommand: readonly string[] | undefined,
  env: Record<string, string | undefined>,
): Promise<{ targets: ServerTarget[]; broken: { id: string; error: UsageError }[] }> {
  const everyConfigured =
    options.config !== undefined &&
    options.server === undefined &&
    options.url === undefined &&
    stdioCommand === undefined
  if (!everyConfigured)
    return { targets: [await resolveServerTarget(options, stdioCommand, env)], broken: [] }
  const servers = await loadConfig(options.config as string, env)
  if (servers.size === 0) throw new UsageError(`config ${options.config}: it names no servers`)
  const headers = parseHeaders(options.header)
  const extraEnv = parsePairs(options.env, '--env')
  const targets: ServerTarget[] = []
  const broken: { id: string; error: UsageError }[] = []
  for (const [id, config] of servers) {
    if (config.kind === 'broken') broken.push({ id, error: config.error })
    else targets.push(withExtras(id, config))
  }
  // Nothing usable: the first entry's problem is the answer.
  if (targets.length === 0 && broken[0]) throw broken[0].error
  return { targets, broken }

  function withExtras(id: string, config: ServerConfig): ServerTarget {
    if (config.kind === 'http')
      return {
        id,
        config: headers ? { ...config, headers: { ...config.headers, ...headers } } : config,
      }
    return { id, config: extraEnv ? { ...config, env: { ...config.env, ...extraEnv } } : config }
  }
}
