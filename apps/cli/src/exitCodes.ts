// The exit codes of `resource-kit`, one per outcome an agent runtime may want to branch on.
// They are printed by `--help` and listed in the README; keep all three in step.

export const ExitCode = {
  /** The command did what was asked. */
  ok: 0,
  /** The server answered with an error, or something unexpected failed. */
  error: 1,
  /** The command line is wrong (unknown option, missing argument, bad config file). */
  usage: 2,
  /** The resource does not exist on the server. */
  notFound: 3,
  /** The server asked for input and none was given (not a TTY, no --input / --yes), or it was declined. */
  inputRequired: 4,
  /** The server could not be reached: the process did not start, the URL did not answer, the handshake failed, or it needs authorization. */
  connectionFailed: 5,
  /** A list walk was cut short by a server error or a cursor loop; what was fetched is still printed. */
  incomplete: 6,
  /** The server does not offer what was asked (resources, completions, subscriptions). */
  unsupported: 7,
  /** `--timeout` ran out. */
  timeout: 8,
  /** The contents (or one message from the server) were larger than allowed: `--max-bytes`, or the stdio message limit. */
  tooLarge: 9,
  /** Interrupted by Ctrl-C (SIGINT) or SIGTERM; `watch` ends this way normally and exits 0. */
  interrupted: 130,
} as const

export type ExitCodeValue = (typeof ExitCode)[keyof typeof ExitCode]

/** The table printed by `--help` and copied into the README. */
export const exitCodeHelp: readonly (readonly [number, string])[] = [
  [ExitCode.ok, 'success'],
  [ExitCode.error, 'the server answered with an error, or something unexpected failed'],
  [ExitCode.usage, 'usage error: unknown option, missing argument, bad config file'],
  [ExitCode.notFound, 'resource not found'],
  [ExitCode.inputRequired, 'input required but none given (no TTY, no --input/--yes), or declined'],
  [
    ExitCode.connectionFailed,
    'could not connect: spawn failed, URL unreachable, handshake or auth failed',
  ],
  [ExitCode.incomplete, 'list cut short by a server error or cursor loop (partial output printed)'],
  [
    ExitCode.unsupported,
    'the server does not support this (resources, completions, subscriptions)',
  ],
  [ExitCode.timeout, '--timeout ran out'],
  [ExitCode.tooLarge, 'too large: over --max-bytes, or a server message over the stdio limit'],
  [ExitCode.interrupted, 'interrupted (Ctrl-C); watch exits 0 on Ctrl-C'],
]
