// Absolute paths and commands for spawning the stdio fixtures from any test.
import { fileURLToPath } from 'node:url'

/** `node` with the flags that run TypeScript sources of this workspace. */
export const TS_NODE_ARGS = ['--conditions=@resource-kit/source', '--import', 'tsx']

export const FIXTURE_STDIO_SCRIPT = fileURLToPath(new URL('./fixtureStdio.ts', import.meta.url))
export const LEGACY_STDIO_SCRIPT = fileURLToPath(new URL('./legacyStdio.ts', import.meta.url))
/** The published 2025-era reference server (devDependency). */
export const EVERYTHING_SERVER_SCRIPT = fileURLToPath(
  import.meta.resolve('@modelcontextprotocol/server-everything/dist/index.js'),
)

/** Command and args that start the v2 fixture over stdio with these options. */
export function fixtureStdioCommand(options: object = {}): {
  command: string
  args: string[]
  env: Record<string, string>
} {
  return {
    command: process.execPath,
    args: [...TS_NODE_ARGS, FIXTURE_STDIO_SCRIPT],
    env: { RK_FIXTURE: JSON.stringify(options) },
  }
}
