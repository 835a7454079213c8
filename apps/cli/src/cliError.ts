// An error the CLI reports itself: its message is meant for a person as it is, and it
// carries the exit code to leave with.
import { ExitCode } from './exitCodes.ts'

export class CliError extends Error {
  readonly exitCode: number
  /** A short machine-readable kind for the --json error document (`usage`, `not_found`, …). */
  readonly kind: string
  /** Extra fields for the --json error document (server, uri, fields, …). */
  readonly details: Record<string, unknown>

  constructor(
    message: string,
    exitCode: number,
    kind: string,
    details: Record<string, unknown> = {},
    options?: { cause?: unknown },
  ) {
    super(message, options)
    this.name = 'CliError'
    this.exitCode = exitCode
    this.kind = kind
    this.details = details
  }
}

/** The command line is wrong: exit 2, and the message says what to write instead. */
export class UsageError extends CliError {
  constructor(message: string) {
    super(message, ExitCode.usage, 'usage')
    this.name = 'UsageError'
  }
}
