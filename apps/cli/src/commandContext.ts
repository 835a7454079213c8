// What every command gets: the connected client and server id, its arguments, where to
// print, and the run's AbortSignal (timeout, Ctrl-C).
import type { ResourceClient } from '@resource-kit/client'
import type { CliOptions } from './args.ts'
import type { Output } from './output.ts'

export interface CommandContext {
  client: ResourceClient
  serverId: string
  /** Every server of this run: `serverId` alone, except for `search` over a config's servers. */
  serverIds: string[]
  /** Positionals after the command name. */
  positionals: string[]
  options: CliOptions
  out: Output
  signal: AbortSignal
  /** Injected clock (progress bar, watch timestamps). */
  now: () => number
}

/** A command resolves with its exit code, or throws (bin.ts classifies the error). */
export type Command = (context: CommandContext) => Promise<number>

/** The page limit of `--all` and `tree` when no --max-pages is given: a server that never ends its list still stops. */
export const defaultMaxPages = 1000
