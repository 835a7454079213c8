// `@resource-kit/client/node`: what only Node can do — start a server as a child process
// and speak MCP over its stdio. Kept out of the main entry so that stays browser-safe.
import type { ChildProcess } from 'node:child_process'
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio'

export { STDIO_DEFAULT_MAX_BUFFER_SIZE } from '@modelcontextprotocol/client'

import type { ServerSource } from './resourceClient.ts'
import { createStdoutGuard } from './stdoutGuard.ts'

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
      new GuardedStdioTransport({
        command: options.command,
        ...(options.args && { args: options.args }),
        ...(options.env && { env: options.env }),
        ...(options.cwd && { cwd: options.cwd }),
        stderr: options.stderr ?? 'inherit',
        ...(options.maxBufferSize !== undefined && { maxBufferSize: options.maxBufferSize }),
        notMcp: {},
      }),
  }
}

type GuardedParams = ConstructorParameters<typeof StdioClientTransport>[0] & {
  /** Where a guard reports the server as not speaking MCP (shared with the SDK's probe sibling). */
  notMcp: { error?: Error }
}

/**
 * The SDK's stdio transport with a guard on what the server writes to stdout: lines that
 * are not MCP and no answer end the connection within seconds, with an error that says
 * so (the SDK skips them silently and waits out its 60 s timeout, twice with the version
 * probe). The SDK probes a stdio server's version on a sibling process it makes with this
 * class and the same params when the class owns `_dispose`: so the probe is guarded too,
 * and still runs apart from the session's process.
 */
class GuardedStdioTransport extends StdioClientTransport {
  readonly #params: GuardedParams

  constructor(params: GuardedParams) {
    super(params)
    this.#params = params
  }

  /** Why the server was judged not to speak MCP on stdout (here or in the probe). */
  get failure(): Error | undefined {
    return this.#params.notMcp.error
  }

  override async start(): Promise<void> {
    await super.start()
    // The child's stdout is the SDK's; listening to it too takes nothing from it.
    const stdout = (this as unknown as { _process?: ChildProcess })._process?.stdout
    if (!stdout) return
    const guard = createStdoutGuard({
      command: this.#params.command,
      onNotMcp: (error) => {
        this.#params.notMcp.error ??= error
        this.onerror?.(error)
        this.close().catch(() => {})
      },
    })
    stdout.on('data', (chunk: Buffer) => guard.data(chunk))
    stdout.once('close', () => guard.stop())
  }
}

// The SDK's reaper, owned by this prototype too, so the SDK still probes the server's
// version on a disposable sibling (it checks for an own `_dispose`; TypeScript sees it as
// the base class's private, hence defined here rather than as a method).
Object.defineProperty(GuardedStdioTransport.prototype, '_dispose', {
  value: function dispose(this: StdioClientTransport): Promise<void> {
    const own = (StdioClientTransport.prototype as unknown as { _dispose: () => Promise<void> })
      ._dispose
    return own.call(this)
  },
})
