// `@resource-kit/client/node`: what only Node can do — start a server as a child process
// and speak MCP over its stdio. Kept out of the main entry so that stays browser-safe.
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio'

export { STDIO_DEFAULT_MAX_BUFFER_SIZE } from '@modelcontextprotocol/client'

import type { ServerSource } from './resourceClient.ts'

export type { FileAuthStorageOptions } from './auth/fileAuthStorage.ts'
export { defaultAuthFile, fileAuthStorage } from './auth/fileAuthStorage.ts'

export interface StdioServerOptions {
  /** The executable to run. */
  command: string
  args?: string[]
  /** Environment for the process (added to the SDK's safe default set, not to all of process.env). */
  env?: Record<string, string>
  cwd?: string
  /** What to do with the server's stderr. @default 'inherit' */
  stderr?: 'inherit' | 'ignore' | 'pipe'
  /**
   * Largest message accepted from the server, in bytes; a bigger one drops the connection
   * and fails the request with a MessageTooLargeError naming this limit.
   * @default STDIO_DEFAULT_MAX_BUFFER_SIZE (10 MiB, the SDK's)
   */
  maxBufferSize?: number
}

/** A ServerSource that starts `command` (again on every reconnect) and talks MCP over its stdio. */
export function stdioServer(options: StdioServerOptions): ServerSource {
  return {
    transport: () =>
      new StdioClientTransport({
        command: options.command,
        ...(options.args && { args: options.args }),
        ...(options.env && { env: options.env }),
        ...(options.cwd && { cwd: options.cwd }),
        stderr: options.stderr ?? 'inherit',
        ...(options.maxBufferSize !== undefined && { maxBufferSize: options.maxBufferSize }),
      }),
  }
}
