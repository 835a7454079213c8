// Absolute paths and commands for spawning the stdio fixtures from any test.
import { fileURLToPath } from 'node:url'
import { compiledScript } from './compiledScripts.ts'

/** `node` with the flags that run TypeScript sources of this workspace. */
export const TS_NODE_ARGS = ['--conditions=@resource-kit/source', '--import', 'tsx']

export const FIXTURE_STDIO_SCRIPT = fileURLToPath(new URL('./fixtureStdio.ts', import.meta.url))
export const LEGACY_STDIO_SCRIPT = fileURLToPath(new URL('./legacyStdio.ts', import.meta.url))
/** The published 2025-era reference server (devDependency). */
export const EVERYTHING_SERVER_SCRIPT = fileURLToPath(
  import.meta.resolve('@modelcontextprotocol/server-everything/dist/index.js'),
)

/** A tiny raw 2025 server over stdio in plain JavaScript (rawStdioServer.mjs). */
export const RAW_STDIO_SCRIPT = fileURLToPath(new URL('./rawStdioServer.mjs', import.meta.url))

/** The server that never answers, offers tools only, or prints garbage on stdout. */
export type RawStdioMode = 'hang' | 'tools-only' | 'garbage'

interface StdioCommand {
  command: string
  args: string[]
  env: Record<string, string>
}

export interface StdioCommandOptions {
  /**
   * Run the fixture transpiled to JavaScript on plain `node` (compiledScripts.ts), which
   * starts it several times faster than tsx. Otherwise it runs from its TypeScript source
   * through tsx, and shows as `fixtureStdio.ts` / `legacyStdio.ts` in a process list.
   */
  compiled?: boolean
}

/** Command and args that start the v2 fixture over stdio with these options. */
export function fixtureStdioCommand(
  options: object = {},
  how: StdioCommandOptions = {},
): StdioCommand {
  return {
    command: process.execPath,
    args: how.compiled ? [compiledScript('fixtureStdio')] : [...TS_NODE_ARGS, FIXTURE_STDIO_SCRIPT],
    env: { RK_FIXTURE: JSON.stringify(options) },
  }
}

/** Command and args that start the sdk 1.x fixture over stdio with these options. */
export function legacyStdioCommand(
  options: object = {},
  how: StdioCommandOptions = {},
): StdioCommand {
  return {
    command: process.execPath,
    args: how.compiled ? [compiledScript('legacyStdio')] : [...TS_NODE_ARGS, LEGACY_STDIO_SCRIPT],
    env: { RK_FIXTURE: JSON.stringify(options) },
  }
}

/** Command and args that start the raw stdio server in `mode`. */
export function rawStdioCommand(mode: RawStdioMode): { command: string; args: string[] } {
  return { command: process.execPath, args: [RAW_STDIO_SCRIPT, mode] }
}
